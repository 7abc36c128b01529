import { retryUrlOf } from './remoteManifest';

test('a released version is retried under a fresh folder of the same version', () => {
  expect(
    retryUrlOf('https://cdn.example/marketing/releases/20261125-130501042-3f9a2b1c0d/mf-manifest.json', 2),
  ).toBe('https://cdn.example/marketing/releases/20261125-130501042-3f9a2b1c0d/retry-2/mf-manifest.json');
});

test('a manifest that is not a released version has no retry URL', () => {
  expect(retryUrlOf('http://localhost:3001/mf-manifest.json', 1)).toBeNull();
  expect(retryUrlOf('http://localhost:4001/candidate/remoteEntry.js', 1)).toBeNull();
});
