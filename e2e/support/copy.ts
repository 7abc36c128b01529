import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPOSITORY_ROOT } from './site';
import type { Language } from './languages';

type Strings = Record<string, unknown>;

function load(packageDir: string, language: Language): Strings {
  const file = path.join(REPOSITORY_ROOT, packageDir, 'src', 'locales', `${language}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Strings;
}

/** A string from a package's own translation files, so tests follow each team's wording. */
export function copy(packageDir: string, language: Language, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Strings | undefined)?.[part], load(packageDir, language));
  if (typeof value !== 'string') throw new Error(`${packageDir} ${language} has no string ${key}`);
  return value;
}

/** "<page title> | <agency name>", whatever name the site is built with. */
export function titleOfPage(pageTitle: string): RegExp {
  return new RegExp(`^${pageTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| .+`);
}

/** Each route of the composed site, the package that owns it and the key of its main heading. */
export const ROUTES = [
  { path: '/', owner: 'remote-marketing', heading: 'home.title' },
  { path: '/services', owner: 'remote-marketing', heading: 'services.title' },
  { path: '/services/ai-agents', owner: 'remote-marketing', heading: 'serviceDetail.ai-agents.title' },
  { path: '/about', owner: 'remote-marketing', heading: 'about.title' },
  { path: '/privacy', owner: 'remote-marketing', heading: 'privacy.title' },
  { path: '/terms', owner: 'remote-marketing', heading: 'terms.title' },
  { path: '/booking', owner: 'remote-booking', heading: 'title' },
  { path: '/contact', owner: 'remote-contact', heading: 'title' },
] as const;

/** Each remote with the first page it serves, in the shell and alone in its harness. */
export const REMOTES = [
  { name: 'marketing', dir: 'remote-marketing', path: '/', heading: 'home.title' },
  { name: 'booking', dir: 'remote-booking', path: '/booking', heading: 'title' },
  { name: 'contact', dir: 'remote-contact', path: '/contact', heading: 'title' },
] as const;

/** Every key a package's translation file defines, as i18next shows one it cannot resolve. */
export function keyPaths(packageDir: string): string[] {
  const paths = (node: unknown, prefix: string): string[] =>
    node !== null && typeof node === 'object'
      ? Object.entries(node).flatMap(([key, child]) => paths(child, prefix ? `${prefix}.${key}` : key))
      : [prefix];
  return paths(load(packageDir, 'en'), '');
}
