import { createClient, type RealtimeChannel } from '@supabase/supabase-js';
import { MAIL_WAKE, type MailQueuedNotice } from 'supabase-schema';
import WebSocket from 'ws';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from './config';
import { setUpTestBackend } from './testing/setUpTestBackend';
import { supabaseAs, validBooking } from './testing/testBackend';

// The Realtime stand-in (src/realtime/broadcastSocket.ts) as supabase-js meets it: a queued
// message's broadcast (20270223090000_mail_wake.sql) reaches the service role's client on the
// private topic, after the commit, and never a visitor's.

const backend = setUpTestBackend();

function clientWith(key: string) {
  return createClient(backend.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

/** Joins the mail topic; answers the channel's first status and the notices it hears. */
async function join(key: string) {
  const client = clientWith(key);
  const notices: MailQueuedNotice[] = [];
  const channel: RealtimeChannel = client
    .channel(MAIL_WAKE.topic, { config: { private: true } })
    .on('broadcast', { event: MAIL_WAKE.event }, ({ payload }) => notices.push(payload as MailQueuedNotice));
  const status = await new Promise<string>((resolve) => channel.subscribe((state) => resolve(state)));
  return {
    status,
    notices,
    close: async () => {
      await client.removeAllChannels();
      await client.realtime.disconnect();
    },
  };
}

test('a booking broadcasts each message it queues to the service role, with its kind and due time only', async () => {
  const mailer = await join(LOCAL_SERVICE_ROLE_KEY);
  try {
    expect(mailer.status).toBe('SUBSCRIBED');
    const booking = validBooking();
    expect((await supabaseAs(backend, 'anon').from('bookings').insert(booking)).error).toBeNull();
    while (mailer.notices.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mailer.notices.map((notice) => notice.kind).sort()).toEqual(
      expect.arrayContaining(['booking_confirmation', 'booking_notice', 'booking_reminder']),
    );
    for (const notice of mailer.notices) {
      expect(Object.keys(notice).sort()).toEqual(['kind', 'send_after']);
      expect(Number.isFinite(Date.parse(notice.send_after))).toBe(true);
    }
    expect(JSON.stringify(mailer.notices)).not.toContain(booking.email);
  } finally {
    await mailer.close();
  }
});

test("a visitor's key cannot join the mail topic", async () => {
  const visitor = await join(LOCAL_ANON_KEY);
  try {
    expect(visitor.status).toBe('CHANNEL_ERROR');
  } finally {
    await visitor.close();
  }
});
