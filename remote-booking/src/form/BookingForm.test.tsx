import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { setLanguage } from 'shared-i18n';
import type { BookingInsert } from 'supabase-schema';
import { BookingNotStoredError } from '../booking/bookingRefusal';
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
// A code step is kept in the tab across reloads: each test starts in a fresh tab.
beforeEach(() => sessionStorage.clear());

interface FormOptions {
  /** The address step is on, and each code typed is answered in turn (a pass, or a refusal). */
  codes?: Array<'right' | Error>;
  /** request_booking_code refuses with this instead of answering. */
  requestRefusal?: Error;
  /** The page was opened from a code mail's link; `linkRefusal`: redeem_booking_link refuses it. */
  link?: string;
  linkRefusal?: Error;
}

/**
 * The form over a store that records each insert, code request and link redeemed. Without
 * `codes`, the step is off and a pass comes at once.
 */
function renderForm({ codes, requestRefusal, link, linkRefusal }: FormOptions = {}) {
  const received: BookingInsert[] = [];
  const requested: string[] = [];
  const redeemed: string[] = [];
  const store: BookingStore = {
    requestCode: async (email) => {
      requested.push(email);
      if (requestRefusal) throw requestRefusal;
      return codes
        ? { step: 'code', attempt: 'a'.repeat(43), resend_after_seconds: 30, code_valid_seconds: 600 }
        : { step: 'pass', pass: 'pass' };
    },
    verifyCode: async () => {
      const answer = codes?.shift() ?? 'right';
      if (answer instanceof Error) throw answer;
      return 'pass';
    },
    redeemLink: async (email, mailed) => {
      redeemed.push(mailed);
      if (linkRefusal) throw linkRefusal;
      return { pass: 'pass', email };
    },
    insert: async (booking) => void received.push(booking),
  };
  render(
    <MemoryRouter initialEntries={[link ? `/booking?address=${link}` : '/booking']}>
      <BookingForm store={store} />
    </MemoryRouter>,
  );
  return Object.assign(received, { requested, redeemed });
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
  ['an e-mail with a # before the @', 'email', 'maria#cafe@cafeboquete.com.pa', 'email'],
  ['a name of spaces only', 'fullName', '   ', 'required'],
  ['a website that is not http or https', 'website', 'ftp://x.com', 'url'],
  ['a name with a tab in it', 'fullName', 'María\tCastillo', 'control'],
  ['goals with a tab in them', 'goals', 'Sell\tonline', 'controlMultiLine'],
  ['a name with a right-to-left override in it', 'fullName', 'María\u202eCastillo', 'control'],
  ['goals with a right-to-left override in them', 'goals', 'Sell\u202eonline', 'controlMultiLine'],
] as const;

describe.each([
  ['en', en],
  ['es', es],
] as const)('in %s', (language, strings) => {
  test.each(wrongValues)(
    '%s is explained at its field, everything typed is kept and nothing is sent',
    async (_, name, value, message) => {
      await act(() => setLanguage(language));
      const user = userEvent.setup({ delay: null });
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
  const user = userEvent.setup({ delay: null });
  const received = renderForm();
  await fillBooking(user, en, { email: 'maria@cafe' });
  fireEvent.submit(field(en.fields.email).form as HTMLFormElement);
  expect(received).toHaveLength(0);
  expect(field(en.fields.email).validationMessage).toBe(en.validation.email);
});

test('once the wrong value is put right, the booking is sent with trimmed text', async () => {
  const user = userEvent.setup({ delay: null });
  const received = renderForm();
  await fillBooking(user, en, { website: 'ftp://x.com' });
  await user.clear(field(en.fields.website));
  await user.type(field(en.fields.website), ' https://x.com ');
  expect(field(en.fields.website).validationMessage).toBe('');
  await user.click(screen.getByRole('button', { name: en.submit }));
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({ website: 'https://x.com', email: 'maria@cafeboquete.com.pa' });
});

describe.each([
  ['en', en],
  ['es', es],
] as const)('the address step in %s', (language, strings) => {
  test('after the send, the code step asks for the code from the e-mail and confirms the call', async () => {
    await act(() => setLanguage(language));
    const user = userEvent.setup({ delay: null });
    const received = renderForm({ codes: ['right'] });
    await fillBooking(user, strings, {});
    expect(screen.getByText(strings.addressNote)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: strings.submit }));

    const code = await screen.findByRole('textbox', { name: strings.codeStep.label });
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    const described = code.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe(
      strings.codeStep.sent.replace('{{email}}', 'maria@cafeboquete.com.pa'),
    );
    expect(document.getElementById(described)?.closest('[aria-live]')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: strings.codeStep.resend }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.queryByRole('button', { name: strings.submit })).toBeNull();
    expect(received).toHaveLength(0);

    await user.click(code);
    await user.paste('123 456');
    expect((code as HTMLInputElement).value).toBe('123456');
    await user.click(screen.getByRole('button', { name: strings.codeStep.confirm }));
    expect((await screen.findByTestId('booking-success')).textContent).toBe(strings.success);
    expect(received).toHaveLength(1);
    expect(field(strings.fields.fullName).value).toBe('');
  });
});

test('a wrong code is said at the code field; every field and the step stay', async () => {
  const user = userEvent.setup({ delay: null });
  const wrong = new BookingNotStoredError(400, 'BK007', 'Code refused', 'code_wrong');
  const received = renderForm({ codes: [wrong, 'right'] });
  await fillBooking(user, en, {});
  await user.click(screen.getByRole('button', { name: en.submit }));
  const code = await screen.findByRole('textbox', { name: en.codeStep.label });
  await user.type(code, '111111');
  await user.click(screen.getByRole('button', { name: en.codeStep.confirm }));

  expect((await screen.findByRole('alert')).textContent).toBe(en.codeStep.problems.wrong);
  expect(code.getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(code);
  expect(field(en.fields.fullName).value).toBe('María Castillo');
  expect(field(en.fields.goals).value).toBe('Sell online');
  expect(received).toHaveLength(0);

  await user.clear(code);
  await user.type(code, '123456');
  await user.click(screen.getByRole('button', { name: en.codeStep.confirm }));
  expect(await screen.findByTestId('booking-success')).toBeTruthy();
  expect(received).toHaveLength(1);
});

test('a code that is not six digits is not sent, and the field says so', async () => {
  const user = userEvent.setup({ delay: null });
  renderForm({ codes: ['right'] });
  await fillBooking(user, en, {});
  await user.click(screen.getByRole('button', { name: en.submit }));
  const code = await screen.findByRole('textbox', { name: en.codeStep.label });
  await user.type(code, '12a');
  await user.click(screen.getByRole('button', { name: en.codeStep.confirm }));
  expect((code as HTMLInputElement).validationMessage).toBe(en.codeStep.format);
  expect(screen.queryByTestId('booking-success')).toBeNull();
});

test('"Change my e-mail" goes back to the e-mail field with every field kept', async () => {
  const user = userEvent.setup({ delay: null });
  renderForm({ codes: ['right'] });
  await fillBooking(user, en, {});
  await user.click(screen.getByRole('button', { name: en.submit }));
  await user.click(await screen.findByRole('button', { name: en.codeStep.changeEmail }));
  expect(document.activeElement).toBe(field(en.fields.email));
  expect(field(en.fields.email).value).toBe('maria@cafeboquete.com.pa');
  expect(field(en.fields.companyName).value).toBe('Café Boquete');
  expect((screen.getByRole('button', { name: en.submit }) as HTMLButtonElement).disabled).toBe(false);
});

test('invisible characters a copy brings are taken out of a one-line field before it is sent', async () => {
  const user = userEvent.setup({ delay: null });
  const received = renderForm();
  await fillBooking(user, en, {
    fullName: '\ufeffMaría\u200b Cas\u00adtillo\u200b',
    email: 'maria@cafeboquete.com.pa\u200b',
  });
  expect(field(en.fields.fullName).validationMessage).toBe('');
  expect(field(en.fields.email).validationMessage).toBe('');
  await user.click(screen.getByRole('button', { name: en.submit }));
  expect(received[0]).toMatchObject({ full_name: 'María Castillo', email: 'maria@cafeboquete.com.pa' });
});

test('a multi-line field keeps the invisible characters a pasted text brings', async () => {
  const user = userEvent.setup({ delay: null });
  const received = renderForm();
  await fillBooking(user, en, { goals: 'Sell\u200bonline' });
  await user.click(screen.getByRole('button', { name: en.submit }));
  expect(received[0]?.goals).toBe('Sell\u200bonline');
});

test("an address that had all its codes today is pointed at the latest e-mail's link", async () => {
  const user = userEvent.setup({ delay: null });
  const limit = new BookingNotStoredError(429, 'PT429', 'Too many', 'limit mailbox_codes: 10 a day');
  renderForm({ codes: ['right'], requestRefusal: limit });
  await fillBooking(user, en, {});
  await user.click(screen.getByRole('button', { name: en.submit }));
  expect((await screen.findByTestId('booking-limited')).textContent).toContain('Confirm this address');
});

const LINK = 'L'.repeat(43);

test("opened from a code mail's link, the form says so and books without asking for a code", async () => {
  const user = userEvent.setup({ delay: null });
  const received = renderForm({ codes: ['right'], link: LINK });
  expect(screen.getByTestId('booking-address-note').textContent).toBe(en.addressLinkNote);
  await fillBooking(user, en, {});
  await user.click(screen.getByRole('button', { name: en.submit }));
  expect(await screen.findByTestId('booking-success')).toBeTruthy();
  expect(received.redeemed).toEqual([LINK]);
  expect(received.requested).toEqual([]);
  expect(received).toHaveLength(1);
});

test('a mail link that no longer works is said, and the next send asks for a code', async () => {
  const user = userEvent.setup({ delay: null });
  const linkRefusal = new BookingNotStoredError(400, 'BK009', 'Link refused', 'link_refused');
  const received = renderForm({ codes: ['right'], link: LINK, linkRefusal });
  await fillBooking(user, en, {});
  await user.click(screen.getByRole('button', { name: en.submit }));
  expect((await screen.findByTestId('booking-link-refused')).textContent).toBe(en.linkRefused);
  expect(screen.getByTestId('booking-address-note').textContent).toBe(en.addressNote);
  await user.click(screen.getByRole('button', { name: en.submit }));
  expect(await screen.findByRole('textbox', { name: en.codeStep.label })).toBeTruthy();
  expect(received.requested).toEqual(['maria@cafeboquete.com.pa']);
  expect(received).toHaveLength(0);
});

test('a link that is not one the mail writes is not offered', () => {
  renderForm({ link: 'not-a-link' });
  expect(screen.getByTestId('booking-address-note').textContent).toBe(en.addressNote);
});
