/**
 * The mailer's HTTP endpoints on MAILER_HOST:MAILER_PORT: GET /health (200 while the queue answers
 * its claims, 503 once the last claim failed; with the agency calendar's reads, which never make it
 * 503: bookings go on without them) and GET /metrics (Prometheus text).
 */
import Fastify from 'fastify';
import { calendarStaleness } from '../calendar/calendarHealth';
import type { MailerConfig } from '../config';
import type { MailerStatus } from '../mailerStatus';
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

export function healthOf(status: MailerStatus, staleMinutes = 30, now = new Date()) {
  const state = status.lastClaimError ? 'queue_unreachable' : status.lastClaimAt ? 'ok' : 'starting';
  return {
    code: state === 'queue_unreachable' ? 503 : 200,
    body: {
      status: state,
      lastClaimAt: status.lastClaimAt?.toISOString() ?? null,
      lastClaimError: status.lastClaimError,
      lastSmtpError: status.lastSmtpError
        ? { message: status.lastSmtpError.message, at: status.lastSmtpError.at.toISOString() }
        : null,
      agencyCalendar: agencyCalendarOf(status, staleMinutes, now),
      idleSince: status.idleSince?.toISOString() ?? null,
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
