/**
 * Bookings made straight in the local backend's database as service_role (the agency's own
 * inserts: no proof, no limits, any free slot), with the headers the form sends, so its trigger
 * queues the messages as for a visitor's booking.
 */
import { randomUUID } from 'node:crypto';
import type { RunningBackend } from 'local-backend';

export interface DirectBooking {
  id: string;
  email: string;
  preferred_date: string;
  preferred_time: string;
}

const TIMES = ['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM'];

/** The slot's instant: its date and time in Panama (UTC-5 all year). */
export function slotInstant(day: string, time: string): Date {
  const [clock = '', half] = time.split(' ');
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  const hour24 = (hours % 12) + (half === 'PM' ? 12 : 0);
  return new Date(`${day}T${String(hour24 + 5).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:00Z`);
}

let slotsHanded = 0;

/** A different slot at each call, days ahead (no reminder is due yet). */
export function laterSlot(): { preferred_date: string; preferred_time: string } {
  const index = slotsHanded++;
  const day = new Date(Date.now() + (7 + Math.floor(index / TIMES.length)) * 86_400_000);
  return {
    preferred_date: day.toISOString().slice(0, 10),
    preferred_time: TIMES[index % TIMES.length] as string,
  };
}

/** The first slot between one and 23 hours from now: its reminder is due at once. */
export function slotWithinADay(): { preferred_date: string; preferred_time: string } {
  const now = Date.now();
  for (let offset = -1; offset <= 2; offset++) {
    const day = new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
    for (const time of TIMES) {
      const at = slotInstant(day, time).getTime();
      if (at > now + 3_600_000 && at < now + 23 * 3_600_000)
        return { preferred_date: day, preferred_time: time };
    }
  }
  throw new Error('no slot within a day');
}

export async function bookDirectly(
  backend: RunningBackend,
  {
    language = 'en',
    timeZone = 'America/Panama',
    slot = laterSlot(),
    email = `visitor-${randomUUID()}@example.com`,
    sendAfterSeconds = 0,
  } = {},
): Promise<DirectBooking> {
  const booking = {
    id: randomUUID(),
    full_name: 'María Fernanda Castillo',
    email,
    phone: '+507 6123-4567',
    company_name: 'Café Boquete S.A.',
    website: 'https://cafeboquete.com.pa',
    industry: 'Food & Beverage',
    company_size: '11-50',
    current_marketing: 'Instagram posts twice a week, no paid ads.',
    budget: '1000-2500',
    goals: 'Sell more coffee online.',
    additional_info: '',
    ...slot,
  };
  const columns = Object.keys(booking);
  await backend.database.asRole('service_role', async (query) => {
    await query(`select set_config('request.headers', $1, true)`, [
      JSON.stringify({ 'x-booking-language': language, 'x-booking-time-zone': timeZone }),
    ]);
    await query(
      `insert into public.bookings (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(booking),
    );
    // Its messages due later, in the insert's own transaction: no claim can see them due before.
    if (sendAfterSeconds > 0) {
      await query('reset role');
      await query(
        `update private.mail_outbox set send_after = now() + make_interval(secs => $2)
         where booking_id = $1 and status = 'queued' and send_after <= now()`,
        [booking.id, sendAfterSeconds],
      );
    }
  });
  return booking;
}

export interface OutboxRow {
  id: number;
  kind: string;
  status: string;
  attempts: number;
  last_error: string | null;
  due: boolean;
  locked: boolean;
  /** Where the message goes (the agency's notices: `agency`). */
  recipient: string | null;
  /** What its Message-ID names: the kind and the booking, or the code's row. */
  key: string;
  seconds_to_send: number | null;
}

/**
 * The outbox as the database holds it, oldest first: every row, or only the mail sender's
 * (`mail`) or the calendar writer's (`calendar`). `agency`: the inbox the agency's notices go to.
 */
export async function outbox(
  backend: RunningBackend,
  { kinds = 'all', agency = null }: { kinds?: 'all' | 'mail' | 'calendar'; agency?: string | null } = {},
): Promise<OutboxRow[]> {
  return (await backend.database.query(
    `select outbox.id::int as id, outbox.kind, outbox.status, outbox.attempts, outbox.last_error,
       outbox.send_after <= now() as due, coalesce(outbox.locked_until > now(), false) as locked,
       lower(case when outbox.kind in ('booking_notice', 'cancellation_notice') then $1
         else coalesce(bookings.email, codes.email) end) as recipient,
       case when outbox.kind = 'address_code' then 'address_code.' || outbox.id
         else outbox.kind || '.' || outbox.booking_id end as key,
       extract(epoch from outbox.sent_at - outbox.queued_at)::float8 as seconds_to_send
     from private.mail_outbox as outbox
     left join public.bookings on bookings.id = outbox.booking_id
     left join private.booking_address_codes as codes on codes.id = outbox.address_code_id
     where $2 = 'all' or (outbox.kind = 'calendar_event') = ($2 = 'calendar')
     order by outbox.id`,
    [agency, kinds],
  )) as never;
}
