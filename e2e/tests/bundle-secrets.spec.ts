import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { APPS } from 'build-tools/apps';
import { DEFAULT_EMAILJS_ACCOUNT, LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from 'local-backend';
import { findSecrets, scanFolders } from '../support/bundleSecrets';
import { REPOSITORY_ROOT } from '../support/site';

/** An unsigned JWT with the given claims: the scanner reads claims, never signatures. */
function jwt(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

test('no built file of the shell or of any remote holds a secret key', () => {
  const { scanned, findings } = scanFolders(APPS.map((app) => path.join(REPOSITORY_ROOT, app.dir, 'dist')));
  expect(scanned).toBeGreaterThan(20);
  expect(findings).toEqual([]);
});

test.describe('the bundle scanner', () => {
  let folder: string;
  test.beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'planted-secrets-'));
  });
  test.afterEach(() => rmSync(folder, { recursive: true, force: true }));

  test('reports every kind of secret planted in a built file', () => {
    const planted = [
      `createClient("http://localhost:54321", "${LOCAL_SERVICE_ROLE_KEY}")`,
      'const key = "sb_secret_9f8e7d6c5b4a";',
      `const token = "${jwt({ iss: 'supabase', role: 'service_role' })}";`,
      'emailjs.init({ publicKey: "pk", accessToken: "Xq2LmN8vR4tY7wZ1aB3c" });',
      'const name = process.env.EMAILJS_PRIVATE_KEY;',
      '"-----BEGIN RSA PRIVATE KEY-----\\nMIIE..."',
    ];
    writeFileSync(path.join(folder, 'main.js'), planted.join('\n'));
    writeFileSync(path.join(folder, 'main.js.map'), JSON.stringify({ sourcesContent: [planted[0]] }));

    const { findings } = scanFolders([folder]);

    expect(findings.map((finding) => `${path.basename(finding.file)}: ${finding.kind}`).sort()).toEqual([
      'main.js.map: Supabase secret key',
      'main.js: EmailJS private key variable',
      'main.js: Supabase secret key',
      'main.js: Supabase secret key',
      'main.js: access token literal',
      'main.js: private key (PEM)',
      'main.js: service_role JWT',
    ]);
  });

  test('lets the public keys through: Supabase anon and publishable, the EmailJS public key', () => {
    const published = [
      `createClient("https://abc.supabase.co", "${LOCAL_ANON_KEY}")`,
      `createClient("https://abc.supabase.co", "${jwt({ iss: 'supabase', role: 'anon' })}")`,
      `emailjs.init({ publicKey: "${DEFAULT_EMAILJS_ACCOUNT.publicKey}" })`,
      // supabase-js's own code and docs mention tokens and the service role without holding one.
      'this.accessToken = options.accessToken; // Never expose your `service_role` key in the browser.',
      "const CHANNEL_EVENTS = { access_token: 'access_token' };",
    ];
    expect(findSecrets(published.join('\n'))).toEqual([]);
  });
});
