/** booking_reminder: to the visitor, about 24 hours before the call (or soon, for a call booked less than a day ahead): the time and the change and cancel links. */
import type { SiteConfig } from 'site-config';
import { callLinks, messageContext, type BookingComposeInput, type MessageContext } from './messageContext';
import type { OutgoingMail } from './outgoingMail';
import { AgencyContacts, CallLinks, CallTimeBlock, EmailFrame, Paragraph, type CallLinkUrls } from './parts';
import { renderParts } from './render';

/** Less than this before the call, the reminder says "soon" rather than "in about 24 hours". */
const ABOUT_A_DAY_MS = 20 * 60 * 60 * 1000;

export function BookingReminderEmail({
  context: { booking, language, t, time },
  site,
  links,
  soon,
}: {
  context: MessageContext;
  site: SiteConfig;
  links: CallLinkUrls;
  soon: string;
}) {
  return (
    <EmailFrame
      language={language}
      site={site}
      preview={t('bookingReminder.preview', {
        organizationName: site.organizationName,
        soon,
        when: time.panamaShort,
      })}
      heading={t('bookingReminder.heading')}
      footer={t('footer.visitor', { url: site.url })}
    >
      <Paragraph>{t('bookingReminder.greeting', { name: booking.full_name })}</Paragraph>
      <Paragraph>
        {t('bookingReminder.intro', {
          minutes: booking.duration_minutes,
          organizationName: site.organizationName,
          soon,
        })}
      </Paragraph>
      <CallTimeBlock time={time} t={t} withVisitorZone />
      <Paragraph>{t('bookingReminder.prepare')}</Paragraph>
      <Paragraph>{t('bookingReminder.cancelText')}</Paragraph>
      <CallLinks links={links} t={t} />
      <AgencyContacts site={site} email={site.email} t={t} />
    </EmailFrame>
  );
}

export async function composeBookingReminder(input: BookingComposeInput): Promise<OutgoingMail> {
  const { config, now } = input;
  const context = messageContext(input, 'visitor');
  const { t, time } = context;
  const soon = t(
    time.start.getTime() - now.getTime() < ABOUT_A_DAY_MS ? 'bookingReminder.soon' : 'bookingReminder.inADay',
  );
  const links = callLinks(input.mail, config, context.language);
  const parts = await renderParts(
    <BookingReminderEmail context={context} site={config.site} links={links} soon={soon} />,
  );
  return {
    to: context.visitor,
    replyTo: context.agency,
    subject: t('bookingReminder.subject', { organizationName: config.site.organizationName }),
    ...parts,
    messageId: context.messageId,
  };
}
