/**
 * startMailer(): the mailer's jobs this process runs (MAILER_JOBS, all three by default): the mail
 * sender and the calendar writer, each a loop claiming its kinds from the outbox, and the reader of
 * the agency's calendar (AGENCY_CALENDAR_FEED_URL or AGENCY_CALDAV_URL); with the configuration
 * checked, the queue's client, the SMTP transport, the wake-up channel and the health and metrics
 * server.
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
import { CLAIMING_JOBS, KINDS_OF_JOB, jobOfKind, type ClaimingJob } from './claimingJobs';
import { createMailLoop, type MailLoop, type MailLoopDependencies } from './mailLoop';
import { newClaimStatus, newMailerStatus, type MailerStatus } from './mailerStatus';
import { createMailQueue } from './queue/mailQueue';
import { openWakeChannel } from './queue/wakeChannel';
import { startHealthServer } from './server/healthServer';
import { createMailerMetrics, type MailerMetrics } from './server/metrics';
import { createSmtpTransport } from './smtp';

export interface RunningMailer {
  /** The health and metrics server: `${url}/health`, `${url}/metrics`. */
  url: string;
  /** The settings in force (the environment's, with the options on top). */
  config: MailerConfig;
  /** One claim-send round of each claiming job now (after the one under way); how many were sent. */
  drain(): Promise<number>;
  /** Ends the jobs (each finishes the message in hand and releases the rest of its batch), then the server. */
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

/** The claiming jobs this process runs: a loop each, with its own record in the status. */
function startClaimingJobs(
  config: MailerConfig,
  parts: Omit<MailLoopDependencies, 'status' | 'kinds' | 'woke' | 'calendarEvents'> & {
    status: MailerStatus;
    metrics: MailerMetrics;
    caldav: CaldavCalendar | null;
  },
): Map<ClaimingJob, MailLoop> {
  const { status, metrics, caldav, ...shared } = parts;
  const loops = new Map<ClaimingJob, MailLoop>();
  for (const job of CLAIMING_JOBS) {
    if (!config.jobs.includes(job)) continue;
    const record = newClaimStatus();
    if (job === 'mail-sender') status.mailSender = record;
    else status.calendarWriter = record;
    const loop = createMailLoop({
      ...shared,
      metrics,
      status: record,
      kinds: KINDS_OF_JOB[job],
      calendarEvents: job === 'calendar-writer' && caldav ? createCalendarEventWriter(caldav, config) : null,
      woke: (reason) => metrics.woke(job, reason),
    });
    loops.set(job, loop);
  }
  return loops;
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
  const calendarReader = config.jobs.includes('calendar-reader')
    ? startCalendarReader(config, caldav, log)
    : null;
  status.calendar = calendarReader?.health ?? null;
  const loops = startClaimingJobs(config, {
    config,
    queue,
    transport,
    metrics,
    status,
    log,
    caldav,
    calendarHealth: () => status.calendar,
  });
  const wakeChannel =
    config.wakeChannel && loops.size > 0
      ? openWakeChannel(config.supabaseUrl, config.supabaseServiceRoleKey, log, (state) => {
          status.wakeChannel = state;
        })
      : null;
  wakeChannel?.onQueued((dueAt, kind) => loops.get(jobOfKind(kind))?.wake(dueAt));
  for (const loop of loops.values()) loop.start();
  // The client-address warning is logged even where nothing scrapes /metrics.
  const clientAddressCheck = setInterval(
    () => void metrics.readClientAddresses(),
    CLIENT_ADDRESS_WARNING_INTERVAL_MS,
  );
  clientAddressCheck.unref();
  log.info(
    `running ${config.jobs.join(', ')} on ${config.supabaseUrl}, mail to ${config.smtpUrl.replace(/\/\/[^@/]*@/, '//***@')}; health at ${server.url}`,
  );
  return {
    url: server.url,
    config,
    drain: async () => {
      let sent = 0;
      for (const loop of loops.values()) sent += await loop.drain();
      return sent;
    },
    stop: async () => {
      clearInterval(clientAddressCheck);
      await Promise.all([
        ...[...loops.values()].map((loop) => loop.stop()),
        calendarReader?.stop(),
        wakeChannel?.close(),
      ]);
      transport.close();
      await server.close();
    },
  };
}
