/**
 * The one SMTP transport of a mailer, from SMTP_URL: a pool of one connection, kept open between
 * messages, each wait bounded by smtpTimeoutMs so no send outlasts its lease (see drainOnce); and
 * the nodemailer message a composed e-mail becomes.
 */
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { MailerConfig } from './config';
import type { OutgoingMail } from './messages/outgoingMail';

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

/** What nodemailer sends for a composed e-mail: From the configured sender, marked automatic (RFC 3834). */
export function smtpMessage(
  { to, replyTo, subject, html, text, icalEvent, messageId }: OutgoingMail,
  { mailFrom }: Pick<MailerConfig, 'mailFrom'>,
): SendMailOptions {
  return {
    from: mailFrom,
    to,
    replyTo,
    subject,
    html,
    text,
    ...(icalEvent ? { icalEvent } : {}),
    messageId,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
