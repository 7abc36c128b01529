-- What follows a booking: its e-mails and its cancel link (docs/backend.md, "Booking mail").
--
-- A transactional outbox. A booking's insert queues its messages in the same transaction, so a
-- row is stored if and only if its messages are queued; a cancellation queues its own the same way.
-- A row of private.mail_outbox names a booking and a kind of message, never its text: the mailer
-- (mailer/) renders it from the booking when it sends it. The mailer reaches the queue through
-- the RPCs below with the service key, over the same PostgREST API locally and on hosted Supabase:
--   claim_mail -> send over SMTP -> mail_sent, or mail_failed with the mailer's retry delay.
-- A claim leases its messages (FOR UPDATE SKIP LOCKED, then locked_until), so two mailers never
-- hold one message at once. Delivery is at least once: the one window for a duplicate is a mailer
-- that stops after the SMTP server accepted a message and before mail_sent, whose lease then ends.
--
-- The cancel link carries a random token (32 bytes, base64url) made when a message that shows the
-- link is claimed; only its SHA-256 is stored. It reads and cancels its one booking, through
-- booking_for_cancellation() and cancel_booking(), and cancels once.
--
-- The visitor's language and time zone come with the insert as request headers, read here:
--   X-Booking-Language: en | es (else en) · X-Booking-Time-Zone: an IANA zone (else America/Panama)
-- so SPEC §7's row is unchanged.

alter table private.booking_settings
  add column call_duration interval not null default interval '30 minutes'
    check (call_duration between interval '15 minutes' and interval '1 hour');

comment on column private.booking_settings.call_duration is
  'How long a discovery call lasts: the end of the calendar invitation the e-mails carry.';

-- What the visitor's browser said with the booking, beside SPEC §7's row.
create table private.booking_contexts (
  booking_id uuid primary key references public.bookings (id) on delete cascade,
  language text not null default 'en' check (language in ('en', 'es')),
  time_zone text not null default 'America/Panama' check (char_length(time_zone) <= 64)
);

comment on table private.booking_contexts is
  'The language the visitor booked in and their time zone, from the X-Booking-Language and X-Booking-Time-Zone headers.';

create table private.mail_outbox (
  id bigint generated always as identity primary key,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  kind text not null check (kind in (
    'booking_confirmation', 'booking_notice', 'booking_reminder',
    'cancellation_confirmation', 'cancellation_notice'
  )),
  queued_at timestamptz not null default now(),
  -- Not before: now for most, 24 hours before the call for a reminder, later after a failure.
  send_after timestamptz not null default now(),
  -- queued -> sent; skipped (a reminder of a cancelled call); failed (given up by the mailer).
  status text not null default 'queued' check (status in ('queued', 'sent', 'skipped', 'failed')),
  attempts integer not null default 0,
  -- A claim's lease: no other claim takes the message before it ends.
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz
);

comment on table private.mail_outbox is
  'The messages each booking owes, queued in its own transaction and sent by the mailer (claim_mail, mail_sent, mail_failed).';

create index mail_outbox_due_idx on private.mail_outbox (send_after, id) where status = 'queued';
create index mail_outbox_booking_idx on private.mail_outbox (booking_id);

create table private.booking_cancel_tokens (
  token_hash bytea primary key,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz
);

create index booking_cancel_tokens_booking_idx on private.booking_cancel_tokens (booking_id);

comment on table private.booking_cancel_tokens is
  'SHA-256 of each cancel link''s token; the token itself is only ever in the e-mail.';

-- The instant a booking's call starts: its slot in America/Panama.
create function private.call_starts_at(day date, slot_time text) returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select (day + slot_time::time) at time zone 'America/Panama'
$$;

-- A request header of the current API call, or null (no request, or no such header).
create function private.request_header(name text) returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  return nullif(btrim(nullif(current_setting('request.headers', true), '')::json ->> name), '');
exception
  when others then
    return null;
end;
$$;

-- Stores the visitor's language and zone and queues the booking's three messages.
create function private.queue_booking_mail() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  language text := lower(coalesce(private.request_header('x-booking-language'), ''));
  zone text := private.request_header('x-booking-time-zone');
  starts_at timestamptz := private.call_starts_at(new.preferred_date, new.preferred_time);
begin
  if language not in ('en', 'es') then
    language := 'en';
  end if;
  if zone is null or char_length(zone) > 64
    or not exists (select from pg_catalog.pg_timezone_names where name = zone) then
    zone := 'America/Panama';
  end if;
  insert into private.booking_contexts (booking_id, language, time_zone) values (new.id, language, zone);

  if new.status in ('pending', 'confirmed') then
    insert into private.mail_outbox (booking_id, kind, send_after) values
      (new.id, 'booking_confirmation', now()),
      (new.id, 'booking_notice', now()),
      -- At once when the call is less than 24 hours away.
      (new.id, 'booking_reminder', greatest(now(), starts_at - interval '24 hours'));
  end if;
  return null;
end;
$$;

create trigger bookings_queue_mail
after insert on public.bookings
for each row execute function private.queue_booking_mail();

-- A call cancelled (by its link, or by the agency in the SQL editor) before it began: its reminder
-- is not sent, and the visitor and the agency are told.
create function private.queue_cancellation_mail() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.mail_outbox set status = 'skipped', locked_until = null
  where booking_id = new.id and kind = 'booking_reminder' and status = 'queued';
  if private.call_starts_at(new.preferred_date, new.preferred_time) > now() then
    insert into private.mail_outbox (booking_id, kind) values
      (new.id, 'cancellation_confirmation'),
      (new.id, 'cancellation_notice');
  end if;
  return null;
end;
$$;

create trigger bookings_queue_cancellation_mail
after update of status on public.bookings
for each row
when (new.status = 'cancelled' and old.status is distinct from 'cancelled')
execute function private.queue_cancellation_mail();

-- A new cancel link for a booking: answers the token, stores its hash.
create function private.new_cancel_token(booking uuid) returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  token text := translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');
begin
  insert into private.booking_cancel_tokens (token_hash, booking_id)
  values (extensions.digest(token, 'sha256'), booking);
  return token;
end;
$$;

revoke all on function private.new_cancel_token(uuid) from public;

-- What a message is rendered from: the booking's row, its language and zone, and its call's time.
create function private.booking_for_mail(booking uuid) returns json
language sql
stable
security definer
set search_path = ''
as $$
  select (
    to_jsonb(bookings) || jsonb_build_object(
      'language', coalesce(contexts.language, 'en'),
      'time_zone', coalesce(contexts.time_zone, 'America/Panama'),
      'starts_at', private.call_starts_at(bookings.preferred_date, bookings.preferred_time),
      'duration_minutes', extract(epoch from settings.call_duration)::integer / 60
    )
  )::json
  from public.bookings
  cross join private.booking_settings as settings
  left join private.booking_contexts as contexts on contexts.booking_id = bookings.id
  where bookings.id = booking
$$;

revoke all on function private.booking_for_mail(uuid) from public;

-- The mailer's claim: up to batch_size due messages, leased for lease_seconds. A message that shows
-- the cancel link comes with a token of its own. Each claim counts as an attempt.
create function public.claim_mail(batch_size integer default 10, lease_seconds integer default 120)
returns table (message_id bigint, kind text, attempt integer, cancel_token text, booking json)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if batch_size is null or batch_size not between 1 and 100 then
    raise exception 'batch_size must be 1 to 100' using errcode = '22023';
  end if;
  if lease_seconds is null or lease_seconds not between 5 and 3600 then
    raise exception 'lease_seconds must be 5 to 3600' using errcode = '22023';
  end if;

  -- A reminder whose call has begun (after a long outage of the mailer or of SMTP) is not sent.
  update private.mail_outbox as outbox set status = 'skipped'
  from public.bookings
  where bookings.id = outbox.booking_id and outbox.kind = 'booking_reminder' and outbox.status = 'queued'
    and private.call_starts_at(bookings.preferred_date, bookings.preferred_time) <= now();

  return query
  with claimed as (
    update private.mail_outbox as outbox
    set locked_until = now() + make_interval(secs => lease_seconds), attempts = outbox.attempts + 1
    where outbox.id in (
      select due.id
      from private.mail_outbox as due
      where due.status = 'queued' and due.send_after <= now()
        and (due.locked_until is null or due.locked_until <= now())
      order by due.send_after, due.id
      limit batch_size
      for update skip locked
    )
    returning outbox.id, outbox.kind, outbox.attempts, outbox.booking_id
  )
  select claimed.id, claimed.kind, claimed.attempts,
    case when claimed.kind in ('booking_confirmation', 'booking_reminder')
      then private.new_cancel_token(claimed.booking_id) end,
    private.booking_for_mail(claimed.booking_id)
  from claimed
  order by claimed.id;
end;
$$;

-- The claim `attempt` of message `message_id` was sent. False: the claim is no longer current
-- (its lease ended and another claim took the message).
create function public.mail_sent(message_id bigint, attempt integer) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update private.mail_outbox
  set status = 'sent', sent_at = now(), locked_until = null, last_error = null
  where id = message_id and attempts = attempt and status = 'queued';
  return found;
end;
$$;

-- The claim `attempt` failed with `error`: try again in retry_after_seconds, or give the message up
-- (status failed, kept for the operator) when it is null. The retry policy is the mailer's.
create function public.mail_failed(
  message_id bigint,
  attempt integer,
  error text,
  retry_after_seconds integer default null
) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update private.mail_outbox
  set last_error = left(coalesce(error, 'unknown error'), 2000),
    locked_until = null,
    status = case when retry_after_seconds is null then 'failed' else 'queued' end,
    send_after = case when retry_after_seconds is null then send_after
      else now() + make_interval(secs => greatest(retry_after_seconds, 0)) end
  where id = message_id and attempts = attempt and status = 'queued';
  return found;
end;
$$;

-- For the mailer's metrics: the queue's size, what is due, what was given up, the oldest due age.
create function public.mail_queue_stats()
returns table (queued bigint, due bigint, failed bigint, oldest_due_seconds double precision)
language sql
stable
security definer
set search_path = ''
as $$
  select count(*) filter (where status = 'queued'),
    count(*) filter (where status = 'queued' and send_after <= now()),
    count(*) filter (where status = 'failed'),
    extract(epoch from now() - min(send_after) filter (where status = 'queued' and send_after <= now()))::double precision
  from private.mail_outbox
$$;

-- Hosted Supabase grants new functions of schema public to anon and authenticated by default.
revoke all on function public.claim_mail(integer, integer) from public, anon, authenticated;
revoke all on function public.mail_sent(bigint, integer) from public, anon, authenticated;
revoke all on function public.mail_failed(bigint, integer, text, integer) from public, anon, authenticated;
revoke all on function public.mail_queue_stats() from public, anon, authenticated;
grant execute on function public.claim_mail(integer, integer) to service_role;
grant execute on function public.mail_sent(bigint, integer) to service_role;
grant execute on function public.mail_failed(bigint, integer, text, integer) to service_role;
grant execute on function public.mail_queue_stats() to service_role;

-- What the cancel page shows: state 'open' | 'used' | 'cancelled' | 'past', and the call's time.
create function private.cancellation_answer(booking public.bookings, token_used boolean) returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'state', case
      when token_used then 'used'
      when booking.status = 'cancelled' then 'cancelled'
      when booking.status = 'completed'
        or private.call_starts_at(booking.preferred_date, booking.preferred_time) <= now() then 'past'
      else 'open'
    end,
    'call', json_build_object(
      'preferred_date', booking.preferred_date,
      'preferred_time', booking.preferred_time,
      'starts_at', private.call_starts_at(booking.preferred_date, booking.preferred_time),
      'language', coalesce(contexts.language, 'en'),
      'time_zone', coalesce(contexts.time_zone, 'America/Panama')
    )
  )
  from (select) as one_row
  left join private.booking_contexts as contexts on contexts.booking_id = booking.id
$$;

revoke all on function private.cancellation_answer(public.bookings, boolean) from public;

-- The token's row, or none for a malformed or unknown token.
create function private.cancel_token_row(token text) returns private.booking_cancel_tokens
language sql
stable
security definer
set search_path = ''
as $$
  select tokens.*
  from private.booking_cancel_tokens as tokens
  where token ~ '^[A-Za-z0-9_-]{43}$' and tokens.token_hash = extensions.digest(token, 'sha256')
$$;

revoke all on function private.cancel_token_row(text) from public;

-- The cancel page's question: which call this link cancels, and whether it still can.
create function public.booking_for_cancellation(token text) returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  link private.booking_cancel_tokens := private.cancel_token_row(token);
  booking public.bookings;
begin
  select * into booking from public.bookings where id = link.booking_id;
  if not found then
    return json_build_object('state', 'unknown', 'call', null);
  end if;
  return private.cancellation_answer(booking, link.used_at is not null);
end;
$$;

-- The cancel page's button: cancels the link's call if it still can be, once. The slot is free at
-- once; the trigger above queues both notices.
create function public.cancel_booking(token text) returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  link private.booking_cancel_tokens := private.cancel_token_row(token);
  booking public.bookings;
  answer json;
begin
  select * into booking from public.bookings where id = link.booking_id for update;
  if not found then
    return json_build_object('state', 'unknown', 'call', null);
  end if;
  -- Two presses at once: the second waits for the first's lock and then reads the token as used.
  select * into link from private.booking_cancel_tokens where token_hash = link.token_hash for update;
  answer := private.cancellation_answer(booking, link.used_at is not null);
  if answer ->> 'state' <> 'open' then
    return answer;
  end if;
  update public.bookings set status = 'cancelled' where id = booking.id;
  update private.booking_cancel_tokens set used_at = now() where token_hash = link.token_hash;
  return json_build_object('state', 'cancelled', 'call', answer -> 'call');
end;
$$;

revoke all on function public.booking_for_cancellation(text) from public;
revoke all on function public.cancel_booking(text) from public;
grant execute on function public.booking_for_cancellation(text) to anon, authenticated, service_role;
grant execute on function public.cancel_booking(text) to anon, authenticated, service_role;

-- The clock that prunes the limits' log also forgets sent mail after 30 days, and the cancel links
-- of calls more than 30 days past (docs/data-retention.md).
create or replace function private.prune_booking_requests() returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  pruned bigint;
begin
  delete from private.booking_requests
  where requested_at < now() - (select max(per) from private.booking_limits);
  get diagnostics pruned = row_count;
  delete from private.spent_booking_proofs where expires_at < now();
  delete from private.mail_outbox
  where status in ('sent', 'skipped') and coalesce(sent_at, queued_at) < now() - interval '30 days';
  delete from private.booking_cancel_tokens as tokens
  using public.bookings
  where bookings.id = tokens.booking_id
    and private.call_starts_at(bookings.preferred_date, bookings.preferred_time) < now() - interval '30 days';
  return pruned;
end;
$$;

comment on function private.prune_booking_requests() is
  'Deletes private.booking_requests rows older than the longest window of private.booking_limits (answers how many), spent proofs whose challenge expired, mail sent or skipped over 30 days ago and the cancel links of calls over 30 days past. Run every 15 minutes by pg_cron (job prune-booking-requests) and by each booking.';
