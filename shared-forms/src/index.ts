export { isFormControl, type FormControl } from './formControls';
export { HoneypotField } from './HoneypotField';
export { SubmitButton } from './SubmitButton';
export { useHydrated } from './useHydrated';
export { useValuesTypedBeforeHydration } from './useValuesTypedBeforeHydration';
