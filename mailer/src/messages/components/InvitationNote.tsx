/**
 * The sentence about the attached invitation (or its withdrawal), said only when it is attached: a
 * message whose invitation `ics` refused goes without it, and must not promise it.
 */
import type { ReactNode } from 'react';
import { Paragraph } from './Paragraph';

export function InvitationNote({ attached, children }: { attached: boolean; children: ReactNode }) {
  return attached ? <Paragraph>{children}</Paragraph> : null;
}
