/** move_notice: to the agency (in AGENCY_LANGUAGE), Reply-To the visitor: who moved their call from when to when (Panama time), the invitation at the new time. */
import type { SiteConfig } from 'site-config';
import { describeCallTime, type CallTime } from './callTime';
import { invitation, withInvitation } from './invitation';
import { messageContext, movedFrom, type BookingComposeInput, type MessageContext } from './messageContext';
import type { OutgoingMail } from './outgoingMail';
import { EmailFrame, MovedCallTimes, Paragraph } from './parts';
import { renderParts } from './render';

export function MoveNoticeEmail({
  context: { booking, language, t, time },
  site,
  before,
}: {
  context: MessageContext;
  site: SiteConfig;
  before: CallTime;
}) {
  const who = { name: booking.full_name, companyName: booking.company_name };
  return (
    <EmailFrame
      language={language}
      site={site}
      preview={t('moveNotice.preview', { ...who, when: time.panamaShort })}
      heading={t('moveNotice.heading')}
      footer={t('footer.agency', { url: site.url })}
    >
      <Paragraph>{t('moveNotice.intro', who)}</Paragraph>
      <MovedCallTimes
        from={before}
        to={time}
        labels={{ from: t('moveNotice.from'), to: t('moveNotice.to') }}
        t={t}
        withVisitorZone={false}
      />
      <Paragraph>{t('moveNotice.contact', { email: booking.email, phone: booking.phone })}</Paragraph>
    </EmailFrame>
  );
}

export async function composeMoveNotice(input: BookingComposeInput): Promise<OutgoingMail> {
  const { config } = input;
  const context = messageContext(input, 'agency');
  const { booking, t, time } = context;
  const before = describeCallTime(movedFrom(input.mail), context.language);
  const calendar = withInvitation(() => invitation(booking, 'REQUEST', 'agency', config, t));
  const parts = await renderParts(<MoveNoticeEmail context={context} site={config.site} before={before} />);
  return {
    to: context.agency,
    replyTo: context.visitor,
    subject: t('moveNotice.subject', {
      ...{ name: booking.full_name, companyName: booking.company_name },
      when: time.panamaShort,
    }),
    ...parts,
    ...calendar,
    messageId: context.messageId,
  };
}
