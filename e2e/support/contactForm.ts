import type { Locator, Page } from '@playwright/test';
import { copy } from './copy';
import type { ComposedSite } from './site';

export type Language = 'en' | 'es';

/** The enquiry as the contact form sends it: the EmailJS template params (docs/product.md §5). */
export interface Enquiry {
  name: string;
  email: string;
  company: string;
  phone: string;
  service: '' | 'SEO' | 'PPC' | 'Social' | 'Content' | 'Web' | 'Analytics';
  message: string;
}

/** A complete enquiry a client might send, for tests that only need one that goes through. */
export const SAMPLE_ENQUIRY: Enquiry = {
  name: 'Ana Lucía Pérez',
  email: 'ana@cafeboquete.pa',
  company: 'Café Boquete',
  phone: '+507 6555-0199',
  service: 'SEO',
  message: 'Queremos aparecer en Google Maps.',
};

/** The service options in the order the form lists them, after "none". */
export const SERVICE_OPTIONS = ['SEO', 'PPC', 'Social', 'Content', 'Web', 'Analytics'] as const;

/** Where the contact page is served: inside the shell, or alone in the remote's harness. */
export const CONTACT_SURFACES = [
  { app: 'shell', description: 'in the composed site' },
  { app: 'contact', description: "in remote-contact's harness" },
] as const;

export type ContactSurface = (typeof CONTACT_SURFACES)[number];

export const contactCopy = (language: Language, key: string) => copy('remote-contact', language, key);

export function contactPageUrl(site: ComposedSite, surface: ContactSurface, language: Language): string {
  return site.url(surface.app, language === 'es' ? '/contact?lang=es' : '/contact');
}

/** A field of the contact form by its label (the accessible name leaves out the asterisk). */
export function enquiryField(page: Page, language: Language, field: keyof Enquiry): Locator {
  const name = contactCopy(language, `form.${field}`);
  return page.getByRole(field === 'service' ? 'combobox' : 'textbox', { name, exact: true });
}

export const sendButton = (page: Page, language: Language) =>
  page.getByRole('button', { name: contactCopy(language, 'form.send'), exact: true });

export async function fillEnquiry(page: Page, language: Language, enquiry: Enquiry): Promise<void> {
  for (const field of ['name', 'email', 'company', 'phone', 'message'] as const) {
    await enquiryField(page, language, field).fill(enquiry[field]);
  }
  await enquiryField(page, language, 'service').selectOption(enquiry.service);
}

/**
 * Fills the form and sends it the way a keyboard user does: into the first field, then Tab from
 * field to field (arrow keys in the service list) and Enter on the send button.
 */
export async function sendEnquiryByKeyboard(page: Page, language: Language, enquiry: Enquiry): Promise<void> {
  await enquiryField(page, language, 'name').focus();
  const { keyboard } = page;
  for (const field of ['name', 'email', 'company', 'phone'] as const) {
    await keyboard.type(enquiry[field]);
    await keyboard.press('Tab');
  }
  for (
    let step = 0;
    step <= SERVICE_OPTIONS.indexOf(enquiry.service as (typeof SERVICE_OPTIONS)[number]);
    step++
  ) {
    await keyboard.press('ArrowDown');
  }
  await keyboard.press('Tab');
  const [firstLine = '', ...otherLines] = enquiry.message.split('\n');
  await keyboard.type(firstLine);
  for (const line of otherLines) {
    await keyboard.press('Enter');
    await keyboard.type(line);
  }
  await keyboard.press('Tab');
  await keyboard.press('Enter');
}

/** What the local backend's EmailJS stand-in has accepted, oldest first. */
export async function outbox(site: ComposedSite): Promise<{ params: Enquiry; origin: string | null }[]> {
  if (!site.backend) throw new Error('The local backend is not running');
  const rows = await site.backend.database.query(
    'select template_params, origin from public.email_outbox order by id',
  );
  return rows.map((row) => ({ params: row.template_params as Enquiry, origin: row.origin as string | null }));
}

/** Records every request the page makes to EmailJS's send path. */
export function recordSendRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1.0/email/send') && request.method() === 'POST')
      sent.push(request.url());
  });
  return sent;
}
