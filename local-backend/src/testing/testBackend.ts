import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { BookingInsert } from 'supabase-schema';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../config';
import { startLocalBackend, type RunningBackend } from '../startLocalBackend';

/**
 * A local backend for one test file, on a free port: an in-memory PGlite, or the Postgres
 * server named by DATABASE_URL (emptied first), so the same suite runs against both.
 */
export async function startTestBackend(): Promise<RunningBackend> {
  const backend = await startLocalBackend({
    config: { port: 0 },
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  await backend.database.query('truncate public.bookings, public.email_outbox');
  return backend;
}

export function supabaseAs(backend: RunningBackend, key: 'anon' | 'service_role' | string): SupabaseClient {
  const apiKey = key === 'anon' ? LOCAL_ANON_KEY : key === 'service_role' ? LOCAL_SERVICE_ROLE_KEY : key;
  return createClient(backend.url, apiKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket of its own; supabase-js builds its realtime client eagerly.
    realtime: { transport: WebSocket as never },
  });
}

function isoDate(offsetDays: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

export const daysFromToday = isoDate;

/** A booking a visitor could really send: every rule satisfied. */
export function validBooking(overrides: Partial<BookingInsert> = {}): BookingInsert {
  return {
    full_name: 'María Fernanda Castillo',
    email: 'maria.castillo@cafeboquete.com.pa',
    phone: '+507 6123-4567',
    company_name: 'Café Boquete S.A.',
    website: 'https://cafeboquete.com.pa',
    industry: 'Food & Beverage',
    company_size: '11-50',
    current_marketing: 'Instagram posts twice a week, no paid ads.',
    budget: '1000-2500',
    goals: 'Sell more coffee online to customers in the US and Europe.',
    preferred_date: isoDate(7),
    preferred_time: '10:00 AM',
    additional_info: 'We prefer calls in Spanish.',
    status: 'pending',
    ...overrides,
  };
}
