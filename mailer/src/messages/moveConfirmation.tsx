/** move_confirmation: to the visitor, in their language: the call moved from when to when (Panama time and theirs), the invitation at the new time, new change and cancel links. */
import type { SiteConfig } from 'site-config';
import { describeCallTime, type CallTime } from './callTime';
import { invitation, withInvitation } from './invitation';
import {
  callLinks,
  messageContext,
  movedFrom,
  type BookingComposeInput,
  type MessageContext,
} from './messageContext';
import type { OutgoingMail } from './outgoingMail';
import { AgencyContacts, CallLinks, EmailFrame, MovedCallTimes, Paragraph, type CallLinkUrls } from './parts';
import { renderParts } from './render';

export function MoveConfirmationEmail({
  context: { booking, language, t, time },
  site,
  before,
  links,
  withCalendar,
}: {
  context: MessageContext;
  site: SiteConfig;
  /** The call's time before this move. */
  before: CallTime;
  links: CallLinkUrls;
  /** The updated invitation is attached (else the note about it is left out). */
  withCalendar: boolean;
}) {
  return (
    <EmailFrame
      language={language}
      site={site}
      preview={t('moveConfirmation.preview', { when: time.panamaShort })}
      heading={t('moveConfirmation.heading')}
      footer={t('footer.visitor', { url: site.url })}
    >
      <Paragraph>{t('moveConfirmation.greeting', { name: booking.full_name })}</Paragraph>
      <Paragraph>{t('moveConfirmation.intro', { organizationName: site.organizationName })}</Paragraph>
      <MovedCallTimes
        from={before}
        to={time}
        labels={{ from: t('moveConfirmation.from'), to: t('moveConfirmation.to') }}
        t={t}
        withVisitorZone
      />
      {withCalendar ? <Paragraph>{t('moveConfirmation.calendarNote')}</Paragraph> : null}
      <Paragraph>{t('moveConfirmation.linksText')}</Paragraph>
      <CallLinks links={links} t={t} />
      <AgencyContacts site={site} email={site.email} t={t} />
    </EmailFrame>
  );
}

export async function composeMoveConfirmation(input: BookingComposeInput): Promise<OutgoingMail> {
  const { config } = input;
  const context = messageContext(input, 'visitor');
  const before = describeCallTime(movedFrom(input.mail), context.language);
  const links = callLinks(input.mail, config, context.language);
  const calendar = withInvitation(() => invitation(context.booking, 'REQUEST', 'visitor', config, context.t));
  const parts = await renderParts(
    <MoveConfirmationEmail
      context={context}
      site={config.site}
      before={before}
      links={links}
      withCalendar={'icalEvent' in calendar}
    />,
  );
  return {
    to: context.visitor,
    replyTo: context.agency,
    subject: context.t('moveConfirmation.subject', { organizationName: config.site.organizationName }),
    ...parts,
    ...calendar,
    messageId: context.messageId,
  };
}
