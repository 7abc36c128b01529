import { test, expect, pageHeading } from '../support/fixtures';
import { copy, REMOTES } from '../support/copy';
import { chooseLanguage } from '../support/languages';

for (const remote of REMOTES) {
  test(`${remote.dir} runs alone on its own origin, in both languages, without the shell`, async ({
    page,
    site,
    pageErrors,
  }) => {
    await site.stop('shell');
    try {
      await page.goto(site.url(remote.name, remote.path));
      await expect(page.getByTestId('harness-bar')).toContainText(remote.dir);
      await expect(pageHeading(page)).toHaveText(copy(remote.dir, 'en', remote.heading));
      await chooseLanguage(page, 'es');
      await expect(pageHeading(page)).toHaveText(copy(remote.dir, 'es', remote.heading));
      await expect(page).toHaveURL(/\?lang=es$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByTestId('harness-bar')).toContainText('entorno aislado');
      expect(pageErrors).toEqual([]);
    } finally {
      await site.start('shell');
    }
  });
}

test('the marketing harness follows its own links and redirects unknown services like the shell', async ({
  page,
  site,
}) => {
  await page.goto(site.url('marketing', '/'));
  await page.getByRole('link', { name: copy('remote-marketing', 'en', 'home.exploreServices') }).click();
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'services.title'));
  await page.goto(site.url('marketing', '/services/no-such-service'));
  await expect(page).toHaveURL(site.url('marketing', '/services'));
});

test("a harness says when a link leads to another team's page", async ({ page, site }) => {
  await page.goto(site.url('marketing', '/'));
  await page.getByRole('link', { name: copy('remote-marketing', 'en', 'home.getStarted') }).click();
  await expect(page.getByTestId('harness-elsewhere')).toContainText('/booking');
});
