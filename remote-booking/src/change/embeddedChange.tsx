// The link's state the server rendered with, embedded in the page for hydration (see EmbeddedJson).
import type { ChangeView } from 'supabase-schema';
import { EmbeddedJson, readEmbeddedJson } from '../embedded/EmbeddedJson';

const ELEMENT_ID = 'booking-change';

/** What the server embedded, or null (a page rendered in the browser, or no answer in time). */
export const readEmbeddedChange = () => readEmbeddedJson<ChangeView>(ELEMENT_ID);

export function EmbeddedChange({ view }: { view: ChangeView | null }) {
  return <EmbeddedJson id={ELEMENT_ID} data={view} />;
}
