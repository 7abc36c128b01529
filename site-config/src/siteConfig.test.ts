import {
  configureSite,
  LOCAL_SETTINGS,
  publicSettings,
  publicSettingsFromEnvironment,
  siteConfig,
  siteEmailHref,
  sitePhoneHref,
} from './index';
import publicSettingVariables from './publicSettingVariables.json';

afterEach(() => configureSite(LOCAL_SETTINGS));

test('the local contact details are example values, and their links dial and mail them', () => {
  expect(siteConfig.email).toMatch(/@example\.com$/);
  expect(siteEmailHref()).toBe(`mailto:${siteConfig.email}`);
  expect(sitePhoneHref()).toBe('tel:+50760000000');
});

test("an environment's variables, read at run time, are what every reader sees once set", () => {
  const settings = publicSettingsFromEnvironment({
    SITE_PHONE: '+507 391-2020',
    SITE_EMAIL: 'hola@agencia.com.pa',
    SUPABASE_URL: 'https://project.supabase.co',
    EMAILJS_ORIGIN: 'https://api.emailjs.com/',
    EMAILJS_BLOCK_HEADLESS: 'true',
  });
  configureSite(settings);
  expect(siteConfig.phone).toBe('+507 391-2020');
  expect(sitePhoneHref()).toBe('tel:+5073912020');
  expect(siteEmailHref()).toBe('mailto:hola@agencia.com.pa');
  expect(publicSettings().booking.supabaseUrl).toBe('https://project.supabase.co');
  expect(publicSettings().emailJs).toMatchObject({ origin: 'https://api.emailjs.com', blockHeadless: true });
  // What the environment leaves unset is the local default.
  expect(siteConfig.organizationName).toBe(LOCAL_SETTINGS.site.organizationName);
});

test("the privacy officer is the environment's, or else the agency's name and the site's e-mail", () => {
  const named = publicSettingsFromEnvironment({
    SITE_NAME: 'Agencia Istmo',
    SITE_EMAIL: 'hola@agencia.com.pa',
    SITE_PRIVACY_OFFICER_NAME: 'Ana Pérez',
    SITE_PRIVACY_OFFICER_EMAIL: 'privacidad@agencia.com.pa',
  });
  expect(named.site.privacyOfficer).toEqual({ name: 'Ana Pérez', email: 'privacidad@agencia.com.pa' });
  const unnamed = publicSettingsFromEnvironment({
    SITE_NAME: 'Agencia Istmo',
    SITE_EMAIL: 'hola@agencia.com.pa',
  });
  expect(unnamed.site.privacyOfficer).toEqual({ name: 'Agencia Istmo', email: 'hola@agencia.com.pa' });
  expect(publicSettingsFromEnvironment({}).site.privacyOfficer).toEqual(LOCAL_SETTINGS.site.privacyOfficer);
  configureSite(named);
  expect(siteConfig.privacyOfficer.name).toBe('Ana Pérez');
});

test('the shell server hands the renderer every variable the public settings are read from', () => {
  // The server passes only the variables this list names (shell/server/serverSettings.mjs): one the
  // parser reads but the list lacks would never reach a rendered page.
  const read = new Set<string>();
  const recording = new Proxy<Record<string, string | undefined>>(
    {},
    { get: (_, name) => (typeof name === 'string' && read.add(name), undefined) },
  );
  publicSettingsFromEnvironment(recording);
  expect([...read].sort()).toEqual([...publicSettingVariables].sort());
});
