import { test, expect, footer, pageHeading } from '../support/fixtures';
import { copy } from '../support/copy';
import { CONTACT_SURFACES, contactCopy, contactPageUrl } from '../support/contactForm';

for (const language of ['en', 'es'] as const) {
  const text = (key: string) => contactCopy(language, key);

  test(`/contact carries its title, description and ContactPage JSON-LD (${language})`, async ({
    page,
    site,
  }) => {
    await page.goto(site.url('shell', language === 'es' ? '/contact?lang=es' : '/contact'));
    await expect(pageHeading(page)).toHaveText(text('title'));
    await expect(page).toHaveTitle(`${text('metaTitle')} | Istmo Digital`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      text('metaDescription'),
    );

    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { '@context': string; '@graph': Array<Record<string, unknown>> };
    expect(jsonLd['@context']).toBe('https://schema.org');
    const organization = jsonLd['@graph'].find((node) => node['@type'] === 'ProfessionalService');
    expect(organization).toMatchObject({ name: 'Istmo Digital' });
    expect(jsonLd['@graph'].find((node) => node['@type'] === 'ContactPage')).toMatchObject({
      name: text('metaTitle'),
      description: text('metaDescription'),
      inLanguage: language,
      url: language === 'es' ? 'http://localhost:3000/contact?lang=es' : 'http://localhost:3000/contact',
      publisher: { '@id': organization?.['@id'] },
    });
  });

  test(`/contact shows the same phone, e-mail and hours as the footer (${language})`, async ({
    page,
    site,
  }) => {
    await page.goto(site.url('shell', language === 'es' ? '/contact?lang=es' : '/contact'));
    // The layout renders with the page (the shell waits for it), so wait before listing links.
    await expect(pageHeading(page)).toHaveText(text('title'));
    const details = page.getByRole('region', { name: text('detailsLabel') });
    const footerLinks = await footer(page).locator('a[href^="tel:"], a[href^="mailto:"]').all();
    expect(footerLinks).toHaveLength(2);
    for (const link of footerLinks) {
      const href = await link.getAttribute('href');
      await expect(details.locator(`a[href="${href}"]`)).toHaveText((await link.textContent()) ?? '');
    }
    await expect(details).toContainText(text('hours'));
    await expect(page.getByRole('heading', { name: text('form.title') })).toBeVisible();
  });

  test(`the note under the send button leads to the privacy policy (${language})`, async ({ page, site }) => {
    await page.goto(site.url('shell', language === 'es' ? '/contact?lang=es' : '/contact'));
    const form = page.getByRole('form', { name: text('form.title') });
    await form.getByRole('link', { name: copy('remote-marketing', language, 'privacy.title') }).click();
    await expect(page).toHaveURL(site.url('shell', language === 'es' ? '/privacy?lang=es' : '/privacy'));
    await expect(pageHeading(page)).not.toHaveText(text('title'));
  });
}

for (const surface of CONTACT_SURFACES) {
  test(`the contact page fits a 360 px wide screen ${surface.description}`, async ({ page, site }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(contactPageUrl(site, surface, 'es'));
    await expect(pageHeading(page)).toHaveText(contactCopy('es', 'title'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}
