/**
 * The layout of every message about a booking, as cal.com's templates build on a base: the frame
 * with the preview and heading of the message's section, its intro, its own body, and the footer
 * that says why its reader receives it. To the visitor it greets them by name first and ends with
 * the agency's contacts; to the agency it comes to the point.
 */
import type { ReactNode } from 'react';
import type { MessageContext } from '../messageContext';
import { AgencyContacts } from './AgencyContacts';
import { EmailFrame } from './EmailFrame';
import { Paragraph } from './Paragraph';

export function BookingMessage({
  context: { audience, section, language, t, site, facts },
  values,
  children,
}: {
  context: MessageContext;
  /** What this message's preview and intro name besides the facts (the reminder's "soon"). */
  values?: Record<string, string>;
  children: ReactNode;
}) {
  const named = { ...facts, ...values };
  const toVisitor = audience === 'visitor';
  return (
    <EmailFrame
      language={language}
      site={site}
      preview={t(`${section}.preview`, named)}
      heading={t(`${section}.heading`, named)}
      footer={t(`footer.${audience}`, { url: site.url })}
    >
      {toVisitor ? <Paragraph>{t(`${section}.greeting`, named)}</Paragraph> : null}
      <Paragraph>{t(`${section}.intro`, named)}</Paragraph>
      {children}
      {toVisitor ? <AgencyContacts site={site} t={t} /> : null}
    </EmailFrame>
  );
}
