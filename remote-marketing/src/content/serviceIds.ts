/** SPEC §2: the service ids the detail page knows; any other id redirects to /services. */
export const SERVICE_IDS = [
  'ai-agents',
  'ai-customer-support',
  'workflow-automation',
  'predictive-analytics',
  'ai-content-generation',
  'web-development',
] as const;

export type ServiceId = (typeof SERVICE_IDS)[number];

export function isServiceId(value: string | undefined): value is ServiceId {
  return SERVICE_IDS.includes(value as ServiceId);
}
