/** move_notice: to the agency (in AGENCY_LANGUAGE), Reply-To the visitor: who moved their call from when to when (Panama time), the invitation at the new time. */
import { bookingInvitation, bookingMail } from './bookingMail';
import { describeCallTime, type CallTime } from './callTime';
import { BookingMessage } from './components/BookingMessage';
import { MovedCallTimes } from './components/MovedCallTimes';
import { Paragraph } from './components/Paragraph';
import { messageContext, movedFrom, type BookingComposeInput, type MessageContext } from './messageContext';
import type { OutgoingMail } from './outgoingMail';

export function MoveNoticeEmail({ context, before }: { context: MessageContext; before: CallTime }) {
  const { booking, t, time } = context;
  return (
    <BookingMessage context={context}>
      <MovedCallTimes
        from={before}
        to={time}
        labels={{ from: t('moveNotice.from'), to: t('moveNotice.to') }}
        t={t}
        withVisitorZone={false}
      />
      <Paragraph>{t('moveNotice.contact', { email: booking.email, phone: booking.phone })}</Paragraph>
    </BookingMessage>
  );
}

export async function composeMoveNotice(input: BookingComposeInput): Promise<OutgoingMail> {
  const context = messageContext(input, 'agency', 'moveNotice');
  const before = describeCallTime(movedFrom(input.mail), context.language);
  const invitation = bookingInvitation(context, 'REQUEST', input.config);
  return bookingMail(context, <MoveNoticeEmail context={context} before={before} />, invitation);
}
