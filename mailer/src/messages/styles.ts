/** The messages' inline styles (mail clients ignore style sheets): one sober look for every kind. */
import type { CSSProperties } from 'react';

const text: CSSProperties = { fontSize: '15px', lineHeight: '24px', color: '#1f2933', margin: '0 0 16px' };

export const styles = {
  body: {
    backgroundColor: '#f4f5f7',
    fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
    margin: 0,
    padding: '24px 0',
  },
  container: {
    backgroundColor: '#ffffff',
    borderRadius: '8px',
    maxWidth: '560px',
    margin: '0 auto',
    padding: '32px',
  },
  brand: { ...text, fontSize: '13px', fontWeight: 700, letterSpacing: '0.06em', color: '#52606d' },
  heading: { fontSize: '22px', lineHeight: '30px', color: '#102a43', margin: '0 0 20px' },
  subheading: { fontSize: '16px', lineHeight: '24px', color: '#102a43', margin: '24px 0 8px' },
  text,
  callTime: {
    ...text,
    backgroundColor: '#f0f4f8',
    borderRadius: '6px',
    padding: '12px 16px',
    fontWeight: 600,
  },
  secondaryTime: {
    fontSize: '14px',
    lineHeight: '22px',
    color: '#52606d',
    margin: '4px 0 0',
    fontWeight: 400,
  },
  list: { ...text, paddingLeft: '20px' },
  listItem: { margin: '0 0 6px' },
  button: {
    backgroundColor: '#102a43',
    borderRadius: '6px',
    color: '#ffffff',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  /** Beside the button: the same size, outlined, so the two choices read as a pair. */
  secondaryButton: {
    backgroundColor: '#ffffff',
    border: '1px solid #102a43',
    borderRadius: '6px',
    color: '#102a43',
    fontSize: '15px',
    fontWeight: 600,
    padding: '11px 19px',
    textDecoration: 'none',
  },
  link: { color: '#1d4ed8' },
  rule: { borderColor: '#e4e7eb', margin: '28px 0 20px' },
  small: { fontSize: '13px', lineHeight: '20px', color: '#52606d', margin: '0 0 6px' },
  answerLabel: {
    fontSize: '13px',
    lineHeight: '20px',
    color: '#52606d',
    margin: '12px 0 0',
    fontWeight: 600,
  },
  answer: { ...text, margin: '0', whiteSpace: 'pre-wrap' },
  code: {
    ...text,
    backgroundColor: '#f0f4f8',
    borderRadius: '6px',
    padding: '12px 16px',
    fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
    fontSize: '28px',
    lineHeight: '36px',
    fontWeight: 700,
    letterSpacing: '0.2em',
    textAlign: 'center',
  },
} satisfies Record<string, CSSProperties>;
