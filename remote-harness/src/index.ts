export { renderIsolationHarness, type HarnessPage } from './IsolationHarness';
