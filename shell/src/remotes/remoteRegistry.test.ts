import { parseOverride, resolveRegistry } from './remoteRegistry';

const registry = {
  remotes: {
    marketing: 'https://marketing.example.com/mf-manifest.json',
    booking: 'https://booking.example.com/mf-manifest.json',
    contact: 'https://contact.example.com/mf-manifest.json',
  },
};
const candidate = 'marketing@http://localhost:4001/mf-manifest.json';

beforeEach(() => jest.spyOn(console, 'info').mockImplementation(() => undefined));

test('a QA override points exactly one remote at a candidate manifest', () => {
  const resolved = resolveRegistry(
    { ...registry, allowOverrides: true },
    { search: `?remoteOverride=${encodeURIComponent(candidate)}`, storedOverride: null },
  );
  expect(resolved.remotes).toEqual({
    ...registry.remotes,
    marketing: 'http://localhost:4001/mf-manifest.json',
  });
});

test('the override can also come from localStorage', () => {
  const resolved = resolveRegistry(
    { ...registry, allowOverrides: true },
    { search: '', storedOverride: candidate },
  );
  expect(resolved.remotes.marketing).toBe('http://localhost:4001/mf-manifest.json');
});

test('a registry that does not allow overrides ignores them, so a crafted link cannot load foreign code', () => {
  const resolved = resolveRegistry(registry, {
    search: `?remoteOverride=${encodeURIComponent(candidate)}`,
    storedOverride: candidate,
  });
  expect(resolved.remotes).toEqual(registry.remotes);
});

test('an override naming an unknown remote or a non-http URL is refused', () => {
  expect(parseOverride('payments@http://localhost:4001/mf-manifest.json')).toBeNull();
  expect(parseOverride('marketing@javascript:alert(1)')).toBeNull();
  expect(parseOverride('marketing')).toBeNull();
  expect(parseOverride('contact@https://qa.example.com/contact/mf-manifest.json')).toEqual({
    name: 'contact',
    manifestUrl: 'https://qa.example.com/contact/mf-manifest.json',
  });
});

test('a registry missing a remote is rejected rather than half used', () => {
  expect(() =>
    resolveRegistry(
      { remotes: { marketing: 'https://cdn.example/marketing/mf-manifest.json' } },
      { search: '', storedOverride: null },
    ),
  ).toThrow(/lacks a remote/);
});
