import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  PHONE_PATTERN,
  EMAIL_PATTERN,
  WEBSITE_PATTERN,
  BOOKING_MAX_LENGTH,
  BOOKING_REQUIRED,
  BUDGETS,
  COMPANY_SIZES,
  PREFERRED_TIMES,
  type BookingInsert,
} from 'supabase-schema';
import type { RunningBackend } from './startLocalBackend';
import { MIGRATIONS_DIR } from './database/migrations';
import {
  liftBookingLimits,
  nextBookableSlot,
  startTestBackend,
  supabaseAs,
  validBooking,
} from './testing/testBackend';

let backend: RunningBackend;
let visitor: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  await liftBookingLimits(backend);
  visitor = supabaseAs(backend, 'anon');
});
afterAll(() => backend.stop());

async function bookingCount(): Promise<number> {
  const [row] = await backend.database.query('select count(*)::int as count from public.bookings');
  return Number(row?.count);
}

async function expectRefused(overrides: Partial<Record<keyof BookingInsert, unknown>>, code: string) {
  const before = await bookingCount();
  const { error, status } = await visitor
    .from('bookings')
    .insert({ ...validBooking(), ...overrides } as never);
  expect({ overrides, status, code: error?.code }).toEqual({ overrides, status: 400, code });
  expect(await bookingCount()).toBe(before);
}

async function expectAccepted(overrides: Partial<BookingInsert>) {
  const { error } = await visitor.from('bookings').insert(validBooking(overrides));
  expect({ overrides, error }).toEqual({ overrides, error: null });
}

test.each(BOOKING_REQUIRED)('%s may not be blank or missing', async (column) => {
  await expectRefused({ [column]: null }, '23502');
  if (column !== 'preferred_date') await expectRefused({ [column]: '   ' }, '23514');
});

test.each(Object.entries(BOOKING_MAX_LENGTH))(
  '%s takes at most %i characters, the same limit as the form',
  async (column, max) => {
    const fill = (length: number) =>
      column === 'email'
        ? `${'a'.repeat(length - '@example.com'.length)}@example.com`
        : column === 'website'
          ? `https://example.com/${'a'.repeat(length - 'https://example.com/'.length)}`
          : column === 'phone'
            ? '5'.repeat(length)
            : 'a'.repeat(length);
    await expectAccepted({ [column]: fill(max) });
    await expectRefused({ [column]: fill(max + 1) }, '23514');
  },
);

test('e-mail, phone and website must have their shape', async () => {
  for (const email of ['maria', 'maria@', '@cafe.com', 'maria@cafe', 'maria castillo@cafe.com']) {
    await expectRefused({ email }, '23514');
  }
  for (const phone of ['call me', '12', '+507 6123-4567 ext. 2']) await expectRefused({ phone }, '23514');
  for (const website of [
    'cafeboquete.com.pa',
    'ftp://cafeboquete.com.pa',
    'https://',
    'javascript:alert(1)',
  ]) {
    await expectRefused({ website }, '23514');
  }
  await expectAccepted({ website: '' });
  await expectAccepted({ website: 'http://cafe.pa/menu?lang=es' });
});

test('company size, budget and time only take the options the form offers', async () => {
  for (const company_size of COMPANY_SIZES) await expectAccepted({ company_size });
  for (const budget of BUDGETS) await expectAccepted({ budget });
  const day = nextBookableSlot().preferred_date;
  await backend.database.query('delete from public.bookings where preferred_date = $1', [day]);
  for (const preferred_time of PREFERRED_TIMES) await expectAccepted({ preferred_date: day, preferred_time });
  await expectRefused({ company_size: '1000+' }, '23514');
  await expectRefused({ budget: '10k+' }, '23514');
  await expectRefused({ preferred_time: '5:00 PM' }, '23514');
  await expectRefused({ preferred_time: '09:00' }, '23514');
});

test('a date that is not a date is refused', async () => {
  await expectRefused({ preferred_date: 'next tuesday' }, '22007');
  await expectRefused({ preferred_date: '2026-02-30' }, '22008');
});

test('the migration checks phones, e-mails and websites with exactly the patterns the form uses', () => {
  const sql = readdirSync(MIGRATIONS_DIR)
    .map((name) => readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'))
    .join('\n');
  expect(sql).toContain(`phone ~ '${PHONE_PATTERN}'`);
  expect(sql).toContain(`email ~ '${EMAIL_PATTERN}'`);
  expect(sql).toContain(`website ~* '${WEBSITE_PATTERN}'`);
});
