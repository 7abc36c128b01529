/**
 * A test file's own local backend and its lifetime as Jest hooks: started before the file's tests,
 * stopped after them, its bookings forgotten before each test, and the two clients most tests use.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningBackend } from '../startLocalBackend';
import { forgetBookings, liftBookingLimits, startTestBackend, supabaseAs } from './testBackend';

export interface TestBackendOptions {
  /** For files proving other rules, whose visitor books far more often than the abuse limits allow. */
  liftBookingLimits?: boolean;
  /** On by default, so a test counts only its own bookings; off where no test needs that. */
  forgetBookingsBeforeEach?: boolean;
}

export interface TestBackend extends RunningBackend {
  /** A visitor through the form (anon): each booking carries a fresh pass. */
  readonly visitor: SupabaseClient;
  /** The agency (service_role), which needs no proof and meets no limit. */
  readonly agency: SupabaseClient;
}

/**
 * Call at a test file's top level, before its own hooks, so they run after the backend is up.
 * What it returns is read only once the backend has started: inside hooks and tests.
 */
export function setUpTestBackend({
  liftBookingLimits: lift = false,
  forgetBookingsBeforeEach = true,
}: TestBackendOptions = {}): TestBackend {
  let started: RunningBackend | undefined;
  let visitor: SupabaseClient | undefined;
  let agency: SupabaseClient | undefined;
  const running = (): RunningBackend => {
    if (!started) throw new Error('The test backend starts in beforeAll: read it in a hook or a test.');
    return started;
  };

  beforeAll(async () => {
    started = await startTestBackend();
    if (lift) await liftBookingLimits(started);
  });
  // Left undefined when beforeAll failed: its own error is the one to read.
  afterAll(() => started?.stop());
  if (forgetBookingsBeforeEach) beforeEach(() => forgetBookings(running()));

  return {
    get url() {
      return running().url;
    },
    get database() {
      return running().database;
    },
    stop: () => running().stop(),
    get visitor() {
      return (visitor ??= supabaseAs(running(), 'anon'));
    },
    get agency() {
      return (agency ??= supabaseAs(running(), 'service_role'));
    },
  };
}
