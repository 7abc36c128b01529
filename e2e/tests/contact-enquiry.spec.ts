import { test, expect } from '../support/fixtures';
import {
  CONTACT_SURFACES,
  contactCopy,
  contactPageUrl,
  enquiryField,
  fillEnquiry,
  outbox,
  recordSendRequests,
  sendButton,
  sendEnquiryByKeyboard,
  type Enquiry,
  type Language,
} from '../support/contactForm';
import { chooseLanguage } from '../support/languages';

const ENQUIRIES: Record<Language, Enquiry> = {
  en: {
    name: 'Olivia Bennett',
    email: 'olivia@brightharbor.co',
    company: 'Bright Harbor Co.',
    phone: '+1 (305) 555-0142',
    service: 'Web',
    message: 'We need a new website before our launch in March.\nCan we talk next week?',
  },
  es: {
    name: 'José Ñúñez Córdoba',
    email: 'jose@panaderiaelcanal.pa',
    company: 'Panadería El Canal, S.A.',
    phone: '+507 6555-0123',
    service: 'Social',
    message: '¿Pueden ayudarnos a crecer en Instagram?\nGracias, ¡saludos!',
  },
};

const ENQUIRY_FIELDS = ['name', 'email', 'company', 'phone', 'service', 'message'] as const;

/** A message with <tag>…</tag> links and the agency's {{email}} and {{phone}}, as a visitor reads it. */
function asRead(message: string): string {
  const values: Record<string, string> = { email: 'hello@example.com', phone: '+507 6000-0000' };
  return message.replace(/<\/?\w+>/g, '').replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

for (const surface of CONTACT_SURFACES) {
  for (const language of ['en', 'es'] as const) {
    test.describe(`the contact form ${surface.description} (${language})`, () => {
      const enquiry = ENQUIRIES[language];
      const text = (key: string) => contactCopy(language, key);

      test.afterEach(async ({ site }) => {
        await site.startBackend();
      });

      test('a message typed by keyboard lands in the local outbox with every field as typed', async ({
        page,
        site,
        pageErrors,
      }) => {
        const before = (await outbox(site)).length;
        await page.goto(contactPageUrl(site, surface, language));
        await expect(page.getByRole('heading', { name: text('form.title') })).toBeVisible();

        await sendEnquiryByKeyboard(page, language, enquiry);

        await expect(page.getByRole('heading', { name: text('thankYou.title') })).toBeFocused();
        await expect(page.getByRole('status')).toContainText(text('thankYou.text'));
        const messages = await outbox(site);
        expect(messages).toHaveLength(before + 1);
        expect(messages.at(-1)).toEqual({ params: enquiry, origin: new URL(page.url()).origin });
        expect(pageErrors).toEqual([]);
      });

      test('with the backend down the banner shows and the form stays filled; once it is back the same form sends', async ({
        page,
        site,
        pageErrors,
      }) => {
        await page.goto(contactPageUrl(site, surface, language));
        await fillEnquiry(page, language, enquiry);
        await site.stopBackend();

        await sendButton(page, language).click();
        await expect(page.getByRole('alert')).toHaveText(text('sendError'));
        for (const field of ENQUIRY_FIELDS) {
          await expect(enquiryField(page, language, field)).toHaveValue(enquiry[field]);
        }
        await expect(sendButton(page, language)).toBeEnabled();
        await expect(sendButton(page, language)).toBeFocused();
        expect(pageErrors.join('\n')).toContain('(status 0)');

        await site.startBackend();
        await sendButton(page, language).click();
        await expect(page.getByRole('heading', { name: text('thankYou.title') })).toBeVisible();
        await expect(page.getByRole('alert')).toHaveCount(0);
        expect((await outbox(site)).map((message) => message.params)).toEqual([enquiry]);
      });

      test('"Send Another Message" gives an empty form', async ({ page, site }) => {
        await page.goto(contactPageUrl(site, surface, language));
        await fillEnquiry(page, language, enquiry);
        await sendButton(page, language).click();
        await page.getByRole('button', { name: text('thankYou.sendAnother') }).click();

        for (const field of ENQUIRY_FIELDS) {
          await expect(enquiryField(page, language, field)).toHaveValue('');
        }
        await expect(enquiryField(page, language, 'name')).toBeFocused();
        await expect(sendButton(page, language)).toBeEnabled();
      });

      test("missing required fields are reported in the page's language and nothing is sent", async ({
        page,
        site,
      }) => {
        const sendRequests = recordSendRequests(page);
        const before = (await outbox(site)).length;
        await page.goto(contactPageUrl(site, surface, language));
        const required = text('validation.required');

        await sendButton(page, language).click();
        await expect(enquiryField(page, language, 'name')).toBeFocused();
        for (const field of ['name', 'email', 'message'] as const) {
          await expect(enquiryField(page, language, field)).toHaveJSProperty('validationMessage', required);
        }

        await enquiryField(page, language, 'name').fill(enquiry.name);
        await enquiryField(page, language, 'email').fill('not-an-address');
        await sendButton(page, language).click();
        await expect(enquiryField(page, language, 'email')).toBeFocused();
        await expect(enquiryField(page, language, 'email')).toHaveJSProperty(
          'validationMessage',
          text('validation.email'),
        );
        await expect(enquiryField(page, language, 'message')).toHaveJSProperty('validationMessage', required);

        await expect(page.getByRole('heading', { name: text('form.title') })).toBeVisible();
        expect(sendRequests).toEqual([]);
        expect(await outbox(site)).toHaveLength(before);
      });
    });
  }
}

test('switching language rewords the validation messages and the error banner', async ({ page, site }) => {
  await page.route('**/api/v1.0/email/send', (route) => route.abort('connectionrefused'));
  await page.goto(site.url('shell', '/contact'));
  await sendButton(page, 'en').click();
  await expect(enquiryField(page, 'en', 'name')).toHaveJSProperty(
    'validationMessage',
    contactCopy('en', 'validation.required'),
  );

  await chooseLanguage(page, 'es');
  await expect(enquiryField(page, 'es', 'name')).toHaveJSProperty(
    'validationMessage',
    contactCopy('es', 'validation.required'),
  );

  await fillEnquiry(page, 'es', ENQUIRIES.es);
  await sendButton(page, 'es').click();
  await expect(page.getByRole('alert')).toHaveText(contactCopy('es', 'sendError'));
  await chooseLanguage(page, 'en');
  await expect(page.getByRole('alert')).toHaveText(contactCopy('en', 'sendError'));
  await expect(enquiryField(page, 'en', 'name')).toHaveValue(ENQUIRIES.es.name);
});

for (const [status, text] of [
  [400, 'The service ID is invalid'],
  [403, 'Forbidden'],
  [429, 'Too Many Requests'],
  [451, 'Unavailable For Headless Browser'],
  [500, 'Internal Server Error'],
] as const) {
  const banner = status === 429 ? 'sendLimited' : 'sendError';
  test(`an EmailJS answer ${status} shows the ${status === 429 ? 'wait' : 'same'} banner and logs its status`, async ({
    page,
    site,
    pageErrors,
  }) => {
    await page.route('**/api/v1.0/email/send', (route) =>
      route.fulfill({ status, body: text, headers: { 'Access-Control-Allow-Origin': '*' } }),
    );
    await page.goto(site.url('shell', '/contact?lang=es'));
    await fillEnquiry(page, 'es', ENQUIRIES.es);
    await sendButton(page, 'es').click();
    await expect(page.getByRole('alert')).toHaveText(asRead(contactCopy('es', banner)));
    await expect(enquiryField(page, 'es', 'message')).toHaveValue(ENQUIRIES.es.message);
    await expect(sendButton(page, 'es')).toBeEnabled();
    expect(pageErrors.join('\n')).toContain(`(status ${status}): ${text}`);
  });
}

for (const language of ['en', 'es'] as const) {
  test(`a second message from the same browser within a minute is held back before any request, with a wait banner (${language})`, async ({
    page,
    site,
  }) => {
    await site.startBackend();
    const sendRequests = recordSendRequests(page);
    const before = (await outbox(site)).length;
    await page.goto(site.url('shell', `/contact?lang=${language}`));
    await fillEnquiry(page, language, ENQUIRIES[language]);
    await sendButton(page, language).click();
    await page.getByRole('button', { name: contactCopy(language, 'thankYou.sendAnother') }).click();

    await fillEnquiry(page, language, ENQUIRIES[language]);
    await sendButton(page, language).click();
    const banner = page.getByRole('alert');
    await expect(banner).toHaveText(asRead(contactCopy(language, 'sendLimited')));
    await expect(banner.getByRole('link', { name: '+507 6000-0000' })).toHaveAttribute(
      'href',
      'tel:+50760000000',
    );
    for (const name of ENQUIRY_FIELDS)
      await expect(enquiryField(page, language, name)).toHaveValue(ENQUIRIES[language][name]);
    expect(sendRequests).toHaveLength(1);
    expect(await outbox(site)).toHaveLength(before + 1);
  });
}

test('a bot that fills the hidden honeypot field is thanked, and no e-mail is sent', async ({
  page,
  site,
}) => {
  await site.startBackend();
  const sendRequests = recordSendRequests(page);
  const before = (await outbox(site)).length;
  await page.goto(site.url('shell', '/contact'));
  await fillEnquiry(page, 'en', ENQUIRIES.en);
  const trap = page.locator('form [name="website"]');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await trap.fill('https://cheap-pills.example');
  await sendButton(page, 'en').click();
  await expect(page.getByRole('heading', { name: contactCopy('en', 'thankYou.title') })).toBeVisible();
  expect(sendRequests).toEqual([]);
  expect(await outbox(site)).toHaveLength(before);
});
