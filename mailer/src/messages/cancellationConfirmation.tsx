/** cancellation_confirmation: to the visitor, in their language: which call was cancelled, a link to book another time, the invitation withdrawn (METHOD:CANCEL). */
import type { SiteConfig } from 'site-config';
import { invitation, withInvitation } from './invitation';
import { bookingLink } from './links';
import { messageContext, type BookingComposeInput, type MessageContext } from './messageContext';
import type { OutgoingMail } from './outgoingMail';
import { AgencyContacts, ButtonLink, CallTimeBlock, EmailFrame, Paragraph } from './parts';
import { renderParts } from './render';

export function CancellationConfirmationEmail({
  context: { booking, language, t, time },
  site,
  bookAgainUrl,
  withCalendar,
}: {
  context: MessageContext;
  site: SiteConfig;
  bookAgainUrl: string;
  /** The withdrawal is attached (else the note about it is left out). */
  withCalendar: boolean;
}) {
  return (
    <EmailFrame
      language={language}
      site={site}
      preview={t('cancellationConfirmation.preview', { when: time.panamaShort })}
      heading={t('cancellationConfirmation.heading')}
      footer={t('footer.visitor', { url: site.url })}
    >
      <Paragraph>{t('cancellationConfirmation.greeting', { name: booking.full_name })}</Paragraph>
      <Paragraph>
        {t('cancellationConfirmation.intro', { organizationName: site.organizationName })}
      </Paragraph>
      <CallTimeBlock time={time} t={t} withVisitorZone />
      {withCalendar ? <Paragraph>{t('cancellationConfirmation.calendarNote')}</Paragraph> : null}
      <Paragraph>{t('cancellationConfirmation.bookAgainText')}</Paragraph>
      <ButtonLink href={bookAgainUrl}>{t('cancellationConfirmation.bookAgainButton')}</ButtonLink>
      <AgencyContacts site={site} email={site.email} t={t} />
    </EmailFrame>
  );
}

export async function composeCancellationConfirmation(input: BookingComposeInput): Promise<OutgoingMail> {
  const { config } = input;
  const context = messageContext(input, 'visitor');
  const bookAgainUrl = bookingLink(config.site, context.language);
  const calendar = withInvitation(() => invitation(context.booking, 'CANCEL', 'visitor', config, context.t));
  const parts = await renderParts(
    <CancellationConfirmationEmail
      context={context}
      site={config.site}
      bookAgainUrl={bookAgainUrl}
      withCalendar={'icalEvent' in calendar}
    />,
  );
  return {
    to: context.visitor,
    replyTo: context.agency,
    subject: context.t('cancellationConfirmation.subject', {
      organizationName: config.site.organizationName,
    }),
    ...parts,
    ...calendar,
    messageId: context.messageId,
  };
}
