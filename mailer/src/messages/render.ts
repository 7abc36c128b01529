/** A message's React element as the two parts of the e-mail: HTML and its plain-text twin. */
import { render } from '@react-email/components';
import type { ReactElement } from 'react';

export async function renderParts(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
