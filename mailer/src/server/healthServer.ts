/**
 * The mailer's HTTP endpoints on MAILER_HOST:MAILER_PORT: GET /health (its three jobs by name: 200
 * while the outbox answers the mail sender's and the calendar writer's claims, 503 once a last claim
 * failed; the calendar reader's reads never make it 503: bookings go on without them) and GET
 * /metrics (Prometheus text).
 */
import Fastify from 'fastify';
import { calendarStaleness } from '../calendar/calendarHealth';
import type { MailerConfig } from '../config';
import type { ClaimStatus, MailerStatus } from '../mailerStatus';
import type { MailerMetrics } from './metrics';

export interface HealthServer {
  url: string;
  close(): Promise<void>;
}

/** The agency calendar's reads as /health shows them: since when it is unread, and whether that is stale. */
function agencyCalendarOf(status: MailerStatus, staleMinutes: number, now: Date) {
  if (!status.calendar) return null;
  const { stale, lastReadAt, unreadSince } = calendarStaleness(status.calendar, now, staleMinutes);
  return {
    source: status.calendar.source,
    status: stale ? 'stale' : status.calendar.lastError ? 'failing' : lastReadAt ? 'ok' : 'starting',
    lastReadAt: lastReadAt?.toISOString() ?? null,
    unreadSince: lastReadAt && !status.calendar.lastError ? null : unreadSince.toISOString(),
    lastError: status.calendar.lastError,
  };
}

/** A claiming job's record as /health shows it; null: the job does not run in this process. */
function claimOf(job: ClaimStatus | null) {
  if (!job) return null;
  return {
    lastClaimAt: job.lastClaimAt?.toISOString() ?? null,
    lastClaimError: job.lastClaimError,
    lastSendError: job.lastSmtpError
      ? { message: job.lastSmtpError.message, at: job.lastSmtpError.at.toISOString() }
      : null,
    idleSince: job.idleSince?.toISOString() ?? null,
    nextRound: job.nextRound ? { at: job.nextRound.at.toISOString(), reason: job.nextRound.reason } : null,
  };
}

/**
 * The three jobs by name: 503 once a claiming job's last claim failed (the outbox cannot be read),
 * `starting` until each has claimed once.
 */
export function healthOf(status: MailerStatus, staleMinutes = 30, now = new Date()) {
  const claiming = [status.mailSender, status.calendarWriter].filter((job) => job !== null);
  const state = claiming.some((job) => job.lastClaimError)
    ? 'queue_unreachable'
    : claiming.every((job) => job.lastClaimAt)
      ? 'ok'
      : 'starting';
  return {
    code: state === 'queue_unreachable' ? 503 : 200,
    body: {
      status: state,
      jobs: {
        mailSender: claimOf(status.mailSender),
        calendarReader: agencyCalendarOf(status, staleMinutes, now),
        calendarWriter: claimOf(status.calendarWriter),
      },
      wakeChannel: status.wakeChannel,
    },
  };
}

export async function startHealthServer({
  config,
  status,
  metrics,
}: {
  config: Pick<MailerConfig, 'host' | 'port'> & Partial<Pick<MailerConfig, 'agencyCalendarStaleMinutes'>>;
  status: MailerStatus;
  metrics: MailerMetrics;
}): Promise<HealthServer> {
  const app = Fastify({ logger: false });
  app.get('/health', async (_request, reply) => {
    const { code, body } = healthOf(status, config.agencyCalendarStaleMinutes);
    return reply.code(code).header('Cache-Control', 'no-store').send(body);
  });
  app.get('/metrics', async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text()),
  );
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host);
  const host = local ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    close: async () => {
      app.server.closeAllConnections();
      await app.close();
    },
  };
}
