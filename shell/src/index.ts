import { preloadPath } from './remotes/pageLoads';

// The page of the URL starts loading now, alongside the shell's own start, not after it.
preloadPath(window.location.pathname);
// The async boundary lets federation negotiate the shared singletons before any of them runs.
void import('./bootstrap');
