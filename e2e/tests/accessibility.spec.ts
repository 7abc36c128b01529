import type { Page } from '@playwright/test';
import { test, expect, header, pageHeading } from '../support/fixtures';
import { copy } from '../support/copy';
import { MARKETING_PAGES, navigate } from '../support/marketingPages';
import {
  confirmWithMailedCode,
  fillBooking,
  forgetVisitorsEmail,
  openDatePicker,
} from '../support/bookingForm';
import { contactCopy, fillEnquiry, sendButton } from '../support/contactForm';
import { axeViolations, DESKTOP, PHONE, settle } from '../support/accessibility';
import { firstPageInteractive } from '../support/firstLoad';
import { chooseLanguage, languageOption, languageSearch, type Language } from '../support/languages';

/** Every route of the composed site, with the package that owns it and the key of its heading. */
const ROUTES = [
  ...MARKETING_PAGES.map((page) => ({ path: page.path, owner: 'remote-marketing', heading: page.heading })),
  { path: '/booking', owner: 'remote-booking', heading: 'title' },
  { path: '/contact', owner: 'remote-contact', heading: 'title' },
  { path: '/no-such-page', owner: 'shell', heading: 'notFound.title' },
];

// Axe's checks of language (a valid <html lang>, each option's own lang) run on every page with
// the language menu open, whose options name all three languages; the flows stay in two.
const LANGUAGES = ['en', 'es'] as const;

/**
 * Each language once across the two widths, about a minute each: the phone gets Portuguese, the
 * longest text, where a narrow screen is likeliest to break; the desktop English and Spanish.
 */
const WIDTHS = [
  { name: 'desktop', use: { viewport: DESKTOP }, languages: ['en', 'es'] as const },
  { name: 'phone', use: { viewport: PHONE, isMobile: true, hasTouch: true }, languages: ['pt'] as const },
];

async function openSite(page: Page, url: string, language: Language): Promise<void> {
  await page.goto(`${url}${languageSearch(language)}`);
  // The tests move on through history (`navigate`), which only the running app follows: a URL
  // changed before the shell has started would be the one it starts from (without ?lang=es).
  await firstPageInteractive(page);
}

/** Checks the page as it is now, after its motion has finished, reporting under `state`. */
async function expectNoViolations(page: Page, state: string): Promise<void> {
  await settle(page);
  expect.soft(await axeViolations(page), state).toEqual([]);
}

for (const width of WIDTHS) {
  test.describe(`at ${width.name} width`, () => {
    test.use(width.use);

    for (const language of width.languages) {
      test(`every route, the open date picker and the menu pass axe (${language})`, async ({
        page,
        site,
      }) => {
        // Twenty routes through axe, each scrolled through first: about a minute on 2 cores.
        test.setTimeout(150_000);
        await openSite(page, site.url('shell', '/'), language);
        for (const route of ROUTES) {
          await navigate(page, route.path);
          await expect(pageHeading(page)).toHaveText(copy(route.owner, language, route.heading));
          await expectNoViolations(page, route.path);
        }

        await navigate(page, '/booking');
        // Checked once the grid has taken the focus (which may scroll the page under the header).
        await openDatePicker(page);
        await expectNoViolations(page, 'the open date picker');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();

        if (width.name === 'phone') {
          await header(page).locator('button[aria-controls="shell-navigation"]').click();
          await expect(
            header(page).getByRole('link', { name: copy('shell', language, 'nav.about') }),
          ).toBeVisible();
          await expectNoViolations(page, 'the open mobile menu');
        }
        await page.getByTestId('language-toggle').click();
        await expect(languageOption(page, 'en')).toBeVisible();
        await expectNoViolations(page, 'the open language menu');
      });
    }
  });
}

for (const language of LANGUAGES) {
  test(`the booking form's error, validation and success states pass axe (${language})`, async ({
    page,
    site,
  }) => {
    await site.startBackend();
    await forgetVisitorsEmail(site);
    await openSite(page, site.url('shell', '/booking'), language);
    const submit = page.locator('form button[type="submit"]');

    await fillBooking(page, { except: ['preferredDate'] });
    await submit.click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoViolations(page, 'booking without a date');

    await page.route('**/rest/v1/bookings*', (route) => route.abort('connectionrefused'));
    await fillBooking(page);
    await submit.click();
    await expect(page.getByLabel(copy('remote-booking', language, 'codeStep.label'))).toBeFocused();
    await expectNoViolations(page, 'booking asks for the mailed code');
    await confirmWithMailedCode(page, site, language);
    await expect(page.getByTestId('booking-error')).toBeVisible();
    await expectNoViolations(page, 'booking failed');

    await page.unroute('**/rest/v1/bookings*');
    await submit.click();
    await expect(page.getByTestId('booking-success')).toBeVisible();
    await expectNoViolations(page, 'booking sent');
  });

  test(`the contact form's error, validation and thank-you states pass axe (${language})`, async ({
    page,
    site,
  }) => {
    await site.startBackend();
    await openSite(page, site.url('shell', '/contact'), language);

    await sendButton(page, language).click();
    await expectNoViolations(page, 'contact form left empty');

    await page.route('**/api/v1.0/email/send', (route) => route.abort('connectionrefused'));
    await fillEnquiry(page, language, {
      name: 'Ana Pérez',
      email: 'ana@example.com',
      company: 'Café Azul',
      phone: '+507 6000-0000',
      service: 'SEO',
      message: 'Hola',
    });
    await sendButton(page, language).click();
    await expect(page.getByRole('alert')).toHaveText(contactCopy(language, 'sendError'));
    await expectNoViolations(page, 'contact sending failed');

    await page.unroute('**/api/v1.0/email/send');
    await sendButton(page, language).click();
    await expect(page.getByRole('heading', { name: contactCopy(language, 'thankYou.title') })).toBeVisible();
    await expectNoViolations(page, 'contact thank-you');
  });
}

test('the fallback of a remote that is down passes axe in both languages', async ({ page, site }) => {
  await site.stop('contact');
  try {
    // The server sends the panel; once hydrated, the browser tries the page once itself (its
    // spinner meanwhile). Axe checks the panel that stays, after that try has failed too.
    const browserTryFailed = page.waitForEvent('console', (message) =>
      /\[shell\] contact\/\S+ could not be loaded/.test(message.text()),
    );
    await page.goto(site.url('shell', '/contact'));
    await browserTryFailed;
    const fallback = page.getByTestId('remote-unavailable');
    await expect(fallback).toContainText(copy('shell', 'en', 'remoteUnavailable.title'));
    await expectNoViolations(page, 'remote unavailable (en)');
    await chooseLanguage(page, 'es');
    await expect(fallback).toContainText(copy('shell', 'es', 'remoteUnavailable.title'));
    await expectNoViolations(page, 'remote unavailable (es)');
  } finally {
    await site.start('contact');
  }
});
