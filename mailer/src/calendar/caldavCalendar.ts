/**
 * The agency's CalDAV calendar (RFC 4791) as the reader and the writer reach it, with tsdav and
 * basic authentication (an app password at iCloud, Fastmail, Nextcloud): which collection it is,
 * found once (AGENCY_CALDAV_URL is the calendar's own address, or its server's, whose calendars
 * are then discovered), and the requests' headers and time limit. Failures are CaldavErrors that
 * name the step and the HTTP status, never the password.
 */
import { createAccount, getBasicAuthHeaders, propfind, type DAVCalendar } from 'tsdav';
import type { CaldavSettings } from '../config';

/** A calendar server answers within this, or the request is given up (and tried at the next turn). */
export const CALDAV_TIMEOUT_MS = 20_000;

export class CaldavError extends Error {
  constructor(message: string) {
    super(`CalDAV: ${message}`);
    this.name = 'CaldavError';
  }
}

export interface CaldavCalendar {
  /** The calendar collection's URL, with a trailing slash. */
  url(): Promise<string>;
  /** Authorization, for each request. */
  headers: Record<string, string>;
  /** A time limit of its own for each request. */
  fetchOptions(): RequestInit;
  /** After a failed request: look the calendar up again next time (it may have moved). */
  forget(): void;
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** Whether `url` is itself a calendar collection (PROPFIND of its resourcetype, depth 0). */
async function isCalendar(url: string, headers: Record<string, string>): Promise<boolean> {
  const [answer] = await propfind({
    url,
    props: { 'd:resourcetype': {} },
    depth: '0',
    headers,
    fetchOptions: { signal: AbortSignal.timeout(CALDAV_TIMEOUT_MS) },
  });
  if (!answer?.ok) throw new CaldavError(`the calendar's address answered HTTP ${answer?.status ?? '?'}`);
  const type = (answer.props as { resourcetype?: Record<string, unknown> } | undefined)?.resourcetype;
  return Boolean(type && 'calendar' in type);
}

/** The named calendar among those the server lists for the user, or the first that holds events. */
function chooseCalendar(calendars: DAVCalendar[], name: string | null): DAVCalendar {
  const withEvents = calendars.filter(
    (calendar) => !calendar.components || calendar.components.includes('VEVENT'),
  );
  const chosen = name
    ? withEvents.find((calendar) => String(calendar.displayName ?? '').trim() === name)
    : withEvents[0];
  if (!chosen)
    throw new CaldavError(
      name
        ? `no calendar named ${JSON.stringify(name)} (found: ${withEvents.map((calendar) => JSON.stringify(String(calendar.displayName ?? ''))).join(', ') || 'none'})`
        : 'the server lists no calendar with events for this user',
    );
  return chosen;
}

async function findCalendarUrl(settings: CaldavSettings, headers: Record<string, string>): Promise<string> {
  if (!settings.calendarName && (await isCalendar(settings.url, headers))) return withSlash(settings.url);
  const account = await createAccount({
    account: {
      serverUrl: settings.url,
      accountType: 'caldav',
      credentials: { username: settings.username, password: settings.password },
    },
    headers,
    loadCollections: true,
    fetchOptions: { signal: AbortSignal.timeout(CALDAV_TIMEOUT_MS) },
  }).catch((error: unknown) => {
    throw new CaldavError(`could not find the user's calendars: ${(error as Error).message}`);
  });
  return withSlash(chooseCalendar(account.calendars ?? [], settings.calendarName).url);
}

export function connectCaldav(settings: CaldavSettings): CaldavCalendar {
  const headers = getBasicAuthHeaders({ username: settings.username, password: settings.password }) as Record<
    string,
    string
  >;
  let found: Promise<string> | null = null;
  return {
    url() {
      found ??= findCalendarUrl(settings, headers).catch((error: unknown) => {
        found = null;
        if (error instanceof CaldavError) throw error;
        throw new CaldavError(`no answer: ${(error as Error).message}`);
      });
      return found;
    },
    headers,
    fetchOptions: () => ({ signal: AbortSignal.timeout(CALDAV_TIMEOUT_MS) }),
    forget() {
      found = null;
    },
  };
}
