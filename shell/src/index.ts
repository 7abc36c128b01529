// The async boundary: federation negotiates the shared singletons (React, the router, i18next)
// before any of them runs, so nothing shared is imported here.
void import('./bootstrap');
