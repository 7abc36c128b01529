/** cancellation_notice: to the agency (in AGENCY_LANGUAGE), Reply-To the visitor: which call was cancelled, the invitation withdrawn (METHOD:CANCEL). */
import { bookingInvitation, bookingMail } from './bookingMail';
import { BookingMessage } from './components/BookingMessage';
import { CallTimeBlock } from './components/CallTimeBlock';
import { Paragraph } from './components/Paragraph';
import { messageContext, type BookingComposeInput, type MessageContext } from './messageContext';
import type { OutgoingMail } from './outgoingMail';

export function CancellationNoticeEmail({ context }: { context: MessageContext }) {
  const { booking, t, time } = context;
  return (
    <BookingMessage context={context}>
      <CallTimeBlock time={time} t={t} withVisitorZone={false} />
      <Paragraph>{t('cancellationNotice.contact', { email: booking.email, phone: booking.phone })}</Paragraph>
    </BookingMessage>
  );
}

export async function composeCancellationNotice(input: BookingComposeInput): Promise<OutgoingMail> {
  const context = messageContext(input, 'agency', 'cancellationNotice');
  const invitation = bookingInvitation(context, 'CANCEL', input.config);
  return bookingMail(context, <CancellationNoticeEmail context={context} />, invitation);
}
