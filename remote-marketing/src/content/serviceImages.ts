import aiAgents from '../assets/illustrations/ai-agents.svg';
import aiContentGeneration from '../assets/illustrations/ai-content-generation.svg';
import aiCustomerSupport from '../assets/illustrations/ai-customer-support.svg';
import analytics from '../assets/illustrations/analytics.svg';
import contentMarketing from '../assets/illustrations/content-marketing.svg';
import ppc from '../assets/illustrations/ppc.svg';
import predictiveAnalytics from '../assets/illustrations/predictive-analytics.svg';
import seo from '../assets/illustrations/seo.svg';
import socialMedia from '../assets/illustrations/social-media.svg';
import webDevelopment from '../assets/illustrations/web-development.svg';
import workflowAutomation from '../assets/illustrations/workflow-automation.svg';
import type { ServiceId } from './serviceIds';

export const SERVICE_IMAGES: Record<ServiceId, string> = {
  'ai-agents': aiAgents,
  'ai-customer-support': aiCustomerSupport,
  'workflow-automation': workflowAutomation,
  'predictive-analytics': predictiveAnalytics,
  'ai-content-generation': aiContentGeneration,
  'web-development': webDevelopment,
  seo,
  ppc,
  'social-media': socialMedia,
  'content-marketing': contentMarketing,
  analytics,
};
