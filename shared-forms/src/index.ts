export { HoneypotField } from './HoneypotField';
export { useHydrated } from './useHydrated';
export { useValuesTypedBeforeHydration } from './useValuesTypedBeforeHydration';
