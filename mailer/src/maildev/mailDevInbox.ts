/**
 * A small typed reader of MailDev's REST API (maildev 3: under /api) for the tests and the e2e
 * suite: the messages received, an attachment's text, deleting them all, and waiting for messages
 * by polling (never a fixed sleep).
 */

export interface MailDevAddress {
  address: string;
  name: string;
}

export interface MailDevAttachment {
  contentType: string;
  /** The name the sender gave ('' for one without, such as the calendar's text/calendar part). */
  filename: string;
  /** The name to read it by (mailDevInbox.attachment). */
  generatedFileName: string;
  size: number;
}

export interface MailDevMessage {
  id: string;
  /** When MailDev received it, ISO 8601. */
  time: string;
  subject: string;
  from: MailDevAddress[];
  to: MailDevAddress[];
  /** Lower-case names; MailDev leaves the address headers out (From, To, Reply-To: see source()). */
  headers: Record<string, string | string[] | undefined>;
  html?: string;
  text?: string;
  attachments?: MailDevAttachment[];
}

export interface WaitOptions {
  /** 10 s by default. */
  timeoutMs?: number;
  /** How often to ask: 50 ms by default. */
  intervalMs?: number;
}

export interface MailDevInbox {
  messages(): Promise<MailDevMessage[]>;
  /** The message as it arrived (RFC 5322 text): every header, Reply-To included. */
  source(message: MailDevMessage): Promise<string>;
  /** The text of one attachment, by its filename or generatedFileName. */
  attachment(message: MailDevMessage, name: string): Promise<string>;
  /** The message's calendar invitation (the .ics file nodemailer's icalEvent attaches), or null. */
  calendar(message: MailDevMessage): Promise<string | null>;
  deleteAll(): Promise<void>;
  /** Removes one message, e.g. a code the test has read. */
  delete(message: MailDevMessage): Promise<void>;
  /** Polls until `done(messages)` holds, and answers those messages; throws after the timeout. */
  waitFor(done: (messages: MailDevMessage[]) => boolean, options?: WaitOptions): Promise<MailDevMessage[]>;
  /** Polls until at least `count` messages are in (for `to`, when given), and answers them. */
  waitForCount(count: number, options?: WaitOptions & { to?: string }): Promise<MailDevMessage[]>;
}

/** `url`: MailDev's web address (startMailDev's url), e.g. http://localhost:1080. */
export function mailDevInbox(url: string): MailDevInbox {
  const api = `${url.replace(/\/$/, '')}/api`;

  async function request(pathname: string, init?: RequestInit): Promise<Response> {
    const response = await fetch(`${api}${pathname}`, init);
    if (!response.ok)
      throw new Error(`MailDev answered ${response.status} to ${init?.method ?? 'GET'} ${pathname}`);
    return response;
  }

  const inbox: MailDevInbox = {
    messages: async () => (await (await request('/email')).json()) as MailDevMessage[],
    source: async (message) => (await request(`/email/${encodeURIComponent(message.id)}/source`)).text(),
    attachment: async (message, name) => {
      const file = message.attachments?.find(
        (item) => item.filename === name || item.generatedFileName === name,
      );
      if (!file) throw new Error(`Message ${message.id} has no attachment ${name}`);
      const encoded = `${encodeURIComponent(message.id)}/attachment/${encodeURIComponent(file.generatedFileName)}`;
      return (await request(`/email/${encoded}`)).text();
    },
    calendar: async (message) => {
      const file = message.attachments?.find((item) => item.filename.endsWith('.ics'));
      return file ? inbox.attachment(message, file.generatedFileName) : null;
    },
    deleteAll: async () => {
      await request('/email/all', { method: 'DELETE' });
    },
    delete: async (message) => {
      await request(`/email/${encodeURIComponent(message.id)}`, { method: 'DELETE' });
    },
    waitFor: async (done, { timeoutMs = 10_000, intervalMs = 50 } = {}) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const messages = await inbox.messages();
        if (done(messages)) return messages;
        if (Date.now() > deadline)
          throw new Error(`MailDev: still waiting after ${timeoutMs} ms (${messages.length} messages in)`);
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
    waitForCount: async (count, { to, ...options } = {}) => {
      const addressedTo = (messages: MailDevMessage[]) =>
        to ? messages.filter((message) => message.to.some(({ address }) => address === to)) : messages;
      return addressedTo(await inbox.waitFor((messages) => addressedTo(messages).length >= count, options));
    },
  };
  return inbox;
}
