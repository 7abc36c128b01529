/**
 * What every message about a booking ends with: its invitation, built for its recipient, and the
 * e-mail itself: rendered, to its recipient with Reply-To the other side, its subject from its
 * section of the locale files, and its Message-ID.
 */
import type { ReactElement } from 'react';
import type { MailerConfig } from '../config';
import { invitation, withInvitation, type InvitationMethod, type InvitationPart } from './invitation';
import type { MessageContext } from './messageContext';
import type { OutgoingMail } from './outgoingMail';
import { renderParts } from './render';

/** The invitation (REQUEST) or its withdrawal (CANCEL) as the message's recipient sees it, or why there is none. */
export function bookingInvitation(
  context: MessageContext,
  method: InvitationMethod,
  config: MailerConfig,
): InvitationPart {
  return withInvitation(() => invitation(context.booking, method, context.audience, config, context.t));
}

/** `body`: the message's React element; `invitation`: what bookingInvitation gave, if it carries one. */
export async function bookingMail(
  context: MessageContext,
  body: ReactElement,
  invitation?: InvitationPart,
): Promise<OutgoingMail> {
  const { audience, visitor, agency, t, section, facts } = context;
  return {
    to: audience === 'visitor' ? visitor : agency,
    replyTo: audience === 'visitor' ? agency : visitor,
    subject: t(`${section}.subject`, facts),
    ...(await renderParts(body)),
    ...invitation,
    messageId: context.messageId,
  };
}
