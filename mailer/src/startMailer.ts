/**
 * startMailer(): the whole service in this process: the configuration checked, the queue's
 * client, the SMTP transport, the loop, the health and metrics server, and the agency calendar's
 * reader when AGENCY_CALENDAR_FEED_URL is set.
 */
import { createBusyTimesStore } from './calendar/busyTimesStore';
import { createCalendarReader, type CalendarReader } from './calendar/calendarReader';
import { resolveMailerConfig, type MailerConfig } from './config';
import { createLog, type Log } from './log';
import { CLIENT_ADDRESS_WARNING_INTERVAL_MS } from './server/clientAddressWatch';
import { createMailLoop } from './mailLoop';
import { newMailerStatus } from './mailerStatus';
import { createMailQueue } from './queue/mailQueue';
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

/** The calendar reader, when the agency has a feed to read. */
function startCalendarReader(config: MailerConfig, log: Log): CalendarReader | null {
  if (!config.agencyCalendarFeedUrl) return null;
  const reader = createCalendarReader({
    feedUrl: config.agencyCalendarFeedUrl,
    readEveryMs: config.agencyCalendarReadSeconds * 1000,
    store: createBusyTimesStore(config.supabaseUrl, config.supabaseServiceRoleKey),
    log,
  });
  reader.start();
  log.info(`reading the agency's calendar every ${config.agencyCalendarReadSeconds} s`);
  return reader;
}

export async function startMailer(options: Partial<MailerConfig> = {}): Promise<RunningMailer> {
  const config = resolveMailerConfig(options);
  const log = createLog(config.logLevel);
  const queue = createMailQueue(config.supabaseUrl, config.supabaseServiceRoleKey);
  const transport = createSmtpTransport(config);
  const metrics = createMailerMetrics(queue, log);
  const status = newMailerStatus();
  let server;
  try {
    server = await startHealthServer({ config, status, metrics });
  } catch (error) {
    transport.close();
    throw error;
  }
  const loop = createMailLoop({ config, queue, transport, metrics, status, log });
  loop.start();
  const calendarReader = startCalendarReader(config, log);
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
      await Promise.all([loop.stop(), calendarReader?.stop()]);
      transport.close();
      await server.close();
    },
  };
}
