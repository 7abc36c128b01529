import { act, renderHook } from '@testing-library/react';
import { setLanguage } from 'shared-i18n';
import type { AddressLinkRedeemed, BookingInsert } from 'supabase-schema';
import { BookingNotStoredError } from './bookingRefusal';
import type { BookingSender, BookingStore, CodeRequestAnswer, CodeRequester } from './bookingStore';
import type { CompleteBookingForm } from './bookingForm';
import type { SubmitOutcome } from './submissionState';
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

type Outcome = 'stored' | Error;

/**
 * A store that answers each call with the next outcome scripted for it and remembers what it was
 * given. By default the agency turned the address step off: a pass comes at once.
 */
function scriptedStore(...outcomes: Outcome[]) {
  const received: BookingInsert[] = [];
  const senders: BookingSender[] = [];
  const passes: string[] = [];
  const codes: string[] = [];
  /** Each verify_booking_code call's arguments, as the store was given them. */
  const checks: unknown[][] = [];
  const requests: Array<CodeRequestAnswer | Error> = [];
  /** What each request_booking_code call was given beside the address. */
  const asked: CodeRequester[] = [];
  const verifications: Array<string | Error> = [];
  const redeemed: Array<{ email: string; link: string }> = [];
  const redemptions: Array<AddressLinkRedeemed | Error> = [];
  let issued = 0;
  const store: BookingStore = {
    requestCode: async (_email, requester) => {
      asked.push(requester);
      const answer = requests.shift() ?? { step: 'pass', pass: `pass-${++issued}` };
      if (answer instanceof Error) throw answer;
      return answer;
    },
    verifyCode: async (...args) => {
      checks.push(args);
      codes.push(args[1]);
      const answer = verifications.shift() ?? `pass-${++issued}`;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    redeemLink: async (email, link) => {
      redeemed.push({ email, link });
      const answer = redemptions.shift() ?? { pass: `pass-${++issued}`, email };
      if (answer instanceof Error) throw answer;
      return answer;
    },
    insert: async (booking, { pass, ...sender }) => {
      received.push(booking);
      senders.push(sender);
      passes.push(pass);
      const outcome = outcomes.shift() ?? 'stored';
      if (outcome instanceof Error) throw outcome;
    },
  };
  return {
    store,
    received,
    senders,
    passes,
    codes,
    checks,
    requests,
    asked,
    verifications,
    redeemed,
    redemptions,
  };
}

const ATTEMPT = 'a'.repeat(43);
const CODE_SENT: CodeRequestAnswer = {
  step: 'code',
  attempt: ATTEMPT,
  resend_after_seconds: 30,
  code_valid_seconds: 600,
};

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
// A code step is kept in the tab across reloads: each test starts in a fresh tab.
beforeEach(() => sessionStorage.clear());

test('a stored booking goes idle → submitting → success, as a pending row with trimmed text', async () => {
  const { store, received } = scriptedStore('stored');
  const { result } = renderHook(() => useBookingSubmission(store));
  expect(result.current.status).toBe('idle');
  let pending!: Promise<SubmitOutcome>;
  act(() => {
    pending = result.current.submit(filledForm);
  });
  expect(result.current.status).toBe('submitting');
  await act(async () => {
    expect(await pending).toEqual({ kind: 'stored' });
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
    expect(await second).toEqual({ kind: 'notStored' });
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
    expect(await result.current.submit(filledForm, { honeypot: 'https://spam.example' })).toEqual({
      kind: 'stored',
    });
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

test('with the address step on, the first send asks for a code and the second stores with its pass', async () => {
  const { store, received, passes, codes, requests } = scriptedStore('stored');
  requests.push(CODE_SENT);
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(async () => {
    expect(await result.current.submit(filledForm)).toEqual({ kind: 'notStored' });
  });
  expect(result.current.status).toBe('idle');
  expect(result.current.step).toMatchObject({ email: 'ana@tienda.pa', note: 'sent', problem: null });
  expect(result.current.step?.resendAt).toBeGreaterThan(Date.now() + 29_000);
  expect(received).toHaveLength(0);
  act(() => result.current.setCode('123456'));
  await act(async () => {
    expect(await result.current.submit(filledForm)).toEqual({ kind: 'stored' });
  });
  expect(codes).toEqual(['123456']);
  expect(passes).toEqual(['pass-1']);
  expect(result.current.status).toBe('success');
  expect(result.current.step).toBeNull();
});

test('"send a new code" asks with the attempt held, so the new code joins it and the older still works', async () => {
  const { store, requests, asked } = scriptedStore('stored');
  requests.push(CODE_SENT, CODE_SENT);
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(() => result.current.submit(filledForm));
  await act(() => result.current.resend());
  expect(asked).toEqual([{ language: 'en' }, { language: 'en', attempt: ATTEMPT }]);
  expect(result.current.step).toMatchObject({ attempt: ATTEMPT, note: 'resent' });
});

test('a wrong code is said at the code step, which stays, and the next try is sent', async () => {
  const { store, received, verifications, requests } = scriptedStore('stored');
  requests.push(CODE_SENT);
  verifications.push(new BookingNotStoredError(400, 'BK007', 'Code refused', 'code_wrong'));
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(() => result.current.submit(filledForm));
  act(() => result.current.setCode('111111'));
  await act(() => result.current.submit(filledForm));
  expect(result.current.step).toMatchObject({ problem: 'wrong', code: '111111' });
  expect(result.current.status).toBe('idle');
  act(() => result.current.setCode('123456'));
  expect(result.current.step?.problem).toBeNull();
  await act(() => result.current.submit(filledForm));
  expect(result.current.status).toBe('success');
  expect(received).toHaveLength(1);
});

test('a slot taken after the code keeps the pass: another time is sent without a new code', async () => {
  const taken = new BookingNotStoredError(409, 'PT409', 'Slot taken');
  const { store, received, passes, codes, requests } = scriptedStore(taken, 'stored');
  requests.push(CODE_SENT);
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(() => result.current.submit(filledForm));
  act(() => result.current.setCode('123456'));
  await act(async () => {
    expect(await result.current.submit(filledForm)).toEqual({ kind: 'slotLost' });
  });
  expect(result.current.status).toBe('slotTaken');
  expect(result.current.step).toBeNull();
  await act(() => result.current.submit({ ...filledForm, preferredTime: '9:00 AM' }));
  expect(result.current.status).toBe('success');
  expect(codes).toHaveLength(1);
  expect(passes).toEqual(['pass-1', 'pass-1']);
  expect(received[1]).toMatchObject({ id: received[0]?.id, preferred_time: '9:00 AM' });
});

test('a pass the database no longer takes (BK006) is replaced: a new code is sent and asked for', async () => {
  const unproven = new BookingNotStoredError(400, 'BK006', 'Address not proven', 'address_expired');
  const { store, requests } = scriptedStore(unproven);
  requests.push({ step: 'pass', pass: 'old' }, CODE_SENT);
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(async () => {
    expect(await result.current.submit(filledForm)).toEqual({ kind: 'notStored' });
  });
  expect(result.current.step).toMatchObject({ note: 'renewed', problem: null });
});

test('a new code asked for too soon, or too often, says so and keeps the step', async () => {
  const { store, requests } = scriptedStore();
  requests.push(
    CODE_SENT,
    new BookingNotStoredError(429, 'PT429', 'Too many', 'resend_after 12'),
    new BookingNotStoredError(429, 'PT429', 'Too many', 'limit mailbox_codes: 3 codes per day'),
  );
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(() => result.current.submit(filledForm));
  await act(() => result.current.resend());
  expect(result.current.step).toMatchObject({ problem: 'resendWait', waitSeconds: 12, note: 'sent' });
  await act(() => result.current.resend());
  expect(result.current.status).toBe('codeLimited');
  expect(result.current.step).not.toBeNull();
});

test('an address the database will not mail (BK008) is said at the e-mail field', async () => {
  const { store, requests } = scriptedStore();
  requests.push(new BookingNotStoredError(400, 'BK008', 'Address not bookable'));
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(async () => {
    expect(await result.current.submit(filledForm)).toEqual({
      kind: 'fieldRefused',
      field: 'email',
      problem: 'email',
    });
  });
  expect(result.current.status).toBe('idle');
});

test('the typed code is checked against the attempt request_booking_code answered', async () => {
  const { store, checks, requests } = scriptedStore('stored');
  requests.push(CODE_SENT);
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(() => result.current.submit(filledForm));
  expect(result.current.step?.attempt).toBe(ATTEMPT);
  act(() => result.current.setCode('123456'));
  await act(() => result.current.submit(filledForm));
  expect(checks).toEqual([['ana@tienda.pa', '123456', ATTEMPT]]);
  expect(result.current.status).toBe('success');
});

test('an older database answers no attempt: the code is checked with the e-mail and the code only', async () => {
  const { store, checks, requests } = scriptedStore('stored');
  requests.push({ step: 'code', resend_after_seconds: 30, code_valid_seconds: 600 });
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(() => result.current.submit(filledForm));
  act(() => result.current.setCode('123456'));
  await act(() => result.current.submit(filledForm));
  expect(checks).toEqual([['ana@tienda.pa', '123456']]);
});

test('a visitor who reloads the page while the code step shows can still type the code', async () => {
  const first = scriptedStore();
  first.requests.push(CODE_SENT);
  const before = renderHook(() => useBookingSubmission(first.store));
  await act(() => before.result.current.submit(filledForm));
  before.unmount();

  const { store, checks, received } = scriptedStore('stored');
  const { result } = renderHook(() => useBookingSubmission(store));
  expect(result.current.step).toMatchObject({ email: 'ana@tienda.pa', attempt: ATTEMPT, code: '' });
  act(() => result.current.setCode('123456'));
  await act(() => result.current.submit(filledForm));
  expect(checks).toEqual([['ana@tienda.pa', '123456', ATTEMPT]]);
  expect(received).toHaveLength(1);

  // Stored: a reload now starts from the form.
  const after = renderHook(() => useBookingSubmission(store));
  expect(after.result.current.step).toBeNull();
});

test('a closed code step is not brought back by a reload', async () => {
  const { store, requests } = scriptedStore();
  requests.push(CODE_SENT);
  const before = renderHook(() => useBookingSubmission(store));
  await act(() => before.result.current.submit(filledForm));
  act(() => before.result.current.closeStep());
  before.unmount();
  expect(renderHook(() => useBookingSubmission(store)).result.current.step).toBeNull();
});

test('an attempt the database no longer knows (code_refused) asks for a new code', async () => {
  const { store, requests, verifications } = scriptedStore();
  requests.push(CODE_SENT);
  verifications.push(new BookingNotStoredError(400, 'BK007', 'Code refused', 'code_refused'));
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(() => result.current.submit(filledForm));
  act(() => result.current.setCode('123456'));
  await act(() => result.current.submit(filledForm));
  expect(result.current.step?.problem).toBe('refused');
});

test.each([
  ['mailbox_network_codes', 'codeLimited'],
  ['mailbox_codes', 'codeLimited'],
  ['network_code_mails', 'limited'],
  ['code_mails_site_wide', 'limited'],
  ['code_checks_per_network', 'limited'],
])('the limit %s is told as %s', async (name, status) => {
  const { store, requests } = scriptedStore();
  requests.push(new BookingNotStoredError(429, 'PT429', 'Too many', `limit ${name}: 3 per day`));
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(() => result.current.submit(filledForm));
  expect(result.current.status).toBe(status);
});

test('a cross-site refusal (BK010), which the form never causes, is the plain error', async () => {
  const { store, requests } = scriptedStore();
  requests.push(new BookingNotStoredError(415, 'BK010', 'Cross-site request'));
  const { result } = renderHook(() => useBookingSubmission(store));
  await act(() => result.current.submit(filledForm));
  expect(result.current.status).toBe('error');
});

const LINK = 'L'.repeat(43);

test("from a code mail's link, the first send redeems it instead of asking for a code, and stores", async () => {
  const { store, redeemed, requests, passes } = scriptedStore('stored');
  requests.push(new Error('no code should be asked for'));
  const { result } = renderHook(() => useBookingSubmission(store, { link: LINK }));
  expect(result.current.hasLink).toBe(true);
  await act(async () => {
    expect(await result.current.submit(filledForm)).toEqual({ kind: 'stored' });
  });
  expect(redeemed).toEqual([{ email: 'ana@tienda.pa', link: LINK }]);
  expect(passes).toEqual(['pass-1']);
  expect(requests).toHaveLength(1);
  expect(result.current.hasLink).toBe(false);
});

test('a link that no longer works is said, dropped, and the next send asks for a code', async () => {
  const { store, redeemed, redemptions, requests, received } = scriptedStore('stored');
  redemptions.push(new BookingNotStoredError(400, 'BK009', 'Link refused', 'link_refused'));
  requests.push(CODE_SENT);
  window.history.pushState(null, '', `/booking?address=${LINK}&lang=es`);
  const { result } = renderHook(() => useBookingSubmission(store, { link: LINK }));
  await act(() => result.current.submit(filledForm));
  expect(result.current.status).toBe('linkRefused');
  expect(result.current.hasLink).toBe(false);
  // A reload must not offer the refused link again.
  expect(window.location.search).toBe('?lang=es');
  await act(() => result.current.submit(filledForm));
  expect(result.current.step).toMatchObject({ attempt: ATTEMPT, note: 'sent' });
  expect(redeemed).toHaveLength(1);
  expect(received).toHaveLength(0);
});
