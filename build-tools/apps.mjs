import path from 'node:path';

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The apps of the composed site: federation name, package folder and the port each one is served
 * on locally. The shell reads remote URLs from its registry (remotes.json) at run time, never from
 * here; this list only tells local tooling (start, dev, e2e) where each app lives.
 */
export const APPS = [
  { name: 'shell', dir: 'shell', port: 3000 },
  { name: 'marketing', dir: 'remote-marketing', port: 3001 },
  { name: 'booking', dir: 'remote-booking', port: 3002 },
  { name: 'contact', dir: 'remote-contact', port: 3003 },
];

export const REMOTE_APPS = APPS.filter((app) => app.name !== 'shell');

/** The order to start them in locally: the remotes' hosts first, as the shell's server reads their manifests as it starts. */
export const APPS_IN_START_ORDER = [...REMOTE_APPS, ...APPS.filter((app) => app.name === 'shell')];

/**
 * The local backend (Supabase REST and EmailJS send): where a build sends bookings and enquiries
 * when SUPABASE_URL or EMAILJS_ORIGIN is unset (remote-booking and remote-contact src/config.ts).
 */
export const LOCAL_BACKEND_URL = 'http://localhost:54321';

/** An app's build in this checkout (its package's dist). @param {{ dir: string }} app */
export function appDist(app) {
  return path.join(REPOSITORY_ROOT, app.dir, 'dist');
}

/** @param {string} nameOrDir */
export function findApp(nameOrDir) {
  const app = APPS.find((candidate) => candidate.name === nameOrDir || candidate.dir === nameOrDir);
  if (!app) throw new Error(`Unknown app "${nameOrDir}". Known: ${APPS.map((a) => a.dir).join(', ')}`);
  return app;
}
