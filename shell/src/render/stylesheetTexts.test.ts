/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStylesheetTexts } from './stylesheetTexts';

/** A remote's static host: serves `files`, counts requests, and can be made slow or broken. */
function staticHost(files: Record<string, string>) {
  const requests: string[] = [];
  const behaviour = { delayMs: 0, failing: false };
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    setTimeout(() => {
      const body = files[request.url ?? ''];
      if (behaviour.failing || body === undefined) response.writeHead(404).end();
      else response.writeHead(200, { 'Content-Type': 'text/css' }).end(body);
    }, behaviour.delayMs);
  });
  return {
    requests,
    behaviour,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    url: (file: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${file}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const PAGE_CSS = '.contact-page{color:teal}';
const host = staticHost({ '/page.3f2a.css': PAGE_CSS, '/form.9c1e.css': '.form{margin:0}' });
const log = { error: jest.fn() };

beforeAll(() => host.start());
afterAll(() => host.stop());
beforeEach(() => {
  host.requests.length = 0;
  Object.assign(host.behaviour, { delayMs: 0, failing: false });
  log.error.mockClear();
});

const texts = () => createStylesheetTexts({ waitMs: 200, fetchTimeoutMs: 2000, log });

describe('reading the remotes’ stylesheets for the HTML', () => {
  test('reads each stylesheet once, however many renders ask for it at the same time', async () => {
    const readStylesheets = texts();
    const hrefs = [host.url('/page.3f2a.css'), host.url('/form.9c1e.css')];
    const renders = await Promise.all([readStylesheets(hrefs), readStylesheets(hrefs)]);
    const later = await readStylesheets(hrefs);
    for (const stylesheets of [...renders, later]) {
      expect(stylesheets).toEqual([
        { href: hrefs[0], text: PAGE_CSS },
        { href: hrefs[1], text: '.form{margin:0}' },
      ]);
    }
    expect(host.requests.sort()).toEqual(['/form.9c1e.css', '/page.3f2a.css']);
  });

  test('a stylesheet that cannot be read is left without text (to be linked) and read again later', async () => {
    const readStylesheets = texts();
    const href = host.url('/page.3f2a.css');
    host.behaviour.failing = true;
    expect(await readStylesheets([href])).toEqual([{ href, text: null }]);
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining(href), expect.any(Error));
    host.behaviour.failing = false;
    expect(await readStylesheets([href])).toEqual([{ href, text: PAGE_CSS }]);
  });

  test('a render does not wait for a slow stylesheet; a later one gets it once it has arrived', async () => {
    const readStylesheets = texts();
    const href = host.url('/page.3f2a.css');
    host.behaviour.delayMs = 600;
    const started = Date.now();
    expect(await readStylesheets([href])).toEqual([{ href, text: null }]);
    expect(Date.now() - started).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await readStylesheets([href])).toEqual([{ href, text: PAGE_CSS }]);
    expect(host.requests).toEqual(['/page.3f2a.css']);
  });
});
