// The async boundary: federation negotiates the shared singletons (React, the router, i18next)
// before any of them runs, so nothing shared is imported statically here.
//
// The start runs in steps, each a task of its own, so that a tap at first paint waits for one
// short step at most (the page is on screen from the server's HTML long before it hydrates): the
// federation runtime's own evaluation, then each shared singleton (the runtime's negotiation for
// it and its module's own start), the shell's strings, and the app (bootstrap.tsx, which goes on in
// steps of its own). A singleton negotiated once is not negotiated again by the next import.
import { yieldToMain } from './mainThread';

const STEPS: (() => Promise<unknown>)[] = [
  () => import('react'),
  () => import('react-dom/client'),
  () => import('shared-router'),
  () => import('i18next'),
  () => import('shared-i18n'),
  () => import('site-config'),
  () => import('./i18n'),
  () => import('./bootstrap'),
];

async function startInSteps(): Promise<void> {
  for (const step of STEPS) {
    await yieldToMain();
    await step();
  }
}

void startInSteps();
