/** booking_reminder: to the visitor, about 24 hours before the call (or soon, for a call booked less than a day ahead): the time and the change and cancel links. */
import { bookingMail } from './bookingMail';
import { BookingMessage } from './components/BookingMessage';
import { CallLinks, type CallLinkUrls } from './components/CallLinks';
import { CallTimeBlock } from './components/CallTimeBlock';
import { Paragraph } from './components/Paragraph';
import { callLinks, messageContext, type BookingComposeInput, type MessageContext } from './messageContext';
import type { OutgoingMail } from './outgoingMail';

/** Less than this before the call, the reminder says "soon" rather than "in about 24 hours". */
const ABOUT_A_DAY_MS = 20 * 60 * 60 * 1000;

export function BookingReminderEmail({
  context,
  links,
  soon,
}: {
  context: MessageContext;
  links: CallLinkUrls;
  soon: string;
}) {
  const { t, time } = context;
  return (
    <BookingMessage context={context} values={{ soon }}>
      <CallTimeBlock time={time} t={t} withVisitorZone />
      <Paragraph>{t('bookingReminder.prepare')}</Paragraph>
      <CallLinks links={links} t={t}>
        {t('bookingReminder.cancelText')}
      </CallLinks>
    </BookingMessage>
  );
}

export async function composeBookingReminder(input: BookingComposeInput): Promise<OutgoingMail> {
  const { config, now } = input;
  const context = messageContext(input, 'visitor', 'bookingReminder');
  const { t, time } = context;
  const soon = t(
    time.start.getTime() - now.getTime() < ABOUT_A_DAY_MS ? 'bookingReminder.soon' : 'bookingReminder.inADay',
  );
  const links = callLinks(input.mail, config, context.language);
  // No invitation: the confirmation (or the last move's message) carried it.
  return bookingMail(context, <BookingReminderEmail context={context} links={links} soon={soon} />);
}
