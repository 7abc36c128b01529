import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { setLanguage } from 'shared-i18n';
import type { BookingInsert } from 'supabase-schema';
import type { BookingStore } from '../booking/bookingStore';
import '../i18n';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { BookingForm } from './BookingForm';

type Strings = typeof en;
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type User = ReturnType<typeof userEvent.setup>;

// The form asks the database for the free slots as it mounts: here it answers that it knows none.
beforeEach(() => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('[]'));
});
afterEach(() => jest.restoreAllMocks());

function renderForm() {
  const received: BookingInsert[] = [];
  const store: BookingStore = { insert: async (booking) => void received.push(booking) };
  render(
    <MemoryRouter>
      <BookingForm store={store} />
    </MemoryRouter>,
  );
  return received;
}

/** A field by its label, with or without the asterisk of a required one. */
function field(label: string): Control {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}( \\*)?$`)) as Control;
}

/** Every field as a visitor fills it correctly; `bad` puts a wrong value in one of them. */
async function fillBooking(
  user: User,
  strings: Strings,
  bad: Partial<Record<keyof Strings['fields'], string>>,
) {
  const text = {
    fullName: 'María Castillo',
    email: 'maria@cafeboquete.com.pa',
    phone: '+507 6123-4567',
    companyName: 'Café Boquete',
    website: 'https://cafeboquete.com.pa',
    industry: 'Coffee',
    currentMarketing: 'Instagram',
    goals: 'Sell online',
    ...bad,
  };
  for (const [name, value] of Object.entries(text)) {
    await user.type(field(strings.fields[name as keyof typeof text]), value);
  }
  await user.selectOptions(field(strings.fields.companySize), '11-50');
  await user.selectOptions(field(strings.fields.budget), '5k+');
  await user.selectOptions(field(strings.fields.preferredTime), '10:00 AM');
  await user.click(screen.getByRole('button', { name: new RegExp(strings.datePicker.placeholder) }));
  await user.keyboard('{ArrowRight}{Enter}');
}

afterEach(() => act(() => setLanguage('en')));

const wrongValues = [
  ['an e-mail without a dot in its domain', 'email', 'maria@cafe', 'email'],
  ['a name of spaces only', 'fullName', '   ', 'required'],
  ['a website that is not http or https', 'website', 'ftp://x.com', 'url'],
] as const;

describe.each([
  ['en', en],
  ['es', es],
] as const)('in %s', (language, strings) => {
  test.each(wrongValues)(
    '%s is explained at its field, everything typed is kept and nothing is sent',
    async (_, name, value, message) => {
      await act(() => setLanguage(language));
      const user = userEvent.setup();
      const received = renderForm();
      await fillBooking(user, strings, { [name]: value });

      await user.click(screen.getByRole('button', { name: strings.submit }));
      expect(field(strings.fields[name]).validationMessage).toBe(strings.validation[message]);
      expect(field(strings.fields[name]).value).toBe(value);
      expect(received).toHaveLength(0);
    },
  );
});

test('a form submitted by a script, past the browser, is checked again and not sent', async () => {
  const user = userEvent.setup();
  const received = renderForm();
  await fillBooking(user, en, { email: 'maria@cafe' });
  fireEvent.submit(field(en.fields.email).form as HTMLFormElement);
  expect(received).toHaveLength(0);
  expect(field(en.fields.email).validationMessage).toBe(en.validation.email);
});

test('once the wrong value is put right, the booking is sent with trimmed text', async () => {
  const user = userEvent.setup();
  const received = renderForm();
  await fillBooking(user, en, { website: 'ftp://x.com' });
  await user.clear(field(en.fields.website));
  await user.type(field(en.fields.website), ' https://x.com ');
  expect(field(en.fields.website).validationMessage).toBe('');
  await user.click(screen.getByRole('button', { name: en.submit }));
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({ website: 'https://x.com', email: 'maria@cafeboquete.com.pa' });
});
