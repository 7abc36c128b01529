import type { ServiceId } from './serviceIds';

/** A numbered step of a process (docs/product.md §2; the number is its position). */
export interface ProcessStep {
  title: string;
  description: string;
}

/** The part of a service entry written once per language (docs/product.md §2). */
export interface ServiceText {
  title: string;
  subtitle: string;
  imageAlt: string;
  overview: { title: string; description: string };
  benefits: { title: string; items: string[] };
  process: { title: string; steps: ProcessStep[] };
}

/** A service's detail page content in the current language. */
export interface ServiceEntry extends ServiceText {
  id: ServiceId;
  /** URL of the illustration that ships with this package. */
  image: string;
}

/** docs/product.md §2: what every service page shows. */
export const BENEFITS_PER_SERVICE = 5;
export const PROCESS_STEPS_PER_SERVICE = 4;
