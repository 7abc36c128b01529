import {
  codeOriginsOf,
  languagesOf,
  localeScriptsOf,
  remoteEntryUrlOf,
  retryUrlOf,
  scriptsOf,
  stylesheetsOf,
  type RemoteManifest,
} from './remoteManifest';

const MANIFEST_URL = 'https://cdn.example/marketing/releases/v1/mf-manifest.json';

const manifest: RemoteManifest = {
  metaData: {
    globalName: 'marketing',
    remoteEntry: { name: 'remoteEntry.js', path: '' },
    ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server' },
  } as RemoteManifest['metaData'],
  exposes: [
    {
      name: 'HomePage',
      assets: {
        css: { sync: ['static/css/home.css'], async: ['static/css/faq.css'] },
        js: {
          sync: ['static/js/home.js'],
          async: [
            'static/js/locale-en-json.1a2b.js',
            'static/js/locale-es-json.3c4d.js',
            'static/js/react.js',
          ],
        },
      },
    },
    {
      name: 'AboutPage',
      assets: {
        css: { sync: [], async: [] },
        js: { sync: ['static/js/about.js'], async: ['static/js/locale-en-json.1a2b.js'] },
      },
    },
  ],
};

test('a released version is retried under a fresh folder of the same version', () => {
  expect(
    retryUrlOf('https://cdn.example/marketing/releases/20261125-130501042-3f9a2b1c0d/mf-manifest.json', 2),
  ).toBe('https://cdn.example/marketing/releases/20261125-130501042-3f9a2b1c0d/retry-2/mf-manifest.json');
});

test('a manifest that is not a released version has no retry URL', () => {
  expect(retryUrlOf('http://localhost:3001/mf-manifest.json', 1)).toBeNull();
  expect(retryUrlOf('http://localhost:4001/candidate/remoteEntry.js', 1)).toBeNull();
});

test("a page's files are read from the manifest as absolute URLs beside it", () => {
  const folder = 'https://cdn.example/marketing/releases/v1/';
  expect(remoteEntryUrlOf(manifest, MANIFEST_URL)).toBe(`${folder}remoteEntry.js`);
  expect(stylesheetsOf(manifest, MANIFEST_URL).get('HomePage')).toEqual([
    `${folder}static/css/home.css`,
    `${folder}static/css/faq.css`,
  ]);
  // The container first, then the page's own chunks; not the fallbacks for shared libraries.
  expect(scriptsOf(manifest, MANIFEST_URL).get('AboutPage')).toEqual([
    `${folder}remoteEntry.js`,
    `${folder}static/js/about.js`,
  ]);
  // Each language's strings once, whichever pages share them.
  expect(localeScriptsOf(manifest, MANIFEST_URL)).toEqual({
    en: [`${folder}static/js/locale-en-json.1a2b.js`],
    es: [`${folder}static/js/locale-es-json.3c4d.js`],
  });
});

test('the code a manifest loads comes from its own origin and its containers', () => {
  expect(codeOriginsOf(manifest, MANIFEST_URL)).toEqual([
    'https://cdn.example',
    'https://cdn.example',
    'https://cdn.example',
  ]);
  const elsewhere = {
    ...manifest,
    metaData: { ...manifest.metaData, ssrRemoteEntry: { name: 'x.js', path: 'https://evil.example/s' } },
  };
  expect(codeOriginsOf(elsewhere, MANIFEST_URL)).toContain('https://evil.example');
});

test("a version's languages are those of the site its manifest names; one that names none has English and Spanish", () => {
  const manifest = (languages?: string[]): RemoteManifest => ({
    metaData: {
      globalName: 'marketing',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      ...(languages ? { languages } : {}),
    },
    exposes: [],
  });
  expect(languagesOf(manifest(['pt', 'en', 'fr']))).toEqual(['en', 'pt']);
  expect(languagesOf(manifest())).toEqual(['en', 'es']);
});
