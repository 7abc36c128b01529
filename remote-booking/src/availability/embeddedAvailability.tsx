// The availability the server rendered with, carried in the page as JSON (not a script that runs,
// so the site's Content-Security-Policy is untouched) for the browser to hydrate with the same data.
import type { DayAvailability } from 'supabase-schema';

const ELEMENT_ID = 'booking-availability';

/** What the server embedded, or null (a page rendered in the browser, or no answer in time). */
export function readEmbeddedAvailability(): DayAvailability[] | null {
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DayAvailability[] | null;
  } catch {
    return null;
  }
}

/** JSON safe inside a <script> element: no "</script>" or "<!--" can close it early. */
const serialize = (days: DayAvailability[] | null) => JSON.stringify(days).replace(/</g, '\\u003c');

export function EmbeddedAvailability({ days }: { days: DayAvailability[] | null }) {
  return (
    <script
      id={ELEMENT_ID}
      type="application/json"
      // Written once by the server and read before hydration; never changed afterwards.
      dangerouslySetInnerHTML={{ __html: serialize(days) }}
      suppressHydrationWarning
    />
  );
}
