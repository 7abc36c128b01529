import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadRemotePage, MANIFEST_TIMEOUT_MS } from './browserRemotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
jest.mock('./remoteRegistry', () => ({
  overrideRequested: () => false,
  fetchRegistry: () =>
    Promise.resolve({
      remotes: {
        marketing: 'https://cdn.example/releases/v1/mf-manifest.json',
        booking: 'https://booking.example/releases/v1/mf-manifest.json',
      },
    }),
}));
jest.mock('shared-i18n', () => ({
  translationsReady: () => Promise.resolve(),
  SUPPORTED_LANGUAGES: ['en', 'es', 'pt'],
  i18n: { language: 'en' },
  languageOf: () => 'en',
}));

const manifest = {
  metaData: {
    globalName: 'marketing',
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    languages: ['en', 'es', 'pt'],
  },
  exposes: [],
};
const loadRemoteMock = loadRemote as jest.Mock;
const registered = () =>
  (registerRemotes as jest.Mock).mock.calls.map(([[remote]]: [[{ entry: string }]]) => remote.entry);

beforeEach(() => {
  globalThis.fetch = jest.fn(() => Promise.resolve(new Response(JSON.stringify(manifest))));
});

test('a load that succeeds after a failure ends the retries: the next failure starts again from the first fresh folder', async () => {
  const page = { default: () => null };
  loadRemoteMock.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(page);
  await expect(loadRemotePage('marketing/HomePage')).rejects.toThrow('offline');
  await expect(loadRemotePage('marketing/HomePage')).resolves.toEqual({
    module: page,
    languages: ['en', 'es', 'pt'],
  });
  loadRemoteMock.mockRejectedValueOnce(new Error('offline again')).mockResolvedValueOnce(page);
  await expect(loadRemotePage('marketing/AboutPage')).rejects.toThrow('offline again');
  await expect(loadRemotePage('marketing/AboutPage')).resolves.toEqual({
    module: page,
    languages: ['en', 'es', 'pt'],
  });
  expect(registered()).toEqual([
    'https://cdn.example/releases/v1/remoteEntry.js',
    'https://cdn.example/releases/v1/retry-1/remoteEntry.js',
    'https://cdn.example/releases/v1/retry-1/remoteEntry.js',
  ]);
});

test('a remote host that never answers its manifest fails the page after the bound, so the document still hydrates', async () => {
  // The bound's own clock: AbortSignal.timeout, aborted here as it would be once the time is up.
  const clock = new AbortController();
  const timeout = jest.spyOn(AbortSignal, 'timeout').mockReturnValue(clock.signal);
  try {
    let asked: () => void = () => undefined;
    const manifestAsked = new Promise<void>((resolve) => (asked = resolve));
    globalThis.fetch = jest.fn((_url: string, init?: RequestInit) => {
      asked();
      return new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    }) as typeof fetch;
    const load = loadRemotePage('booking/BookingPage');
    await manifestAsked;
    expect(timeout).toHaveBeenCalledWith(MANIFEST_TIMEOUT_MS);
    clock.abort(new DOMException('The manifest took too long', 'TimeoutError'));
    await expect(load).rejects.toMatchObject({ name: 'TimeoutError' });
  } finally {
    timeout.mockRestore();
  }
});
