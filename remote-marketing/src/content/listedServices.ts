import type { ServiceId } from './serviceIds';

/**
 * The six services the home grid and the services page present, in order (docs/product.md §2: the
 * pages link to these detail routes).
 */
export const LISTED_SERVICE_IDS = [
  'seo',
  'ppc',
  'social-media',
  'content-marketing',
  'web-development',
  'ai-customer-support',
] as const satisfies readonly ServiceId[];

/** The part of a listing entry written once per language; its title is the service's own. */
export interface ListedServiceText {
  description: string;
  features: string[];
}

/** docs/product.md §2, a listed service: title, description, features, icon, image and route. */
export interface ListedService extends ListedServiceText {
  id: ServiceId;
  title: string;
  image: string;
  imageAlt: string;
  route: string;
}

/** docs/product.md §2: five features per service section. */
export const FEATURES_PER_LISTED_SERVICE = 5;
