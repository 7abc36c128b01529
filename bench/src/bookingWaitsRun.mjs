/**
 * The booking's waits as a visitor lives them, on the site `npm start` serves (the local backend,
 * the mailer and MailDev): the form filled as a person would, five seconds left before pressing
 * send, then send pressed → the code mail in MailDev, code typed → the success box, and code typed →
 * the confirmation in MailDev. MailDev is read every 50 ms. On the desktop and on the bench's phone
 * (CPU four times slower, slow 4G). Each round books as a new visitor, so no limit is met.
 */
import { launchChromium } from './launchChromium.mjs';
import { openThrottledPhone } from './phoneEmulation.mjs';

const MAILDEV_POLL_MS = 50;
const TEXT = {
  fullName: 'María Fernanda Castillo',
  phone: '+507 6123-4567',
  companyName: 'Café Boquete S.A.',
  website: 'https://cafeboquete.com.pa',
  industry: 'Food & Beverage',
  currentMarketing: 'Instagram twice a week, no paid ads.',
  goals: 'Sell more coffee online.',
  additionalInfo: '',
};
const CHOICES = { companySize: '11-50', budget: '1000-2500' };

/** @param {string} mailDev @param {(message: any) => boolean} wanted @param {number} since */
async function arrival(mailDev, wanted, since) {
  for (;;) {
    const messages = /** @type {any[]} */ (await (await fetch(`${mailDev}/api/email`)).json());
    const found = messages.find(wanted);
    if (found) return { at: Date.now() - since, message: found };
    if (Date.now() - since > 120_000) throw new Error('no mail within two minutes');
    await new Promise((resolve) => setTimeout(resolve, MAILDEV_POLL_MS));
  }
}

/** The first offered day whose first free time can be chosen; answers nothing, leaves both chosen. */
async function chooseSlot(/** @type {import('playwright-core').Page} */ page) {
  await page.locator('form [name="preferredDate"]').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('grid').waitFor();
  for (let month = 0; month < 4; month += 1) {
    const days = dialog.locator('.rdp-day:not(.rdp-outside) button:not([disabled])');
    if ((await days.count()) > 0) {
      await days.first().click();
      await dialog.waitFor({ state: 'hidden' });
      const time = page.locator('form [name="preferredTime"] option:not([disabled]):not([value=""])').first();
      await page.locator('form [name="preferredTime"]').selectOption(await time.getAttribute('value'));
      return;
    }
    await dialog.locator('.rdp-button_next').click();
  }
  throw new Error('no day offered');
}

/**
 * One booking on `page`, opened at the site's booking page; the waits in milliseconds.
 * @param {import('playwright-core').Page} page @param {{ site: string, mailDev: string }} urls
 */
async function bookOnce(page, { site, mailDev }) {
  const email = `bench-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto(`${site}/booking`, { waitUntil: 'load' });
  for (const [name, value] of Object.entries({ ...TEXT, email }))
    await page.locator(`form [name="${name}"]`).fill(value);
  for (const [name, value] of Object.entries(CHOICES))
    await page.locator(`form [name="${name}"]`).selectOption(value);
  await chooseSlot(page);
  // A person reads the form over before sending: the proof solved on the first focus has time.
  await page.waitForTimeout(5_000);
  const to = (/** @type {any} */ message) =>
    message.to.some((/** @type {any} */ item) => item.address === email);
  const sentAt = Date.now();
  await page.locator('form button[type="submit"]').click();
  const codeMail = await arrival(
    mailDev,
    (message) => to(message) && /\b\d{6}\b/.test(message.subject),
    sentAt,
  );
  const code = /\b(\d{6})\b/.exec(codeMail.message.subject)?.[1] ?? '';
  await page.locator('input[autocomplete="one-time-code"]').fill(code);
  const typedAt = Date.now();
  await page.locator('input[autocomplete="one-time-code"]').press('Enter');
  const [success, confirmation] = await Promise.all([
    page
      .getByTestId('booking-success')
      .waitFor()
      .then(() => Date.now() - typedAt),
    arrival(mailDev, (message) => to(message) && (message.attachments ?? []).length > 0, typedAt),
  ]);
  return { sendToCodeMailMs: codeMail.at, codeToSuccessMs: success, codeToConfirmationMs: confirmation.at };
}

/**
 * `rounds` bookings on the desktop and on the phone, each in a fresh browser.
 * @param {{ site: string, mailDev: string, rounds: number }} options
 */
export async function measureBookingWaits({ site, mailDev, rounds }) {
  /** @type {Record<string, Record<string, number[]>>} */
  const samples = { desktop: {}, phone: {} };
  for (let round = 0; round < rounds; round += 1) {
    for (const device of /** @type {const} */ (['desktop', 'phone'])) {
      const { browser, page } =
        device === 'phone'
          ? await openThrottledPhone()
          : await launchChromium().then(async (opened) => ({
              browser: opened,
              page: await opened.newPage(),
            }));
      try {
        for (const [name, value] of Object.entries(await bookOnce(page, { site, mailDev })))
          (samples[device][name] ??= []).push(value);
      } finally {
        await browser.close();
      }
    }
  }
  return samples;
}
