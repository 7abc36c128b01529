import { JSDOM } from 'jsdom';

/** A response of the shell's server as a crawler or a link previewer gets it: no script runs. */
export interface ServerHtml {
  status: number;
  headers: Headers;
  document: Document;
  /** The text of <main>'s first heading. */
  heading: string;
  title: string;
  description: string | null;
  lang: string;
}

/** The state the server sent beside its HTML (the shell's SsrState), or an empty object. */
export function serverState<State extends object>(html: ServerHtml): Partial<State> {
  return JSON.parse(html.document.getElementById('shell-ssr-state')?.textContent ?? '{}') as Partial<State>;
}

/** Fetches a URL without a browser (redirects not followed) and parses the HTML it answers. */
export async function fetchServerHtml(url: string, init: RequestInit = {}): Promise<ServerHtml> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const { document } = new JSDOM(await response.text()).window;
  return {
    status: response.status,
    headers: response.headers,
    document,
    heading: document.querySelector('main h1')?.textContent?.trim() ?? '',
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    lang: document.documentElement.lang,
  };
}
