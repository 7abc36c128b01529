import { preloadPath } from './remotes/pageLoads';

// The page of the URL starts loading now, alongside the shell's own start, not after it.
preloadPath(window.location.pathname);

/** Hands the main thread back to the browser (input, rendering) between two pieces of the start. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The async boundary lets federation negotiate the shared singletons before any of them runs.
// The heaviest ones run first, each in a task of its own: on a phone's CPU, React DOM, the router
// and i18next evaluated with the app in one go were one task of ~150 ms, all of it blocking input
// (what Total Blocking Time counts); apart, each stays near the 50 ms a task may take.
void yieldToBrowser()
  .then(() => import('react-dom/client'))
  .then(yieldToBrowser)
  .then(() => import('shared-router'))
  .then(yieldToBrowser)
  .then(() => import('shared-i18n'))
  .then(yieldToBrowser)
  .then(() => import('./bootstrap'));
