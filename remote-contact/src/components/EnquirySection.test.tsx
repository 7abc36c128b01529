import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { setLanguage } from 'shared-i18n';
import { EmailJSResponseStatus } from '@emailjs/browser';
import type { ContactEnquiry } from '../enquiry/contactEnquiry';
import { EnquirySection } from './EnquirySection';
import en from '../locales/en.json';
import es from '../locales/es.json';

type Strings = typeof en;
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function renderSection(send: (enquiry: ContactEnquiry) => Promise<void>) {
  render(
    <MemoryRouter>
      <EnquirySection sendEnquiry={send} />
    </MemoryRouter>,
  );
}

/** A field by its label, with or without the asterisk of a required one. */
function field(label: string): Control {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}( \\*)?$`)) as Control;
}

async function fillRequiredFields(user: ReturnType<typeof userEvent.setup>, strings: Strings) {
  await user.type(field(strings.form.name), 'Ana Pérez');
  await user.type(field(strings.form.email), 'ana@example.com');
  await user.type(field(strings.form.message), 'Hola');
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  consoleError.mockRestore();
  await act(() => setLanguage('en'));
});

test.each([
  ['en', en],
  ['es', es],
] as const)(
  'missing required fields are reported in the page language (%s) and nothing is sent',
  async (language, strings) => {
    await act(() => setLanguage(language));
    const send = jest.fn(() => Promise.resolve());
    const user = userEvent.setup({ delay: null });
    renderSection(send);

    await user.click(screen.getByRole('button', { name: strings.form.send }));
    expect(send).not.toHaveBeenCalled();
    for (const name of [strings.form.name, strings.form.email, strings.form.message]) {
      expect(field(name).required).toBe(true);
      expect(field(name).validationMessage).toBe(strings.validation.required);
    }
    for (const name of [strings.form.company, strings.form.phone, strings.form.service]) {
      expect(field(name).required).toBe(false);
    }

    await user.type(field(strings.form.email), 'ana.example.com');
    expect(field(strings.form.email).validationMessage).toBe(strings.validation.email);
    await user.click(screen.getByRole('button', { name: strings.form.send }));
    expect(send).not.toHaveBeenCalled();
  },
);

test('switching language rewords the validation messages already set', async () => {
  renderSection(() => Promise.resolve());
  expect(field(en.form.name).validationMessage).toBe(en.validation.required);
  await act(() => setLanguage('es'));
  expect(field(es.form.name).validationMessage).toBe(es.validation.required);
});

test('required fields carry an asterisk, e-mail and phone have their input types, the message 5 rows', () => {
  renderSection(() => Promise.resolve());
  for (const name of [en.form.name, en.form.email, en.form.message]) {
    expect(field(name).labels?.[0]?.textContent).toBe(`${name} *`);
  }
  expect(field(en.form.company).labels?.[0]?.textContent).toBe(en.form.company);
  expect(field(en.form.email).type).toBe('email');
  expect(field(en.form.phone).type).toBe('tel');
  expect((field(en.form.message) as HTMLTextAreaElement).rows).toBe(5);
});

test('every service option (docs/product.md §5) is offered with its label, none by default', async () => {
  await act(() => setLanguage('es'));
  renderSection(() => Promise.resolve());
  const service = field(es.form.service) as HTMLSelectElement;
  expect(service.value).toBe('');
  expect(Array.from(service.options).map((option) => [option.value, option.text])).toEqual([
    ['', es.form.serviceNone],
    ['SEO', es.services.SEO],
    ['PPC', es.services.PPC],
    ['Social', es.services.Social],
    ['Content', es.services.Content],
    ['Web', es.services.Web],
    ['Analytics', es.services.Analytics],
  ]);
});

test('while sending the button says so and is disabled; once sent the thank-you view takes the focus', async () => {
  let finish!: () => void;
  const send = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  const user = userEvent.setup({ delay: null });
  renderSection(send);
  await fillRequiredFields(user, en);
  await user.selectOptions(field(en.form.service), 'Web');
  await user.click(screen.getByRole('button', { name: en.form.send }));

  expect((screen.getByRole('button', { name: en.form.sending }) as HTMLButtonElement).disabled).toBe(true);
  expect(send).toHaveBeenCalledWith({
    name: 'Ana Pérez',
    email: 'ana@example.com',
    company: '',
    phone: '',
    service: 'Web',
    message: 'Hola',
  });
  await act(async () => finish());

  const thanks = screen.getByTestId('contact-thanks');
  expect(within(thanks).getByRole('status').textContent).toContain(en.thankYou.text);
  expect(screen.getByRole('heading', { name: en.thankYou.title })).toBe(document.activeElement);

  await user.click(screen.getByRole('button', { name: en.thankYou.sendAnother }));
  expect(field(en.form.name).value).toBe('');
  expect(field(en.form.name)).toBe(document.activeElement);
  expect(field(en.form.service).value).toBe('');
  expect(field(en.form.message).value).toBe('');
});

test('a failed send shows the banner in the page language, keeps the fields and can be sent again', async () => {
  const send = jest
    .fn<Promise<void>, [ContactEnquiry]>()
    .mockRejectedValueOnce(new EmailJSResponseStatus(500, 'Internal Server Error'))
    .mockResolvedValueOnce(undefined);
  const user = userEvent.setup({ delay: null });
  renderSection(send);
  await fillRequiredFields(user, en);
  await user.click(screen.getByRole('button', { name: en.form.send }));

  expect((await screen.findByRole('alert')).textContent).toBe(en.sendError);
  expect(field(en.form.name).value).toBe('Ana Pérez');
  expect(field(en.form.message).value).toBe('Hola');
  expect(screen.getByRole('button', { name: en.form.send })).toBe(document.activeElement);
  expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('status 500'));
  await act(() => setLanguage('es'));
  expect(screen.getByRole('alert').textContent).toBe(es.sendError);

  await user.click(screen.getByRole('button', { name: es.form.send }));
  expect(await screen.findByRole('heading', { name: es.thankYou.title })).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(send).toHaveBeenCalledTimes(2);
  expect(send.mock.calls[1]?.[0]).toMatchObject({
    name: 'Ana Pérez',
    email: 'ana@example.com',
    message: 'Hola',
  });
});

test('too many messages (429) asks the visitor to wait, with the e-mail and phone as links', async () => {
  const send = jest.fn(() => Promise.reject(new EmailJSResponseStatus(429, 'Too Many Requests')));
  const user = userEvent.setup({ delay: null });
  renderSection(send);
  await fillRequiredFields(user, en);
  await user.click(screen.getByRole('button', { name: en.form.send }));

  const banner = await screen.findByRole('alert');
  expect(banner.textContent).toMatch(/^You have just sent us a message/);
  expect(within(banner).getByRole('link', { name: 'hello@example.com' }).getAttribute('href')).toBe(
    'mailto:hello@example.com',
  );
  expect(within(banner).getByRole('link', { name: '+507 6000-0000' }).getAttribute('href')).toBe(
    'tel:+50760000000',
  );
  expect(field(en.form.message).value).toBe('Hola');
  await act(() => setLanguage('es'));
  expect(screen.getByRole('alert').textContent).toMatch(/^Acabas de enviarnos un mensaje/);
});

test('the honeypot is out of reach: hidden from assistive technology, skipped by Tab, no autofill', () => {
  renderSection(() => Promise.resolve());
  const trap = document.querySelector<HTMLInputElement>('input[name="website"]');
  expect(trap?.tabIndex).toBe(-1);
  expect(trap?.autocomplete).toBe('off');
  expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
  expect(screen.queryByRole('textbox', { name: en.form.honeypot })).toBeNull();
});

test('the note under the send button links to the privacy policy', () => {
  renderSection(() => Promise.resolve());
  expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
});
