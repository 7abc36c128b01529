import { sitePhoneHref, siteConfig, siteEmailHref } from './index';

test('the default contact details are example values, and their links dial and mail them', () => {
  expect(siteConfig.email).toMatch(/@example\.com$/);
  expect(siteEmailHref).toBe(`mailto:${siteConfig.email}`);
  expect(sitePhoneHref).toBe('tel:+50760000000');
});

test('the build environment overrides the contact details', async () => {
  process.env.SITE_PHONE = '+507 391-2020';
  process.env.SITE_EMAIL = 'hola@agencia.com.pa';
  jest.resetModules();
  const reloaded = await import('./index');
  expect(reloaded.siteConfig.phone).toBe('+507 391-2020');
  expect(reloaded.sitePhoneHref).toBe('tel:+5073912020');
  expect(reloaded.siteEmailHref).toBe('mailto:hola@agencia.com.pa');
  delete process.env.SITE_PHONE;
  delete process.env.SITE_EMAIL;
});
