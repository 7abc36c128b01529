import type { EmailJsAccount } from '../config';
import type { Database } from '../database/Database';

export interface EmailSendResult {
  status: number;
  text: string;
}

/** The body @emailjs/browser posts to /api/v1.0/email/send. */
interface EmailSendRequest {
  lib_version?: unknown;
  user_id?: unknown;
  service_id?: unknown;
  template_id?: unknown;
  template_params?: unknown;
}

/**
 * EmailJS's send endpoint, locally: the same checks of public key, service and template that
 * EmailJS makes (answered, like EmailJS, with a plain-text reason), then the message goes to
 * the outbox table instead of a mailbox.
 */
export async function handleEmailSend(
  database: Database,
  account: EmailJsAccount,
  rawBody: string,
  origin: string | undefined,
): Promise<EmailSendResult> {
  let body: EmailSendRequest;
  try {
    body = JSON.parse(rawBody) as EmailSendRequest;
  } catch {
    return { status: 400, text: 'The request body must be JSON' };
  }
  if (typeof body !== 'object' || body === null)
    return { status: 400, text: 'The request body must be a JSON object' };
  if (!body.user_id) return { status: 400, text: 'The Public Key is required' };
  if (body.user_id !== account.publicKey) return { status: 400, text: 'The Public Key is invalid' };
  if (!body.service_id) return { status: 400, text: 'The service ID is required' };
  if (body.service_id !== account.serviceId) return { status: 400, text: 'The service ID is invalid' };
  if (!body.template_id) return { status: 400, text: 'The template ID is required' };
  if (body.template_id !== account.templateId) return { status: 400, text: 'The template ID not found' };
  const params = body.template_params ?? {};
  if (typeof params !== 'object' || Array.isArray(params)) {
    return { status: 400, text: 'The template params must be an object' };
  }
  await database.query(
    `insert into public.email_outbox (service_id, template_id, template_params, lib_version, origin)
     values ($1, $2, $3::jsonb, $4, $5)`,
    [
      body.service_id,
      body.template_id,
      JSON.stringify(params),
      String(body.lib_version ?? ''),
      origin ?? null,
    ],
  );
  return { status: 200, text: 'OK' };
}
