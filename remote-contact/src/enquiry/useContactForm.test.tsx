import { act, renderHook } from '@testing-library/react';
import { EmailJSResponseStatus } from '@emailjs/browser';
import { EMPTY_ENQUIRY, type ContactEnquiry } from './contactEnquiry';
import type { EnquirySender } from './enquirySender';
import { useContactForm } from './useContactForm';

const enquiry: ContactEnquiry = {
  name: 'María Fernanda Ríos',
  email: 'maria@cafedelistmo.com',
  company: 'Café del Istmo',
  phone: '+507 6555-0199',
  service: 'Social',
  message: 'Queremos vender más en Instagram.',
};

/** A sender whose answer the test decides, after seeing the form in its submitting state. */
function controlledSender() {
  let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  const send = jest.fn<Promise<void>, [ContactEnquiry]>(
    () => new Promise((resolve, reject) => (settle = { resolve, reject })),
  );
  return { send, resolve: () => settle?.resolve(), reject: (error: unknown) => settle?.reject(error) };
}

function renderContactForm(send: EnquirySender) {
  const view = renderHook(() => useContactForm(send));
  act(() => {
    for (const [field, value] of Object.entries(enquiry)) {
      view.result.current.edit(field as keyof ContactEnquiry, value as never);
    }
  });
  return view;
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

test('a message that is sent passes through submitting to sent, with the fields emptied', async () => {
  const sender = controlledSender();
  const { result } = renderContactForm(sender.send);

  let submitted!: Promise<void>;
  act(() => {
    submitted = result.current.submit();
  });
  expect(result.current.status).toBe('submitting');
  expect(sender.send).toHaveBeenCalledWith(enquiry);

  await act(async () => {
    sender.resolve();
    await submitted;
  });
  expect(result.current.status).toBe('sent');
  expect(result.current.enquiry).toEqual(EMPTY_ENQUIRY);
  expect(consoleError).not.toHaveBeenCalled();
});

test('"Send Another Message" returns from sent to an empty idle form', async () => {
  const { result } = renderContactForm(() => Promise.resolve());
  await act(() => result.current.submit());
  act(() => result.current.startOver());
  expect(result.current.status).toBe('idle');
  expect(result.current.enquiry).toEqual(EMPTY_ENQUIRY);
});

test.each([
  ['a non-2xx answer', new EmailJSResponseStatus(400, 'The service ID is invalid'), 400, 'failed'],
  [
    'a headless browser refused',
    new EmailJSResponseStatus(451, 'Unavailable For Headless Browser'),
    451,
    'failed',
  ],
  ['a blocked value', new EmailJSResponseStatus(403, 'Forbidden'), 403, 'failed'],
  ['the throttle', new EmailJSResponseStatus(429, 'Too Many Requests'), 429, 'limited'],
  ['a network error (fetch rejects with a TypeError)', new TypeError('Failed to fetch'), 0, 'failed'],
  ['a missing key (the SDK throws a string)', 'The public key is required.', 0, 'failed'],
])('%s fails the send, keeps every field and logs its status', async (_case, error, status, failedAs) => {
  const sender = controlledSender();
  const { result } = renderContactForm(sender.send);

  await act(async () => {
    const submitted = result.current.submit();
    sender.reject(error);
    await submitted;
  });
  expect(result.current.status).toBe(failedAs);
  expect(result.current.enquiry).toEqual(enquiry);
  expect(consoleError).toHaveBeenCalledTimes(1);
  expect(consoleError.mock.calls[0]?.[0]).toContain(`(status ${status})`);
});

test('a failed message can be sent again, and the error is cleared while it goes', async () => {
  const sender = controlledSender();
  const { result } = renderContactForm(sender.send);
  await act(async () => {
    const submitted = result.current.submit();
    sender.reject(new TypeError('Failed to fetch'));
    await submitted;
  });
  expect(result.current.status).toBe('failed');

  let retried!: Promise<void>;
  act(() => {
    retried = result.current.submit();
  });
  expect(result.current.status).toBe('submitting');
  await act(async () => {
    sender.resolve();
    await retried;
  });
  expect(result.current.status).toBe('sent');
  expect(sender.send).toHaveBeenCalledTimes(2);
  expect(sender.send).toHaveBeenLastCalledWith(enquiry);
});

test('submitting again while a message is on its way does not send it twice', async () => {
  const sender = controlledSender();
  const { result } = renderContactForm(sender.send);
  await act(async () => {
    const first = result.current.submit();
    const second = result.current.submit();
    sender.resolve();
    await Promise.all([first, second]);
  });
  expect(sender.send).toHaveBeenCalledTimes(1);
  expect(result.current.status).toBe('sent');
});

test('a form whose honeypot a bot filled is answered "sent" and nothing is sent', async () => {
  const sender = controlledSender();
  const { result } = renderContactForm(sender.send);
  await act(() => result.current.submit('https://spam.example'));
  expect(result.current.status).toBe('sent');
  expect(sender.send).not.toHaveBeenCalled();
});
