// The link's state the server rendered with, embedded in the page for hydration (see EmbeddedJson).
import type { CancellationView } from 'supabase-schema';
import { EmbeddedJson, readEmbeddedJson } from '../embedded/EmbeddedJson';

const ELEMENT_ID = 'booking-cancellation';

/** What the server embedded, or null (a page rendered in the browser, or no answer in time). */
export const readEmbeddedCancellation = () => readEmbeddedJson<CancellationView>(ELEMENT_ID);

export function EmbeddedCancellation({ view }: { view: CancellationView | null }) {
  return <EmbeddedJson id={ELEMENT_ID} data={view} />;
}
