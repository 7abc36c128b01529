import { test, expect, footer, header, pageHeading } from '../support/fixtures';
import { copy } from '../support/copy';
import { firstPageInteractive } from '../support/firstLoad';

test('the header is a dark bar of its own from the first paint, and lifts off the page past 50 px of scroll', async ({
  page,
  site,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto(site.url('shell', '/'), { waitUntil: 'commit' });
  await header(page).waitFor({ state: 'attached' });
  const background = () => header(page).evaluate((element) => getComputedStyle(element).backgroundColor);
  // As soon as the header is parsed, before the hero below it or any script: the bar is dark.
  expect(await background()).toBe('rgb(11, 16, 32)');

  await firstPageInteractive(page);
  await page.evaluate(() => window.scrollTo(0, 51));
  await expect(header(page)).toHaveClass(/shell-header--scrolled/);
  await expect.poll(background).toBe('rgba(11, 16, 32, 0.92)');

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header(page)).not.toHaveClass(/shell-header--scrolled/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the menu toggle opens the menu and navigating closes it', async ({ page, site }) => {
    await page.goto(site.url('shell', '/'));
    const toggle = page.locator('button[aria-controls="shell-navigation"]');
    await expect(toggle).toHaveAccessibleName('Open menu');
    const servicesLink = header(page).getByRole('link', { name: 'Services' });
    await expect(servicesLink).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(servicesLink).toBeVisible();
    await servicesLink.click();
    await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'services.title'));
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(servicesLink).toBeHidden();
  });

  test('Escape closes the menu and puts focus back on its toggle', async ({ page, site }) => {
    await page.goto(site.url('shell', '/'));
    const toggle = page.locator('button[aria-controls="shell-navigation"]');
    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Close menu');
    await header(page).getByRole('link', { name: 'About' }).focus();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  test('a menu opened before the scripts have run opens at once, and stays open once they have', async ({
    page,
    site,
  }) => {
    // The shell's script held back, as on a phone whose network is slow.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/main.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(site.url('shell', '/'), { waitUntil: 'domcontentloaded' });
    const toggle = page.locator('button[aria-controls="shell-navigation"]');
    const servicesLink = header(page).getByRole('link', { name: 'Services' });
    await toggle.click();
    await expect(servicesLink).toBeVisible();

    release();
    await firstPageInteractive(page);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAccessibleName('Close menu');
    await servicesLink.click();
    await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'services.title'));
    await expect(servicesLink).toBeHidden();
  });

  test('turned to a wide screen, an open menu sits in the bar, right of the brand', async ({
    page,
    site,
  }) => {
    await page.goto(site.url('shell', '/'));
    await page.locator('button[aria-controls="shell-navigation"]').click();
    await page.setViewportSize({ width: 1280, height: 800 });
    const box = async (selector: string) => {
      const found = await page.locator(selector).boundingBox();
      if (!found) throw new Error(`${selector} is not laid out`);
      return found;
    };
    const [brand, links, bar] = [
      await box('.shell-header__brand'),
      await box('#shell-navigation'),
      await box('.shell-header__bar'),
    ];
    expect(links.x).toBeGreaterThan(brand.x + brand.width);
    expect(links.y + links.height).toBeLessThanOrEqual(bar.y + bar.height + 1);
  });

  test('the menu speaks the page language', async ({ page, site }) => {
    await page.goto(site.url('shell', '/?lang=es'));
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(header(page).getByRole('link', { name: 'Nosotros' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Llamada de Descubrimiento' })).toBeVisible();
  });
});

test('every navigation starts the new page at the top', async ({ page, site }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto(site.url('shell', '/'));
  await footer(page).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await footer(page).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'privacy.title'));
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
