import { act, renderHook } from '@testing-library/react';
import { setLanguage } from 'shared-i18n';
import type { BookingInsert } from 'supabase-schema';
import { BookingNotStoredError, type BookingSender, type BookingStore } from './bookingStore';
import type { CompleteBookingForm } from './bookingForm';
import { useBookingSubmission } from './useBookingSubmission';

const filledForm: CompleteBookingForm = {
  fullName: ' Ana Pérez ',
  email: 'ana@tienda.pa',
  phone: '+507 6000-1111',
  companyName: 'Tienda Azul',
  website: '',
  industry: 'Retail',
  companySize: '1-10',
  currentMarketing: 'Facebook',
  budget: '5k+',
  goals: 'More sales',
  preferredDate: '2030-01-15',
  preferredTime: '4:00 PM',
  additionalInfo: '',
};

/** A store that answers each insert with the next outcome and remembers what it was given. */
function scriptedStore(...outcomes: Array<'stored' | Error>) {
  const received: BookingInsert[] = [];
  const senders: BookingSender[] = [];
  const store: BookingStore = {
    insert: async (booking, sender) => {
      received.push(booking);
      senders.push(sender);
      const outcome = outcomes.shift() ?? 'stored';
      if (outcome instanceof Error) throw outcome;
    },
  };
  return { store, received, senders };
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

test('a stored booking goes idle → submitting → success, as a pending row with trimmed text', async () => {
  const { store, received } = scriptedStore('stored');
  const { result } = renderHook(() => useBookingSubmission(store));
  expect(result.current.status).toBe('idle');
  let pending!: Promise<boolean>;
  act(() => {
    pending = result.current.submit(filledForm);
  });
  expect(result.current.status).toBe('submitting');
  await act(async () => {
    expect(await pending).toBe(true);
  });
  expect(result.current.status).toBe('success');
  expect(received[0]).toMatchObject({ full_name: 'Ana Pérez', status: 'pending', preferred_time: '4:00 PM' });
});

test('a failure goes to error and is logged; the retry reuses the same id so it cannot store twice', async () => {
  const { store, received } = scriptedStore(new Error('network down'), 'stored');
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(() => result.current.submit(filledForm));
  expect(result.current.status).toBe('error');
  expect(console.error).toHaveBeenCalled();
  await act(() => result.current.submit(filledForm));
  expect(result.current.status).toBe('success');
  expect(received).toHaveLength(2);
  expect(received[1]?.id).toBe(received[0]?.id);
});

test('a second submit while one is under way sends nothing', async () => {
  const { store, received } = scriptedStore('stored');
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(async () => {
    const first = result.current.submit(filledForm);
    const second = result.current.submit(filledForm);
    expect(await second).toBe(false);
    await first;
  });
  expect(received).toHaveLength(1);
});

test('the next booking after a stored one gets a new id', async () => {
  const { store, received } = scriptedStore('stored', 'stored');
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(() => result.current.submit(filledForm));
  await act(() => result.current.submit(filledForm));
  expect(received[1]?.id).not.toBe(received[0]?.id);
});

test('a booking refused by the abuse limits (429) goes to limited, keeps its id and can be sent later', async () => {
  const tooMany = new BookingNotStoredError(429, 'PT429', 'Too many booking requests');
  const { store, received } = scriptedStore(tooMany, 'stored');
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(() => result.current.submit(filledForm));
  expect(result.current.status).toBe('limited');
  await act(() => result.current.submit(filledForm));
  expect(result.current.status).toBe('success');
  expect(received[1]?.id).toBe(received[0]?.id);
});

test('other refusals of the database are the plain error, not the limit', async () => {
  const { store } = scriptedStore(new BookingNotStoredError(400, '23514', 'check violation'));
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(() => result.current.submit(filledForm));
  expect(result.current.status).toBe('error');
});

test('a form whose honeypot a bot filled is answered with success and nothing is sent', async () => {
  const { store, received } = scriptedStore('stored');
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(async () => {
    expect(await result.current.submit(filledForm, { honeypot: 'https://spam.example' })).toBe(true);
  });
  expect(result.current.status).toBe('success');
  expect(received).toHaveLength(0);
});

test("the booking is sent with the page's language, so the visitor's e-mails are in it", async () => {
  const { store, senders } = scriptedStore('stored', 'stored');
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(() => result.current.submit(filledForm));
  await act(() => setLanguage('es'));
  await act(() => result.current.submit(filledForm));
  await act(() => setLanguage('en'));
  expect(senders).toEqual([{ language: 'en' }, { language: 'es' }]);
});
