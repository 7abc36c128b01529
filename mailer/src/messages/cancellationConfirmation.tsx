/** cancellation_confirmation: to the visitor, in their language: which call was cancelled, a link to book another time, the invitation withdrawn (METHOD:CANCEL). */
import { bookingInvitation, bookingMail } from './bookingMail';
import { BookingMessage } from './components/BookingMessage';
import { ButtonLink } from './components/ButtonLink';
import { CallTimeBlock } from './components/CallTimeBlock';
import { InvitationNote } from './components/InvitationNote';
import { Paragraph } from './components/Paragraph';
import { bookingLink } from './links';
import { messageContext, type BookingComposeInput, type MessageContext } from './messageContext';
import type { OutgoingMail } from './outgoingMail';

export function CancellationConfirmationEmail({
  context,
  bookAgainUrl,
  withCalendar,
}: {
  context: MessageContext;
  bookAgainUrl: string;
  /** The withdrawal is attached (else the note about it is left out). */
  withCalendar: boolean;
}) {
  const { t, time } = context;
  return (
    <BookingMessage context={context}>
      <CallTimeBlock time={time} t={t} withVisitorZone />
      <InvitationNote attached={withCalendar}>{t('cancellationConfirmation.calendarNote')}</InvitationNote>
      <Paragraph>{t('cancellationConfirmation.bookAgainText')}</Paragraph>
      <ButtonLink href={bookAgainUrl}>{t('cancellationConfirmation.bookAgainButton')}</ButtonLink>
    </BookingMessage>
  );
}

export async function composeCancellationConfirmation(input: BookingComposeInput): Promise<OutgoingMail> {
  const context = messageContext(input, 'visitor', 'cancellationConfirmation');
  const invitation = bookingInvitation(context, 'CANCEL', input.config);
  const bookAgainUrl = bookingLink(context.site, context.language);
  return bookingMail(
    context,
    <CancellationConfirmationEmail
      context={context}
      bookAgainUrl={bookAgainUrl}
      withCalendar={'icalEvent' in invitation}
    />,
    invitation,
  );
}
