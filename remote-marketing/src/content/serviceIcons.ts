import type { IconName } from '../components/Icon';
import type { ServiceId } from './serviceIds';

export const SERVICE_ICONS: Record<ServiceId, IconName> = {
  'ai-agents': 'bot',
  'ai-customer-support': 'chat',
  'workflow-automation': 'flow',
  'predictive-analytics': 'trend',
  'ai-content-generation': 'sparkle',
  'web-development': 'code',
  seo: 'search',
  ppc: 'target',
  'social-media': 'share',
  'content-marketing': 'document',
  analytics: 'chart',
};
