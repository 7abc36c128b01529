/**
 * The one SMTP transport of a mailer, from SMTP_URL: a pool of one connection, kept open between
 * messages, each wait bounded by smtpTimeoutMs so no send outlasts its lease (see drainOnce).
 */
import nodemailer from 'nodemailer';
import type { MailerConfig } from './config';

export type SmtpTransport = ReturnType<typeof createSmtpTransport>;

export function createSmtpTransport({
  smtpUrl,
  smtpTimeoutMs,
}: Pick<MailerConfig, 'smtpUrl' | 'smtpTimeoutMs'>) {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 1,
    connectionTimeout: smtpTimeoutMs,
    greetingTimeout: smtpTimeoutMs,
    socketTimeout: smtpTimeoutMs,
    dnsTimeout: smtpTimeoutMs,
  });
}
