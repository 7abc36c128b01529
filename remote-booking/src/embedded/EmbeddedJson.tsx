// What a server render hands to hydration: data carried in the page as JSON (not a script that
// runs, so the site's Content-Security-Policy is untouched), read back before the first render in
// the browser, so both render the same thing.

/** What the server embedded under `id`, or null (a page rendered in the browser, or nothing usable). */
export function readEmbeddedJson<Data>(id: string): Data | null {
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as Data | null;
  } catch {
    return null;
  }
}

/** JSON safe inside a <script> element: no "</script>" or "<!--" can close it early. */
const serialize = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

export function EmbeddedJson({ id, data }: { id: string; data: unknown }) {
  return (
    <script
      id={id}
      type="application/json"
      // Written once by the server and read before hydration; never changed afterwards.
      dangerouslySetInnerHTML={{ __html: serialize(data) }}
      suppressHydrationWarning
    />
  );
}
