/**
 * Every service with a detail page (docs/product.md §2): the six first specified, plus the five the
 * site's own links point at (footer, home and services pages), so no link bounces back to /services.
 */
export const SERVICE_IDS = [
  'ai-agents',
  'ai-customer-support',
  'workflow-automation',
  'predictive-analytics',
  'ai-content-generation',
  'web-development',
  'seo',
  'ppc',
  'social-media',
  'content-marketing',
  'analytics',
] as const;

export type ServiceId = (typeof SERVICE_IDS)[number];

/** Old or short ids still linked from elsewhere (the shell's footer links /services/content). */
export const SERVICE_ID_ALIASES: ReadonlyMap<string, ServiceId> = new Map([['content', 'content-marketing']]);

export type ServiceIdResolution =
  { kind: 'known'; id: ServiceId } | { kind: 'alias'; id: ServiceId } | { kind: 'unknown' };

/** The detail page's path for a service. */
export function serviceRoute(id: ServiceId): string {
  return `/services/${id}`;
}

export function isServiceId(value: string | undefined): value is ServiceId {
  return SERVICE_IDS.includes(value as ServiceId);
}

/** What the detail page does with the id in the URL: show it, redirect to its real id, or give up. */
export function resolveServiceId(value: string | undefined): ServiceIdResolution {
  if (isServiceId(value)) return { kind: 'known', id: value };
  const alias = value === undefined ? undefined : SERVICE_ID_ALIASES.get(value);
  return alias ? { kind: 'alias', id: alias } : { kind: 'unknown' };
}
