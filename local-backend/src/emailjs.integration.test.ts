import emailjs, { EmailJSResponseStatus } from '@emailjs/browser';
import { DEFAULT_EMAILJS_ACCOUNT } from './config';
import { supabaseAs } from './testing/testBackend';
import { setUpTestBackend } from './testing/setUpTestBackend';

// @emailjs/browser is a browser SDK: it reads the page's path for its rate limiter. Node has no
// page, so give it the contact page's location; everything else (fetch, the request) is real.
Object.assign(globalThis, { location: new URL('http://localhost:3003/contact') });

const backend = setUpTestBackend({ forgetBookingsBeforeEach: false });
const { publicKey, serviceId, templateId } = DEFAULT_EMAILJS_ACCOUNT;

const enquiry = {
  name: 'Jorge Alvarado',
  email: 'jorge@ferreteriaelsol.com',
  company: 'Ferretería El Sol',
  phone: '+507 6555-0101',
  service: 'SEO',
  message: '¿Pueden ayudarnos a aparecer en Google Maps?\nGracias.',
};

beforeAll(async () => {
  // As the contact page does: the SDK's API origin is configuration, pointed at this backend.
  emailjs.init({ publicKey, origin: backend.url });
});

async function outbox() {
  const { data, error } = await supabaseAs(backend, 'service_role')
    .from('email_outbox')
    .select('*')
    .order('id');
  if (error) throw new Error(error.message);
  return data;
}

test('an enquiry sent with the real EmailJS SDK lands in the outbox with every template param', async () => {
  const result = await emailjs.send(serviceId, templateId, enquiry);
  expect(result).toMatchObject({ status: 200, text: 'OK' });
  const messages = await outbox();
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatchObject({
    service_id: serviceId,
    template_id: templateId,
    template_params: enquiry,
  });
});

test('a wrong service id, template id or public key is refused with a reason and nothing is stored', async () => {
  const before = (await outbox()).length;
  const attempts = [
    emailjs.send('service_other', templateId, enquiry),
    emailjs.send(serviceId, 'template_other', enquiry),
    emailjs.send(serviceId, templateId, enquiry, { publicKey: 'someone_elses_key' }),
  ];
  const failures = await Promise.all(
    attempts.map((attempt) =>
      attempt.then(
        () => null,
        (error: unknown) => error,
      ),
    ),
  );
  expect(failures.map((failure) => failure instanceof EmailJSResponseStatus && failure.status)).toEqual([
    400, 400, 400,
  ]);
  expect((failures as EmailJSResponseStatus[]).map((failure) => failure.text)).toEqual([
    'The service ID is invalid',
    'The template ID not found',
    'The Public Key is invalid',
  ]);
  expect(await outbox()).toHaveLength(before);
});

test('visitors cannot read the outbox', async () => {
  const { error, status } = await supabaseAs(backend, 'anon').from('email_outbox').select('*');
  expect(status).toBe(401);
  expect(error?.code).toBe('42501');
});
