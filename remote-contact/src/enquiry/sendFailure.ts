/** What went wrong with a send, as the console reports it: EmailJS's status (0 without one) and text. */
export interface SendFailure {
  status: number;
  text: string;
}

/** EmailJS's "throttled" status: the SDK's limitRate in this browser, or EmailJS's own limits. */
export const TOO_MANY_REQUESTS = 429;

/**
 * The SDK rejects with an EmailJSResponseStatus (the server's status and text, or its own 451
 * headless, 403 blocked value and 429 throttled), fetch rejects with a TypeError when the network
 * fails, and the SDK throws a plain string for a missing key or id. All of them become one shape.
 */
export function describeSendFailure(error: unknown): SendFailure {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const text = 'text' in error ? String(error.text) : '';
    return { status: error.status, text };
  }
  if (error instanceof Error) return { status: 0, text: `${error.name}: ${error.message}` };
  return { status: 0, text: String(error) };
}
