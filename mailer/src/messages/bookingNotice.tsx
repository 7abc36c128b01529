/**
 * booking_notice: to the agency (AGENCY_INBOX, in AGENCY_LANGUAGE), Reply-To the visitor: every
 * answer of the form, the time in Panama, the invitation; and, when the agency's calendar has gone
 * unread for AGENCY_CALENDAR_STALE_MINUTES, when it was last read (the time was not checked against it).
 */
import { Section, Text } from '@react-email/components';
import { BOOKING_FIELD_COLUMNS, type MailBooking } from 'supabase-schema';
import { calendarStaleness } from '../calendar/calendarHealth';
import { bookingInvitation, bookingMail } from './bookingMail';
import { panamaTimestamp } from './callTime';
import { BookingMessage } from './components/BookingMessage';
import { CallTimeBlock } from './components/CallTimeBlock';
import { Paragraph } from './components/Paragraph';
import { Subheading } from './components/Subheading';
import { messageContext, type BookingComposeInput, type MessageContext } from './messageContext';
import type { OutgoingMail } from './outgoingMail';
import { styles } from './styles';

/** Every field of the booking: the form's, in its order, then what the database added. */
const FIELDS = [...BOOKING_FIELD_COLUMNS, 'status', 'created_at', 'id'] as const satisfies ReadonlyArray<
  keyof MailBooking
>;

function answerOf(booking: MailBooking, field: (typeof FIELDS)[number], context: MessageContext): string {
  const value = booking[field];
  if (field === 'created_at') return panamaTimestamp(String(value), context.language);
  return value === null || value === undefined ? '' : String(value).trim();
}

/** The warning of a notice composed while the agency's calendar is stale, or null. */
export function calendarWarning(input: BookingComposeInput, context: MessageContext): string | null {
  if (!input.calendar) return null;
  const { stale, lastReadAt, unreadSince } = calendarStaleness(
    input.calendar,
    input.now,
    input.config.agencyCalendarStaleMinutes,
  );
  if (!stale) return null;
  const when = panamaTimestamp((lastReadAt ?? unreadSince).toISOString(), context.language);
  return context.t(lastReadAt ? 'bookingNotice.calendarLastRead' : 'bookingNotice.calendarNotRead', { when });
}

export function BookingNoticeEmail({
  context,
  calendarWarning,
}: {
  context: MessageContext;
  /** Said under the call's time when the agency's calendar could not be read for a while. */
  calendarWarning: string | null;
}) {
  const { booking, t, time } = context;
  return (
    <BookingMessage context={context}>
      <Subheading>{t('bookingNotice.whenHeading')}</Subheading>
      <CallTimeBlock time={time} t={t} withVisitorZone={false} />
      {calendarWarning ? <Paragraph>{calendarWarning}</Paragraph> : null}
      <Text style={styles.small}>{t('bookingNotice.visitorZone', { zone: booking.time_zone })}</Text>
      {time.visitor ? (
        <Text style={styles.small}>{t('bookingNotice.visitorTime', { when: time.visitor.when })}</Text>
      ) : null}
      <Text style={styles.small}>
        {t('bookingNotice.visitorLanguage', { language: t(`languageName.${booking.language}`) })}
      </Text>
      <Subheading>{t('bookingNotice.answersHeading')}</Subheading>
      <Section>
        {FIELDS.map((field) => {
          const answer = answerOf(booking, field, context);
          return (
            <Section key={field}>
              <Text style={styles.answerLabel}>{t(`bookingNotice.fields.${field}`)}</Text>
              <Text style={styles.answer}>{answer || t('bookingNotice.empty')}</Text>
            </Section>
          );
        })}
      </Section>
    </BookingMessage>
  );
}

export async function composeBookingNotice(input: BookingComposeInput): Promise<OutgoingMail> {
  const context = messageContext(input, 'agency', 'bookingNotice');
  const invitation = bookingInvitation(context, 'REQUEST', input.config);
  return bookingMail(
    context,
    <BookingNoticeEmail context={context} calendarWarning={calendarWarning(input, context)} />,
    invitation,
  );
}
