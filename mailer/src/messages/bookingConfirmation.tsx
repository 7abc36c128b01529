/** booking_confirmation: to the visitor, in their language: the call's time (Panama and theirs), what the call is, the agency's contacts, the change and cancel links, the invitation. */
import type { SiteConfig } from 'site-config';
import { invitation, withInvitation } from './invitation';
import { callLinks, messageContext, type BookingComposeInput, type MessageContext } from './messageContext';
import type { OutgoingMail } from './outgoingMail';
import {
  AgencyContacts,
  CallLinks,
  CallTimeBlock,
  EmailFrame,
  Paragraph,
  Subheading,
  type CallLinkUrls,
} from './parts';
import { renderParts } from './render';
import { styles } from './styles';

const AGENDA = ['business', 'marketing', 'opportunities', 'nextSteps'] as const;

export function BookingConfirmationEmail({
  context: { booking, language, t, time },
  site,
  links,
  withCalendar,
}: {
  context: MessageContext;
  site: SiteConfig;
  links: CallLinkUrls;
  /** The invitation is attached (else the note about it is left out). */
  withCalendar: boolean;
}) {
  const minutes = booking.duration_minutes;
  return (
    <EmailFrame
      language={language}
      site={site}
      preview={t('bookingConfirmation.preview', {
        when: time.panamaShort,
        minutes,
        organizationName: site.organizationName,
      })}
      heading={t('bookingConfirmation.heading')}
      footer={t('footer.visitor', { url: site.url })}
    >
      <Paragraph>{t('bookingConfirmation.greeting', { name: booking.full_name })}</Paragraph>
      <Paragraph>{t('bookingConfirmation.intro', { organizationName: site.organizationName })}</Paragraph>
      <CallTimeBlock time={time} t={t} withVisitorZone />
      {withCalendar ? <Paragraph>{t('bookingConfirmation.calendarNote')}</Paragraph> : null}
      <Subheading>{t('bookingConfirmation.agendaHeading', { minutes })}</Subheading>
      <ul style={styles.list}>
        {AGENDA.map((item) => (
          <li key={item} style={styles.listItem}>
            {t(`bookingConfirmation.agenda.${item}`)}
          </li>
        ))}
      </ul>
      <Paragraph>{t('bookingConfirmation.howWeMeet', { phone: booking.phone })}</Paragraph>
      <Subheading>{t('bookingConfirmation.cancelHeading')}</Subheading>
      <Paragraph>{t('bookingConfirmation.cancelText')}</Paragraph>
      <CallLinks links={links} t={t} />
      <AgencyContacts site={site} email={site.email} t={t} />
    </EmailFrame>
  );
}

export async function composeBookingConfirmation(input: BookingComposeInput): Promise<OutgoingMail> {
  const { config } = input;
  const context = messageContext(input, 'visitor');
  const links = callLinks(input.mail, config, context.language);
  const calendar = withInvitation(() => invitation(context.booking, 'REQUEST', 'visitor', config, context.t));
  const parts = await renderParts(
    <BookingConfirmationEmail
      context={context}
      site={config.site}
      links={links}
      withCalendar={'icalEvent' in calendar}
    />,
  );
  return {
    to: context.visitor,
    replyTo: context.agency,
    subject: context.t('bookingConfirmation.subject', { organizationName: config.site.organizationName }),
    ...parts,
    ...calendar,
    messageId: context.messageId,
  };
}
