/** cancellation_notice: to the agency (in AGENCY_LANGUAGE), Reply-To the visitor: which call was cancelled, the invitation withdrawn (METHOD:CANCEL). */
import type { SiteConfig } from 'site-config';
import { invitation, withInvitation } from './invitation';
import { messageContext, type BookingComposeInput, type MessageContext } from './messageContext';
import type { OutgoingMail } from './outgoingMail';
import { CallTimeBlock, EmailFrame, Paragraph } from './parts';
import { renderParts } from './render';

export function CancellationNoticeEmail({
  context: { booking, language, t, time },
  site,
}: {
  context: MessageContext;
  site: SiteConfig;
}) {
  const who = { name: booking.full_name, companyName: booking.company_name };
  return (
    <EmailFrame
      language={language}
      site={site}
      preview={t('cancellationNotice.preview', { ...who, when: time.panamaShort })}
      heading={t('cancellationNotice.heading')}
      footer={t('footer.agency', { url: site.url })}
    >
      <Paragraph>{t('cancellationNotice.intro', who)}</Paragraph>
      <CallTimeBlock time={time} t={t} withVisitorZone={false} />
      <Paragraph>{t('cancellationNotice.contact', { email: booking.email, phone: booking.phone })}</Paragraph>
    </EmailFrame>
  );
}

export async function composeCancellationNotice(input: BookingComposeInput): Promise<OutgoingMail> {
  const { config } = input;
  const context = messageContext(input, 'agency');
  const { booking, t, time } = context;
  const calendar = withInvitation(() => invitation(booking, 'CANCEL', 'agency', config, t));
  const parts = await renderParts(<CancellationNoticeEmail context={context} site={config.site} />);
  return {
    to: context.agency,
    replyTo: context.visitor,
    subject: t('cancellationNotice.subject', {
      name: booking.full_name,
      companyName: booking.company_name,
      when: time.panamaShort,
    }),
    ...parts,
    ...calendar,
    messageId: context.messageId,
  };
}
