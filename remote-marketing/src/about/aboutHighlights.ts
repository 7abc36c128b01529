import type { IconName } from '../components/Icon';

/** The four Our Story features, in order; their copy is under about.story.features.<key>. */
export const STORY_FEATURES = [
  { key: 'founded', icon: 'pin' },
  { key: 'bilingual', icon: 'chat' },
  { key: 'oneTeam', icon: 'layers' },
  { key: 'region', icon: 'globe' },
] as const satisfies ReadonlyArray<{ key: string; icon: IconName }>;

/** docs/product.md §2: the six values, in order; their copy is under about.values.items.<key>. */
export const VALUES = [
  { key: 'resultsDriven', icon: 'target' },
  { key: 'clientPartnership', icon: 'people' },
  { key: 'continuousGrowth', icon: 'sprout' },
  { key: 'dataDriven', icon: 'chart' },
  { key: 'creativeExcellence', icon: 'sparkle' },
  { key: 'culturalAwareness', icon: 'globe' },
] as const satisfies ReadonlyArray<{ key: string; icon: IconName }>;
