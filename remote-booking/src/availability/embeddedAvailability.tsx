// The availability the server rendered with, embedded in the page for the browser to hydrate with
// the same data (see EmbeddedJson).
import type { DayAvailability } from 'supabase-schema';
import { EmbeddedJson, readEmbeddedJson } from '../embedded/EmbeddedJson';

const ELEMENT_ID = 'booking-availability';

/** What the server embedded, or null (a page rendered in the browser, or no answer in time). */
export const readEmbeddedAvailability = () => readEmbeddedJson<DayAvailability[]>(ELEMENT_ID);

export function EmbeddedAvailability({ days }: { days: DayAvailability[] | null }) {
  return <EmbeddedJson id={ELEMENT_ID} data={days} />;
}
