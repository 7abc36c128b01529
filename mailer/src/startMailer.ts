/**
 * startMailer(): the whole service in this process: the configuration checked, the queue's
 * client, the SMTP transport, the loop, the health and metrics server, and the agency's calendar
 * (AGENCY_CALENDAR_FEED_URL or AGENCY_CALDAV_URL): its reader and, for CalDAV, the writer of each
 * booking's event.
 */
import { createBusyTimesStore } from './calendar/busyTimesStore';
import { connectCaldav, type CaldavCalendar } from './calendar/caldavCalendar';
import { calendarStaleness } from './calendar/calendarHealth';
import { createCalendarEventWriter } from './calendar/calendarEventWriter';
import { createCalendarReader, type CalendarReader } from './calendar/calendarReader';
import { configuredSource } from './calendar/calendarSource';
import { resolveMailerConfig, type MailerConfig } from './config';
import { createLog, type Log } from './log';
import { CLIENT_ADDRESS_WARNING_INTERVAL_MS } from './server/clientAddressWatch';
import { createMailLoop } from './mailLoop';
import { newMailerStatus } from './mailerStatus';
import { createMailQueue } from './queue/mailQueue';
import { openWakeChannel } from './queue/wakeChannel';
import { startHealthServer } from './server/healthServer';
import { createMailerMetrics } from './server/metrics';
import { createSmtpTransport } from './smtp';

export interface RunningMailer {
  /** The health and metrics server: `${url}/health`, `${url}/metrics`. */
  url: string;
  /** The settings in force (the environment's, with the options on top). */
  config: MailerConfig;
  /** One claim-send round now (after the one under way, if any); how many messages were sent. */
  drain(): Promise<number>;
  /** Ends the loop (the message in hand is finished, the rest of its batch released), then the server. */
  stop(): Promise<void>;
}

/** The calendar reader, when the agency has a calendar to read. */
function startCalendarReader(
  config: MailerConfig,
  caldav: CaldavCalendar | null,
  log: Log,
): CalendarReader | null {
  const source = configuredSource(config, caldav);
  if (!source) return null;
  const reader = createCalendarReader({
    source,
    readEveryMs: config.agencyCalendarReadSeconds * 1000,
    staleMinutes: config.agencyCalendarStaleMinutes,
    store: createBusyTimesStore(config.supabaseUrl, config.supabaseServiceRoleKey),
    log,
  });
  reader.start();
  log.info(`reading the agency's calendar (${source.name}) every ${config.agencyCalendarReadSeconds} s`);
  return reader;
}

export async function startMailer(options: Partial<MailerConfig> = {}): Promise<RunningMailer> {
  const config = resolveMailerConfig(options);
  const log = createLog(config.logLevel);
  const queue = createMailQueue(config.supabaseUrl, config.supabaseServiceRoleKey);
  const transport = createSmtpTransport(config);
  const status = newMailerStatus();
  const metrics = createMailerMetrics(
    queue,
    log,
    () =>
      status.calendar
        ? calendarStaleness(status.calendar, new Date(), config.agencyCalendarStaleMinutes)
        : null,
    () => status.wakeChannel,
  );
  let server;
  try {
    server = await startHealthServer({ config, status, metrics });
  } catch (error) {
    transport.close();
    throw error;
  }
  const caldav = config.agencyCaldav ? connectCaldav(config.agencyCaldav) : null;
  const calendarReader = startCalendarReader(config, caldav, log);
  status.calendar = calendarReader?.health ?? null;
  const loop = createMailLoop({
    config,
    queue,
    transport,
    metrics,
    status,
    log,
    calendarEvents: caldav ? createCalendarEventWriter(caldav, config) : null,
    woke: (reason) => metrics.woke(reason),
  });
  const wakeChannel = config.wakeChannel
    ? openWakeChannel(config.supabaseUrl, config.supabaseServiceRoleKey, log, (state) => {
        status.wakeChannel = state;
      })
    : null;
  wakeChannel?.onQueued((dueAt) => loop.wake(dueAt));
  loop.start();
  // The client-address warning is logged even where nothing scrapes /metrics.
  const clientAddressCheck = setInterval(
    () => void metrics.readClientAddresses(),
    CLIENT_ADDRESS_WARNING_INTERVAL_MS,
  );
  clientAddressCheck.unref();
  log.info(
    `draining ${config.supabaseUrl} to ${config.smtpUrl.replace(/\/\/[^@/]*@/, '//***@')}; health at ${server.url}`,
  );
  return {
    url: server.url,
    config,
    drain: () => loop.drain(),
    stop: async () => {
      clearInterval(clientAddressCheck);
      await Promise.all([loop.stop(), calendarReader?.stop(), wakeChannel?.close()]);
      transport.close();
      await server.close();
    },
  };
}
