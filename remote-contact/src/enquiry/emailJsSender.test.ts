import { EmailJSResponseStatus } from '@emailjs/browser';
import { createEmailJsSender } from './emailJsSender';
import type { ContactEnquiry } from './contactEnquiry';

const enquiry: ContactEnquiry = {
  name: 'Jorge Alvarado',
  email: 'jorge@ferreteriaelsol.com',
  company: 'Ferretería El Sol',
  phone: '+507 6555-0101',
  service: '',
  message: '¿Pueden ayudarnos con Google Maps?',
};

function senderTo(origin: string) {
  return createEmailJsSender({
    publicKey: 'public_key_for_test',
    serviceId: 'service_test',
    templateId: 'template_test',
    origin,
    blockHeadless: false,
    throttleMs: 60_000,
  });
}

/** EmailJS's API as the test decides it answers; the SDK above it is the real one. */
function answerWith(status: number, text: string) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(text, { status }));
}

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

test("the SDK posts to the configured origin with the account's ids and exactly the six template params", async () => {
  const fetch = answerWith(200, 'OK');
  await senderTo('https://api.example.test')({ ...enquiry, service: 'SEO' });

  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0] ?? [];
  expect(url).toBe('https://api.example.test/api/v1.0/email/send');
  expect(init?.method).toBe('POST');
  expect(JSON.parse(String(init?.body))).toEqual({
    lib_version: expect.any(String),
    user_id: 'public_key_for_test',
    service_id: 'service_test',
    template_id: 'template_test',
    template_params: { ...enquiry, service: 'SEO' },
  });
});

test('an answer other than 2xx rejects with its status and text', async () => {
  answerWith(400, 'The service ID is invalid');
  const failure = await senderTo('https://api.example.test')(enquiry).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(EmailJSResponseStatus);
  expect(failure).toMatchObject({ status: 400, text: 'The service ID is invalid' });
});

test('an origin that does not answer rejects with a TypeError, as fetch does', async () => {
  // Node's fetch throws its own realm's TypeError, not the test window's: compare by name.
  await expect(senderTo('http://127.0.0.1:9')(enquiry)).rejects.toMatchObject({ name: 'TypeError' });
});

test('after a message leaves, the same browser gets 429 for the next minute and no request is made', async () => {
  const fetch = answerWith(200, 'OK');
  const send = senderTo('https://api.example.test');
  await send(enquiry);
  await expect(send(enquiry)).rejects.toMatchObject({ status: 429, text: 'Too Many Requests' });
  expect(fetch).toHaveBeenCalledTimes(1);

  jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_001);
  await send(enquiry);
  expect(fetch).toHaveBeenCalledTimes(2);
});

test('a message that did not go out does not hold up the retry', async () => {
  const fetch = jest
    .spyOn(globalThis, 'fetch')
    .mockResolvedValueOnce(new Response('Internal Server Error', { status: 500 }))
    .mockResolvedValueOnce(new Response('OK', { status: 200 }));
  const send = senderTo('https://api.example.test');
  await expect(send(enquiry)).rejects.toMatchObject({ status: 500 });
  await send(enquiry);
  expect(fetch).toHaveBeenCalledTimes(2);
});

test("EmailJS's own 429 keeps the wait, too", async () => {
  const fetch = answerWith(429, 'Too Many Requests');
  const send = senderTo('https://api.example.test');
  await expect(send(enquiry)).rejects.toMatchObject({ status: 429 });
  await expect(send(enquiry)).rejects.toMatchObject({ status: 429 });
  expect(fetch).toHaveBeenCalledTimes(1);
});
