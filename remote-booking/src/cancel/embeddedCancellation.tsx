// The link's state the server rendered with, carried in the page as JSON (not a script that runs,
// so the site's Content-Security-Policy is untouched) for the browser to hydrate with the same state.
import type { CancellationView } from 'supabase-schema';

const ELEMENT_ID = 'booking-cancellation';

/** What the server embedded, or null (a page rendered in the browser, or no answer in time). */
export function readEmbeddedCancellation(): CancellationView | null {
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as CancellationView | null;
  } catch {
    return null;
  }
}

/** JSON safe inside a <script> element: no "</script>" or "<!--" can close it early. */
const serialize = (view: CancellationView | null) => JSON.stringify(view).replace(/</g, '\\u003c');

export function EmbeddedCancellation({ view }: { view: CancellationView | null }) {
  return (
    <script
      id={ELEMENT_ID}
      type="application/json"
      // Written once by the server and read before hydration; never changed afterwards.
      dangerouslySetInnerHTML={{ __html: serialize(view) }}
      suppressHydrationWarning
    />
  );
}
