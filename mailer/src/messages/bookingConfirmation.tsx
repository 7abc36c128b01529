/** booking_confirmation: to the visitor, in their language: the call's time (Panama and theirs), what the call is, the agency's contacts, the change and cancel links, the invitation. */
import { bookingInvitation, bookingMail } from './bookingMail';
import { BookingMessage } from './components/BookingMessage';
import { CallLinks, type CallLinkUrls } from './components/CallLinks';
import { CallTimeBlock } from './components/CallTimeBlock';
import { InvitationNote } from './components/InvitationNote';
import { Paragraph } from './components/Paragraph';
import { Subheading } from './components/Subheading';
import { callLinks, messageContext, type BookingComposeInput, type MessageContext } from './messageContext';
import type { OutgoingMail } from './outgoingMail';
import { styles } from './styles';

const AGENDA = ['business', 'marketing', 'opportunities', 'nextSteps'] as const;

export function BookingConfirmationEmail({
  context,
  links,
  withCalendar,
}: {
  context: MessageContext;
  links: CallLinkUrls;
  /** The invitation is attached (else the note about it is left out). */
  withCalendar: boolean;
}) {
  const { booking, t, time } = context;
  return (
    <BookingMessage context={context}>
      <CallTimeBlock time={time} t={t} withVisitorZone />
      <InvitationNote attached={withCalendar}>{t('bookingConfirmation.calendarNote')}</InvitationNote>
      <Subheading>{t('bookingConfirmation.agendaHeading', { minutes: booking.duration_minutes })}</Subheading>
      <ul style={styles.list}>
        {AGENDA.map((item) => (
          <li key={item} style={styles.listItem}>
            {t(`bookingConfirmation.agenda.${item}`)}
          </li>
        ))}
      </ul>
      <Paragraph>{t('bookingConfirmation.howWeMeet', { phone: booking.phone })}</Paragraph>
      <Subheading>{t('bookingConfirmation.cancelHeading')}</Subheading>
      <CallLinks links={links} t={t}>
        {t('bookingConfirmation.cancelText')}
      </CallLinks>
    </BookingMessage>
  );
}

export async function composeBookingConfirmation(input: BookingComposeInput): Promise<OutgoingMail> {
  const context = messageContext(input, 'visitor', 'bookingConfirmation');
  const links = callLinks(input.mail, input.config, context.language);
  const invitation = bookingInvitation(context, 'REQUEST', input.config);
  return bookingMail(
    context,
    <BookingConfirmationEmail context={context} links={links} withCalendar={'icalEvent' in invitation} />,
    invitation,
  );
}
