import type { ReactNode } from 'react';
import { useLanguage } from 'shared-i18n';
import { SSR_STATE_ELEMENT_ID, serializeSsrState, type SsrState } from './ssrState';

/** The site's mark, inline so the icon costs no request. */
const ICON =
  'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 16 16%22%3E%3Cpath d=%22M8 0l8 8-8 8-8-8z%22 fill=%22%230d9488%22/%3E%3C/svg%3E';

/**
 * The whole HTML document, rendered by the server and hydrated by the browser from the same
 * component. Pages add their own <title> and <meta>, which React hoists into <head>; stylesheets
 * and scripts are added by the server's render (React's preinit), so the browser need not know them.
 */
export function Document({ state, children }: { state: SsrState; children: ReactNode }) {
  const language = useLanguage();
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1020" />
        <link rel="icon" href={ICON} />
      </head>
      <body>
        <div id="root">{children}</div>
        <script
          id={SSR_STATE_ELEMENT_ID}
          type="application/json"
          dangerouslySetInnerHTML={{ __html: serializeSsrState(state) }}
        />
      </body>
    </html>
  );
}
