import type { ReactNode } from 'react';
import { DEFAULT_LANGUAGE, languageTag, useLanguage } from 'shared-i18n';
import { HttpStatusContext } from '../routes/httpStatus';
import { publicSettings } from 'site-config';
import { SSR_STATE_ELEMENT_ID, serializeJsonForScript, type SsrState } from './ssrState';
import { PUBLIC_SETTINGS_ELEMENT_ID } from './publicSettingsElement';

/**
 * The whole HTML document, rendered by the server and hydrated by the browser from the same
 * component. Pages add their own <title> and <meta>, which React hoists into <head>; stylesheets
 * and scripts are added by the server's render, so the browser need not know them.
 */
export function Document({
  state,
  head,
  children,
}: {
  state: SsrState;
  /**
   * What only the server writes into <head> (the page's stylesheets). The browser renders the slot
   * empty: React does not hydrate stylesheets, and nothing in <head> takes an id (useId).
   */
  head?: ReactNode;
  children: ReactNode;
}) {
  const language = useLanguage();
  return (
    <html lang={languageTag(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1020" />
        {/* The shell's build writes these files (build-tools/webpack/SiteIconsPlugin.mjs). */}
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link
          rel="manifest"
          href={`/site.webmanifest${language === DEFAULT_LANGUAGE ? '' : `?lang=${language}`}`}
        />
        {head}
      </head>
      <body>
        <div id="root">
          <HttpStatusContext.Provider value={state.httpStatus ?? null}>{children}</HttpStatusContext.Provider>
        </div>
        <script
          id={SSR_STATE_ELEMENT_ID}
          type="application/json"
          dangerouslySetInnerHTML={{ __html: serializeJsonForScript(state) }}
        />
        {/* The environment's settings, which the server was given and the browser reads first. */}
        <script
          id={PUBLIC_SETTINGS_ELEMENT_ID}
          type="application/json"
          dangerouslySetInnerHTML={{ __html: serializeJsonForScript(publicSettings()) }}
        />
      </body>
    </html>
  );
}
