-- A visitor moves their call (issue 41; docs/backend.md, "Moving a call"; supabase/src/bookingMoves.ts
-- names it all for the page, the mailer and the tests).
--
-- The link: the same token as the cancel link (private.booking_cancel_tokens). A message that shows
-- "Cancel" also shows "Change the time" with the token it already carries: one secret per message,
-- one lookup, one retention rule, and both are the same right (manage this one booking). A token
-- cancels once (used_at) and moves once (moved_at, new here): a replayed move is refused, and the
-- visitor's "moved" message brings a fresh token for the next change.
--
--   public.booking_for_change(token)                      what the link can do (stable, a GET)
--   public.move_booking(token, new_date, new_time)         the move (a POST), one transaction:
--     the booking's row is updated in place (same id, so the invitation keeps its UID), the new slot
--     judged by the rules of an insert (slot_states, the slot lock, the busy times), the old one
--     freed by the same update, invitation_sequence raised, both "moved" messages queued and the
--     queued reminder moved to 24 hours before the new time.
--
-- Refusals are answered through PostgREST's response.status (private.refusal), so the attempt a
-- flood limit counts stays counted. Each has its own code (details: the reason's name):
--   BM001 link_unknown · BM002 link_used (this link already moved the call) · BM003 cancelled ·
--   BM004 past · BM005 too_late (the call starts within the minimum notice) · BM006 move_limit
--   (moves_per_booking reached) · BM007 same_slot · 22023 slot_invalid · and for the new slot the
--   insert's own: BK001 weekend · BK002 closed · BK003 too_soon · BK004 beyond_horizon ·
--   PT409 taken · BK009 busy · PT429 too_many (move_attempts_per_hour for one booking, or
--   move_attempts_per_network for one client network, in the last hour).

alter table private.booking_settings
  add column moves_per_booking integer not null default 3 check (moves_per_booking between 0 and 10),
  add column move_attempts_per_hour integer not null default 20 check (move_attempts_per_hour >= 1),
  add column move_attempts_per_network integer not null default 60 check (move_attempts_per_network >= 1);

comment on column private.booking_settings.moves_per_booking is
  'How many times a visitor may move one call with the link in its e-mails.';
comment on column private.booking_settings.move_attempts_per_hour is
  'public.move_booking() calls for one booking an hour, refused moves included.';
comment on column private.booking_settings.move_attempts_per_network is
  'public.move_booking() calls from one client network (/24, /48) an hour, unknown links included.';

-- The invitation's SEQUENCE (RFC 5545 3.8.7.4) as the last REQUEST carried it: 0 as booked, one
-- more per move. Anon's insert is granted by column, so a visitor can neither set nor change it.
alter table public.bookings
  add column invitation_sequence integer not null default 0 check (invitation_sequence >= 0);

comment on column public.bookings.invitation_sequence is
  'SEQUENCE of the booking''s calendar invitation (UID booking-<id>@<site host>): raised by each move; a CANCEL carries one more.';

alter table private.booking_cancel_tokens add column moved_at timestamptz;

comment on column private.booking_cancel_tokens.moved_at is
  'When this link moved its call: a link moves a call once (the "moved" message brings a new link).';

-- Each move: from where to where, and the SEQUENCE the "moved" messages' invitation carries.
create table private.booking_moves (
  id bigint generated always as identity primary key,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  sequence integer not null check (sequence >= 1),
  from_date date not null,
  from_time text not null,
  to_date date not null,
  to_time text not null,
  moved_at timestamptz not null default now(),
  unique (booking_id, sequence)
);

comment on table private.booking_moves is
  'Each move of a call by its link: the old and the new slot and the invitation SEQUENCE it raised to.';

-- The calls of move_booking in the last hour, for its flood limits; it prunes them itself.
create table private.booking_move_attempts (
  attempted_at timestamptz not null default now(),
  booking_id uuid,
  client_address inet
);

create index booking_move_attempts_idx on private.booking_move_attempts (attempted_at);

-- The "moved" messages name their move; the queue takes their kinds (and calendar_event, the
-- calendar writes of 20270119090000).
alter table private.mail_outbox
  add column booking_move_id bigint references private.booking_moves (id) on delete cascade;
alter table private.mail_outbox drop constraint mail_outbox_kind_check;
alter table private.mail_outbox add constraint mail_outbox_kind_check check (kind in (
  'booking_confirmation', 'booking_notice', 'booking_reminder',
  'cancellation_confirmation', 'cancellation_notice', 'address_code', 'calendar_event',
  'move_confirmation', 'move_notice'
));
alter table private.mail_outbox add constraint mail_outbox_move_check
  check ((kind in ('move_confirmation', 'move_notice')) = (booking_move_id is not null));

-- The call as the change page shows it (the cancel page's shape).
create function private.change_call(booking public.bookings) returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'preferred_date', booking.preferred_date,
    'preferred_time', booking.preferred_time,
    'starts_at', private.call_starts_at(booking.preferred_date, booking.preferred_time),
    'language', coalesce(contexts.language, 'en'),
    'time_zone', coalesce(contexts.time_zone, 'America/Panama')
  )
  from (select) as one_row
  left join private.booking_contexts as contexts on contexts.booking_id = booking.id
$$;

revoke all on function private.change_call(public.bookings) from public;

create function private.moves_done(booking uuid) returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer from private.booking_moves as moves where moves.booking_id = booking
$$;

revoke all on function private.moves_done(uuid) from public;

-- Whether the link can move its call now: 'open', else the reason it cannot (in this order).
create function private.change_state(booking public.bookings, link private.booking_cancel_tokens)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when booking.status = 'cancelled' then 'cancelled'
    when booking.status = 'completed'
      or private.call_starts_at(booking.preferred_date, booking.preferred_time) <= now() then 'past'
    when link.moved_at is not null then 'link_used'
    when private.moves_done(booking.id) >= settings.moves_per_booking then 'move_limit'
    when private.call_starts_at(booking.preferred_date, booking.preferred_time)
      < now() + settings.minimum_notice then 'too_late'
    else 'open'
  end
  from private.booking_settings as settings
$$;

revoke all on function private.change_state(public.bookings, private.booking_cancel_tokens) from public;

create function private.change_answer(state text, booking public.bookings) returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'state', state,
    'call', private.change_call(booking),
    'moves_left', greatest(settings.moves_per_booking - private.moves_done(booking.id), 0)
  )
  from private.booking_settings as settings
$$;

revoke all on function private.change_answer(text, public.bookings) from public;

-- The change page's question: which call this link moves, whether it still can, and how often.
create function public.booking_for_change(token text) returns json
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
    return json_build_object('state', 'link_unknown', 'call', null, 'moves_left', 0);
  end if;
  return private.change_answer(private.change_state(booking, link), booking);
end;
$$;

-- A refusal of move_booking, by the reason's name: its code and HTTP status, committed.
create function private.move_refusal(reason text) returns json
language plpgsql
volatile
set search_path = ''
as $$
begin
  return private.refusal(
    case reason
      when 'link_unknown' then 404
      when 'too_many' then 429
      when 'slot_invalid' then 400
      when 'weekend' then 400
      when 'closed' then 400
      when 'too_soon' then 400
      when 'beyond_horizon' then 400
      else 409
    end,
    case reason
      when 'link_unknown' then 'BM001'
      when 'link_used' then 'BM002'
      when 'cancelled' then 'BM003'
      when 'past' then 'BM004'
      when 'too_late' then 'BM005'
      when 'move_limit' then 'BM006'
      when 'same_slot' then 'BM007'
      when 'slot_invalid' then '22023'
      when 'weekend' then 'BK001'
      when 'closed' then 'BK002'
      when 'too_soon' then 'BK003'
      when 'beyond_horizon' then 'BK004'
      when 'taken' then 'PT409'
      when 'busy' then 'BK009'
      when 'too_many' then 'PT429'
    end,
    'The call was not moved',
    reason
  );
end;
$$;

revoke all on function private.move_refusal(text) from public;

-- Counts this call of move_booking and answers whether a flood limit is reached (this one included).
create function private.move_attempt_refused(booking uuid) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  address inet := private.request_client_address();
  settings private.booking_settings;
begin
  select * into settings from private.booking_settings;
  delete from private.booking_move_attempts where attempted_at < now() - interval '1 hour';
  insert into private.booking_move_attempts (booking_id, client_address) values (booking, address);
  return (booking is not null and settings.move_attempts_per_hour < (
      select count(*) from private.booking_move_attempts as attempts where attempts.booking_id = booking))
    or (address is not null and settings.move_attempts_per_network < (
      select count(*) from private.booking_move_attempts as attempts
      where attempts.client_address <<= private.client_network(address)));
end;
$$;

revoke all on function private.move_attempt_refused(uuid) from public;

-- Why the new slot cannot take `booking`'s call, or null. Takes the slot's lock (the insert's) first
-- when it may: a concurrent booking or move of that slot waits for this transaction.
create function private.new_slot_refusal(booking public.bookings, new_date date, new_time text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  slot record;
  starts timestamptz;
begin
  if new_date is null or new_time is null or not (new_time = any (private.slot_times())) then
    return 'slot_invalid';
  end if;
  if new_date = booking.preferred_date and new_time = booking.preferred_time then
    return 'same_slot';
  end if;
  select states.closure into slot
  from private.slot_states(new_date, new_date) as states where states.slot_time = new_time;
  if slot.closure is not null then
    return case slot.closure when 'holiday' then 'closed' else slot.closure end;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('bookings slot ' || new_date || ' ' || new_time, 0));
  if exists (
    select from private.slot_states(new_date, new_date) as states
    where states.slot_time = new_time and states.held
  ) then
    return 'taken';
  end if;
  starts := private.call_starts_at(new_date, new_time);
  if private.is_busy(starts, starts + (select call_duration from private.booking_settings), booking.id) then
    return 'busy';
  end if;
  return null;
end;
$$;

revoke all on function private.new_slot_refusal(public.bookings, date, text) from public;

-- The queued reminder follows the call; one already sent (or being sent) gets a successor.
create function private.move_reminder(booking public.bookings) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  due timestamptz := greatest(
    now(), private.call_starts_at(booking.preferred_date, booking.preferred_time) - interval '24 hours');
begin
  update private.mail_outbox set send_after = due
  where booking_id = booking.id and kind = 'booking_reminder' and status = 'queued'
    and (locked_until is null or locked_until <= now());
  if not found then
    insert into private.mail_outbox (booking_id, kind, send_after) values (booking.id, 'booking_reminder', due);
  end if;
end;
$$;

revoke all on function private.move_reminder(public.bookings) from public;

-- The change page's button: moves the link's call to new_date new_time (Panama), once per link.
create function public.move_booking(token text, new_date date, new_time text) returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  link private.booking_cancel_tokens := private.cancel_token_row(token);
  booking public.bookings;
  old public.bookings;
  refusal text;
  moved private.booking_moves;
begin
  if private.move_attempt_refused(link.booking_id) then
    return private.move_refusal('too_many');
  end if;
  select * into booking from public.bookings where id = link.booking_id for update;
  if not found then
    return private.move_refusal('link_unknown');
  end if;
  -- Two presses at once: the second waits for the first's lock and then reads the link as used.
  select * into link from private.booking_cancel_tokens where token_hash = link.token_hash for update;
  refusal := nullif(private.change_state(booking, link), 'open');
  refusal := coalesce(refusal, private.new_slot_refusal(booking, new_date, new_time));
  if refusal is not null then
    return private.move_refusal(refusal);
  end if;

  old := booking;
  -- In place: the id, and so the invitation's UID, stays; the update frees the old slot.
  update public.bookings
  set preferred_date = new_date, preferred_time = new_time, invitation_sequence = invitation_sequence + 1
  where id = booking.id
  returning * into booking;
  insert into private.booking_moves (booking_id, sequence, from_date, from_time, to_date, to_time)
  values (booking.id, booking.invitation_sequence, old.preferred_date, old.preferred_time, new_date, new_time)
  returning * into moved;
  update private.booking_cancel_tokens set moved_at = now() where token_hash = link.token_hash;
  insert into private.mail_outbox (booking_id, kind, booking_move_id) values
    (booking.id, 'move_confirmation', moved.id),
    (booking.id, 'move_notice', moved.id);
  perform private.move_reminder(booking);
  -- The booking's own event in the agency's calendar is at the old time until the calendar writer
  -- moves it: its busy interval would keep the old slot from being offered again until the next read.
  delete from private.busy_times where event_uid like 'booking-' || booking.id::text || '@%';

  return (private.change_answer('moved', booking)::jsonb || jsonb_build_object(
    'moved_from', json_build_object(
      'preferred_date', old.preferred_date,
      'preferred_time', old.preferred_time,
      'starts_at', private.call_starts_at(old.preferred_date, old.preferred_time)
    )
  ))::json;
end;
$$;

revoke all on function public.booking_for_change(text) from public;
revoke all on function public.move_booking(text, date, text) from public;
grant execute on function public.booking_for_change(text) to anon, authenticated, service_role;
grant execute on function public.move_booking(text, date, text) to anon, authenticated, service_role;

-- A message as the mailer renders it: the booking, and for a "moved" message its move as it was
-- (the new slot, the SEQUENCE it raised to, and the old slot as moved_from), so each message of
-- two quick moves says its own from and to.
create function private.booking_for_message(booking uuid, move bigint) returns json
language sql
stable
security definer
set search_path = ''
as $$
  select (
    private.booking_for_mail(booking)::jsonb || coalesce((
      select jsonb_build_object(
        'preferred_date', moves.to_date,
        'preferred_time', moves.to_time,
        'starts_at', private.call_starts_at(moves.to_date, moves.to_time),
        'invitation_sequence', moves.sequence,
        'moved_from', jsonb_build_object(
          'preferred_date', moves.from_date,
          'preferred_time', moves.from_time,
          'starts_at', private.call_starts_at(moves.from_date, moves.from_time)
        )
      )
      from private.booking_moves as moves
      where moves.id = move
    ), jsonb_build_object('moved_from', null))
  )::json
$$;

revoke all on function private.booking_for_message(uuid, bigint) from public;

-- The claim of 20270105090000, two things changed: the visitor's "moved" message shows the links
-- too (a fresh token), and a booking is rendered by booking_for_message.
create or replace function public.claim_mail(batch_size integer default 10, lease_seconds integer default 120)
returns table (
  message_id bigint, kind text, attempt integer, cancel_token text, booking json, code text, address json
)
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
    returning outbox.id, outbox.kind, outbox.attempts, outbox.booking_id, outbox.address_code_id,
      outbox.booking_move_id
  ), made as (
    select claimed.*,
      case when claimed.address_code_id is not null
        then private.new_address_code(claimed.address_code_id) end as code_mail
    from claimed
  )
  select made.id, made.kind, made.attempts,
    case when made.kind in ('booking_confirmation', 'booking_reminder', 'move_confirmation')
      then private.new_cancel_token(made.booking_id) end,
    case when made.booking_id is not null
      then private.booking_for_message(made.booking_id, made.booking_move_id) end,
    made.code_mail ->> 'code',
    made.code_mail -> 'address'
  from made
  order by made.id;
end;
$$;

-- The one clock (docs/data-retention.md) also forgets the move attempts' addresses after an hour,
-- though no move came since; the rest is 20270105090000's.
create or replace function private.prune_booking_requests() returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  pruned bigint;
  retention interval := (select booking_retention from private.booking_settings);
begin
  delete from private.booking_requests
  where requested_at < now() - (select max(per) from private.booking_limits);
  get diagnostics pruned = row_count;
  delete from private.spent_booking_proofs where expires_at < now();
  delete from private.challenge_requests where requested_at < now() - interval '1 hour';
  delete from private.booking_move_attempts where attempted_at < now() - interval '1 hour';
  delete from private.booking_address_passes where expires_at < now() - interval '1 day';
  -- Codes count toward a mailbox's mails for 24 hours; their outbox rows go with them.
  delete from private.booking_address_codes where requested_at < now() - interval '25 hours';
  delete from private.mail_outbox
  where status in ('sent', 'skipped', 'failed') and coalesce(sent_at, queued_at) < now() - interval '30 days';
  delete from private.booking_cancel_tokens as tokens
  using public.bookings
  where bookings.id = tokens.booking_id
    and private.call_starts_at(bookings.preferred_date, bookings.preferred_time) < now() - interval '30 days';
  -- Calls longer ago than the retention: the booking, and by cascade its context, mail and moves.
  delete from public.bookings
  where private.call_starts_at(preferred_date, preferred_time) < now() - retention;
  return pruned;
end;
$$;
