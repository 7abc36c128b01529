/**
 * A CalDAV calendar-query REPORT (RFC 4791 §7.8) through tsdav's davRequest, with the answer
 * checked here: tsdav reads an error status, an empty body or an HTML page as "no events", and a
 * reader that believed it would free every busy slot. Only a multistatus is an answer.
 */
import { DAVNamespace, davRequest, getDAVAttribute, type DAVResponse } from 'tsdav';
import { CaldavError, type CaldavCalendar } from './caldavCalendar';

/** One calendar object the query matched: where it is, and its iCalendar text when asked for. */
export interface CalendarObject {
  url: string;
  data: string | null;
}

/** The event filter of a query: a time range (iCalendar UTC stamps), or a UID. */
export type EventFilter = { from: Date; to: Date } | { uid: string };

/** 20270104T050000Z */
const utcStamp = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

function eventFilter(filter: EventFilter) {
  const match =
    'uid' in filter
      ? {
          'prop-filter': {
            _attributes: { name: 'UID' },
            'text-match': { _attributes: { collation: 'i;octet' }, _text: filter.uid },
          },
        }
      : { 'time-range': { _attributes: { start: utcStamp(filter.from), end: utcStamp(filter.to) } } };
  return {
    'comp-filter': {
      _attributes: { name: 'VCALENDAR' },
      'comp-filter': { _attributes: { name: 'VEVENT' }, ...match },
    },
  };
}

function isMultistatus(answer: DAVResponse): boolean {
  const raw = answer.raw as { multistatus?: unknown } | undefined;
  return typeof raw === 'object' && raw !== null && 'multistatus' in raw;
}

function calendarData(answer: DAVResponse): string | null {
  const data = (answer.props as { calendarData?: unknown } | undefined)?.calendarData;
  if (typeof data === 'string') return data;
  const cdata = (data as { _cdata?: unknown } | undefined)?._cdata;
  return typeof cdata === 'string' ? cdata : null;
}

/** The calendar's event objects matching `filter`; with their text when `withData`. */
export async function queryEvents(
  calendar: CaldavCalendar,
  filter: EventFilter,
  withData: boolean,
): Promise<CalendarObject[]> {
  const url = await calendar.url();
  let answers: DAVResponse[];
  try {
    answers = await davRequest({
      url,
      init: {
        method: 'REPORT',
        headers: { ...calendar.headers, depth: '1' },
        namespace: 'c',
        body: {
          'calendar-query': {
            _attributes: getDAVAttribute([DAVNamespace.CALDAV, DAVNamespace.DAV]),
            'd:prop': { 'd:getetag': {}, ...(withData ? { 'c:calendar-data': {} } : {}) },
            filter: eventFilter(filter),
          },
        },
      },
      fetchOptions: calendar.fetchOptions(),
    });
  } catch (error) {
    calendar.forget();
    throw new CaldavError(`no answer to the calendar query: ${(error as Error).message}`);
  }
  const [first] = answers;
  if (!first || !answers.every(isMultistatus)) {
    calendar.forget();
    throw new CaldavError(`the calendar query answered HTTP ${first?.status ?? '?'}, not a list of events`);
  }
  // An empty multistatus comes back as one answer without an href: no events.
  return answers
    .filter((answer) => answer.href)
    .map((answer) => {
      if (!answer.ok) throw new CaldavError(`the calendar query answered ${answer.status} for an event`);
      const data = withData ? calendarData(answer) : null;
      if (withData && data === null) throw new CaldavError('an event came without its calendar data');
      return { url: new URL(String(answer.href), url).href, data };
    });
}
