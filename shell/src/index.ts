import { nextTask } from './nextTask';
import { preloadPath } from './remotes/pageLoads';

/**
 * The shell's start, each step in a task of its own: on a phone one long task would hold back a
 * tap for its whole length, a few short ones let the browser answer between them.
 */
async function start(): Promise<void> {
  await nextTask();
  // The page of the URL starts loading now, alongside the shell's own start, not after it.
  preloadPath(window.location.pathname);
  await nextTask();
  // The async boundary lets federation negotiate the shared singletons before any of them runs.
  // The largest libraries are evaluated first, each apart, then the app's own modules.
  await import('react-dom/client');
  await nextTask();
  await import('shared-router');
  await nextTask();
  await import('shared-i18n');
  await nextTask();
  await import('./bootstrap');
}

void start();
