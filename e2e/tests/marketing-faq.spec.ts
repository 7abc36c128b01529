import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { firstPageInteractive } from '../support/firstLoad';

function questions(page: Page) {
  return page.getByTestId('services-faq').getByRole('button');
}

async function expandedStates(page: Page): Promise<string[]> {
  return questions(page).evaluateAll((buttons: Element[]) =>
    buttons.map((button) => button.getAttribute('aria-expanded') ?? ''),
  );
}

test.beforeEach(async ({ page, site }) => {
  await page.goto(site.url('shell', '/services'));
  await expect(questions(page)).toHaveCount(6);
  // The server's buttons answer a click only once the page is hydrated.
  await firstPageInteractive(page);
});

test('the FAQ opens with the first answer shown and the five others closed', async ({ page }) => {
  expect(await expandedStates(page)).toEqual(['true', 'false', 'false', 'false', 'false', 'false']);
  await expect(page.getByTestId('services-faq').getByRole('region')).toHaveCount(1);
  await expect(page.getByTestId('services-faq').getByRole('region')).toContainText('3 to 6 months');
});

test('opening a question closes the one that was open', async ({ page }) => {
  await questions(page).nth(1).click();
  expect(await expandedStates(page)).toEqual(['false', 'true', 'false', 'false', 'false', 'false']);
  const region = page.getByTestId('services-faq').getByRole('region');
  await expect(region).toHaveCount(1);
  await expect(region).toContainText('1 to 3 months');
});

test('clicking the open question closes it, leaving every answer closed', async ({ page }) => {
  await questions(page).first().click();
  expect(await expandedStates(page)).toEqual(Array(6).fill('false'));
  await expect(page.getByTestId('services-faq').getByRole('region')).toHaveCount(0);
});

test('each question button names and controls its answer (WAI-ARIA accordion)', async ({ page }) => {
  for (const button of await questions(page).all()) {
    await expect(button.locator('xpath=..')).toHaveJSProperty('tagName', 'H3');
    const answerId = await button.getAttribute('aria-controls');
    const answer = page.locator(`[id="${answerId}"]`);
    await expect(answer).toHaveAttribute('role', 'region');
    await expect(answer).toHaveAttribute('aria-labelledby', (await button.getAttribute('id')) ?? '');
  }
  await questions(page).nth(2).focus();
  await page.keyboard.press('Enter');
  expect(await expandedStates(page)).toEqual(['false', 'false', 'true', 'false', 'false', 'false']);
  await page.keyboard.press('ArrowDown');
  await expect(questions(page).nth(3)).toBeFocused();
});
