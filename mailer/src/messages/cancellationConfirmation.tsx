/** cancellation_confirmation: to the visitor, in their language: which call was cancelled, a link to book another time, the invitation withdrawn (METHOD:CANCEL). */
import type { SiteConfig } from 'site-config';
import { invitation } from './invitation';
import { bookingLink } from './links';
import { messageContext, type ComposeInput, type MessageContext } from './messageContext';
import type { OutgoingMail } from './outgoingMail';
import { AgencyContacts, ButtonLink, CallTimeBlock, EmailFrame, Paragraph } from './parts';
import { renderParts } from './render';

export function CancellationConfirmationEmail({
  context: { booking, language, t, time },
  site,
  bookAgainUrl,
}: {
  context: MessageContext;
  site: SiteConfig;
  bookAgainUrl: string;
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
      <Paragraph>{t('cancellationConfirmation.calendarNote')}</Paragraph>
      <Paragraph>{t('cancellationConfirmation.bookAgainText')}</Paragraph>
      <ButtonLink href={bookAgainUrl}>{t('cancellationConfirmation.bookAgainButton')}</ButtonLink>
      <AgencyContacts site={site} email={site.email} t={t} />
    </EmailFrame>
  );
}

export async function composeCancellationConfirmation(input: ComposeInput): Promise<OutgoingMail> {
  const { config } = input;
  const context = messageContext(input, 'visitor');
  const bookAgainUrl = bookingLink(config.site, context.language);
  const parts = await renderParts(
    <CancellationConfirmationEmail context={context} site={config.site} bookAgainUrl={bookAgainUrl} />,
  );
  return {
    to: context.visitor,
    replyTo: context.agency,
    subject: context.t('cancellationConfirmation.subject', {
      organizationName: config.site.organizationName,
    }),
    ...parts,
    icalEvent: invitation(context.booking, 'CANCEL', 'visitor', config, context.t),
    messageId: context.messageId,
  };
}
