/**
 * The writer of calendar_event rows (20270119090000_agency_calendar_events.sql): makes the agency
 * CalDAV calendar's event of a booking match the booking as claim_mail read it. While the booking
 * holds its slot the event is PUT (created, or replaced where it already is, found by its UID);
 * once the booking is cancelled it is DELETEd. Either is safe to repeat: at-least-once delivery
 * and rows of one booking taken in any order end at the booking's current state.
 */
import { createObject, deleteObject } from 'tsdav';
import type { MailBooking } from 'supabase-schema';
import type { MailerConfig } from '../config';
import { bookingEvent, bookingEventSequence, eventText, invitationUid } from '../messages/bookingEvent';
import { oneLine } from '../messages/plainText';
import { translatorFor, type Translate } from '../messages/translate';
import { CaldavError, type CaldavCalendar } from './caldavCalendar';
import { queryEvents } from './caldavQuery';

type EventSettings = Pick<MailerConfig, 'site' | 'agencyInbox' | 'agencyLanguage'>;

export interface CalendarEventWriter {
  /** What it did: the event written, or removed (or already absent). Throws a CaldavError. */
  sync(booking: MailBooking): Promise<'written' | 'removed'>;
}

/**
 * The booking's event as the agency's calendar keeps it, in the agency's language and titled with
 * the visitor's name. No METHOD (RFC 4791 §4.1: a calendar's objects carry none), and no organizer
 * or attendee: a server that schedules (iCloud, Nextcloud, Fastmail) would mail the visitor an
 * invitation of its own beside the mailer's.
 */
export function agencyCalendarEvent(booking: MailBooking, config: EventSettings, t: Translate): string {
  const event = bookingEvent(booking, 'agency', config, t);
  delete event.organizer;
  delete event.attendees;
  return eventText({
    ...event,
    method: '',
    title: oneLine(
      t('calendar.agencyTitle', { fullName: booking.full_name, companyName: booking.company_name }),
    ),
    sequence: bookingEventSequence(booking),
    status: 'CONFIRMED',
  });
}

/** Where a booking's event goes when the calendar does not hold it yet. */
function newEventUrl(calendarUrl: string, booking: MailBooking): string {
  return new URL(`booking-${encodeURIComponent(booking.id)}.ics`, calendarUrl).href;
}

async function checked(what: string, request: Promise<Response>, alsoFine: number[] = []): Promise<void> {
  const response = await request.catch((error: unknown) => {
    throw new CaldavError(`no answer to ${what}: ${(error as Error).message}`);
  });
  if (!response.ok && !alsoFine.includes(response.status))
    throw new CaldavError(`${what} answered HTTP ${response.status}`);
}

export function createCalendarEventWriter(
  calendar: CaldavCalendar,
  config: EventSettings,
): CalendarEventWriter {
  const t = translatorFor(config.agencyLanguage);
  const options = () => ({ headers: calendar.headers, fetchOptions: calendar.fetchOptions() });
  return {
    async sync(booking) {
      const uid = invitationUid(booking, config.site);
      // Found by UID: the agency may have accepted the mailed invitation into this calendar first.
      const existing = await queryEvents(calendar, { uid }, false);
      if (booking.status === 'cancelled') {
        for (const { url } of existing)
          await checked('removing the event', deleteObject({ url, ...options() }), [404, 410]);
        return 'removed';
      }
      const url = existing[0]?.url ?? newEventUrl(await calendar.url(), booking);
      const data = agencyCalendarEvent(booking, config, t);
      await checked(
        'writing the event',
        createObject({
          url,
          data,
          ...options(),
          headers: { ...calendar.headers, 'content-type': 'text/calendar; charset=utf-8' },
        }),
      );
      return 'written';
    },
  };
}
