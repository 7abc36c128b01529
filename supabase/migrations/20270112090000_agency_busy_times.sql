-- The agency's own calendar decides the slots (issue 41; docs/backend.md, "Busy times"): a slot
-- whose call overlaps a time the agency's calendar shows as busy is neither offered nor bookable.
--
-- The mailer reads each calendar source (an iCalendar feed) and hands its busy intervals to
-- public.replace_busy_times(source, intervals, read_at), service role only, which replaces that
-- source's last set in one transaction and notes when the source was last read. A feed that could
-- not be read changes nothing: the last set stays until a read succeeds.
--
-- Only when the agency is busy is kept: no title, attendee or description of any event. The one
-- exception, event_uid, is kept only to recognise a booking's own invitation (booking-<id>@<site
-- host>, mailer/src/messages/invitation.ts) once the agency's calendar holds it, so that a booking
-- never blocks its own slot.
--
-- Refusal: BK009, for every role (as a taken slot, PT409); supabase/src/bookingSlots.ts reads it
-- as "taken", so a visitor learns that the time is not available and nothing about why.

-- Each calendar source and when it was last read successfully (for the operator and the metrics).
create table private.busy_sources (
  source text primary key check (source ~ '^[a-z0-9][a-z0-9_.:-]{0,63}$'),
  last_read_at timestamptz not null,
  busy_count integer not null default 0
);

comment on table private.busy_sources is
  'Each calendar source of busy times (e.g. agency-feed) and when the mailer last read it successfully.';

create table private.busy_times (
  id bigint generated always as identity primary key,
  source text not null references private.busy_sources (source) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  event_uid text check (char_length(event_uid) between 1 and 255),
  constraint busy_times_ends_after_starts check (ends_at > starts_at)
);

comment on table private.busy_times is
  'When the agency is busy, per calendar source: a start and an end, nothing else of the event (event_uid only recognises a booking''s own invitation).';

create index busy_times_source_idx on private.busy_times (source);
create index busy_times_span_idx on private.busy_times (starts_at, ends_at);

-- Whether the agency is busy at some moment of [starts, ends), not counting the event of
-- `booking` itself (its invitation's UID is booking-<id>@<site host>; the host is the mailer's).
create function private.is_busy(starts timestamptz, ends timestamptz, booking uuid default null)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select from private.busy_times as busy
    where busy.starts_at < ends and busy.ends_at > starts
      and (booking is null or busy.event_uid is null
        or busy.event_uid not like 'booking-' || booking::text || '@%')
  )
$$;

-- Replaces the busy intervals of `source` with `intervals` (a JSON array of
-- { starts_at, ends_at, event_uid? }) and records `read_at` as its last successful read; answers
-- how many intervals it holds now. A read older than the last one recorded (a slow reader
-- overtaken by a newer one) changes nothing and answers null.
create function public.replace_busy_times(source text, intervals jsonb, read_at timestamptz default now())
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  stored integer;
begin
  if jsonb_typeof(intervals) is distinct from 'array' then
    raise exception 'intervals must be a JSON array'
      using errcode = '22023', hint = 'Send [{"starts_at": …, "ends_at": …, "event_uid": …}, …].';
  end if;
  -- Two readers of one source take turns, so the newer read is the one that stays.
  perform pg_advisory_xact_lock(hashtextextended('busy source ' || source, 0));
  if exists (
    select from private.busy_sources as known
    where known.source = replace_busy_times.source and known.last_read_at > read_at
  ) then
    return null;
  end if;

  insert into private.busy_sources as known (source, last_read_at)
  values (source, read_at)
  on conflict on constraint busy_sources_pkey do update set last_read_at = excluded.last_read_at;
  delete from private.busy_times as busy where busy.source = replace_busy_times.source;
  insert into private.busy_times (source, starts_at, ends_at, event_uid)
  select source, given.starts_at, given.ends_at, nullif(btrim(given.event_uid), '')
  from jsonb_to_recordset(intervals) as given (starts_at timestamptz, ends_at timestamptz, event_uid text);
  get diagnostics stored = row_count;
  update private.busy_sources as known set busy_count = stored
  where known.source = replace_busy_times.source;
  return stored;
end;
$$;

comment on function public.replace_busy_times(text, jsonb, timestamptz) is
  'The mailer''s calendar reader (service role only): replaces a source''s busy intervals and records its last successful read.';

revoke all on function public.replace_busy_times(text, jsonb, timestamptz) from public, anon, authenticated;
grant execute on function public.replace_busy_times(text, jsonb, timestamptz) to service_role;

-- As before, plus `busy`: the call of the slot (call_duration from its start) overlaps a busy
-- time that is not the holding booking's own event. The return type changes, so drop and create.
drop function private.slot_states(date, date);

create function private.slot_states(first_day date, last_day date)
returns table (day date, slot_time text, place bigint, closure text, held boolean, busy boolean)
language sql
stable
set search_path = ''
as $$
  select days.day::date, times.slot_time, times.place,
    case
      when extract(isodow from days.day) in (6, 7) then 'weekend'
      when closed.source = 'date-holidays' then 'holiday'
      when closed.source is not null then 'closed'
      when (days.day::date + times.slot_time::time) at time zone 'America/Panama'
        < now() + settings.minimum_notice then 'too_soon'
      when days.day::date > (now() at time zone 'America/Panama' + settings.booking_horizon)::date
        then 'beyond_horizon'
    end,
    held.preferred_date is not null,
    private.is_busy(
      private.call_starts_at(days.day::date, times.slot_time),
      private.call_starts_at(days.day::date, times.slot_time) + settings.call_duration,
      held.id
    )
  from private.booking_settings as settings
  cross join generate_series(first_day, last_day, interval '1 day') as days (day)
  cross join unnest(private.slot_times()) with ordinality as times (slot_time, place)
  left join private.closed_days as closed on closed.day = days.day::date
  left join public.bookings as held
    on held.preferred_date = days.day::date
    and held.preferred_time = times.slot_time
    and held.status in ('pending', 'confirmed')
$$;

-- As before, but a busy slot is not free, and a day whose every time is held or busy is 'full':
-- to a visitor a busy time looks like a booked one.
create or replace function public.available_slots(from_date date default null, to_date date default null)
returns table (day date, closure text, free_times text[])
language sql
stable
security definer
set search_path = ''
as $$
  with bounds as (
    select greatest(coalesce(from_date, today), today) as first_day,
      least(
        coalesce(to_date, last_day),
        last_day,
        greatest(coalesce(from_date, today), today) + 91
      ) as last_day
    from (
      select private.panama_today() as today,
        (now() at time zone 'America/Panama' + settings.booking_horizon)::date as last_day
      from private.booking_settings as settings
    ) as horizon
  ),
  slots as (
    select states.*
    from bounds, private.slot_states(bounds.first_day, bounds.last_day) as states
  )
  select day,
    case
      when bool_and(closure in ('weekend', 'holiday', 'closed')) then min(closure)
      when bool_or(closure is null and not held and not busy) then null
      when bool_or(held or busy) then 'full'
      else 'no_times_left'
    end as closure,
    coalesce(
      array_agg(slot_time order by place) filter (where closure is null and not held and not busy),
      '{}'
    ) as free_times
  from slots
  group by day
  order by day
$$;

-- As before, plus the busy rule after the held one: for every role, as a taken slot.
create or replace function private.check_booking_slot() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  visitor_role text := current_setting('role', true);
  slot record;
  call_starts timestamptz;
begin
  -- A retry of a booking already stored (its answer was lost) is told so: a unique violation on
  -- the id, which the form reads as "stored".
  if new.id is not null and exists (select from public.bookings where id = new.id) then
    raise exception 'duplicate key value violates unique constraint "bookings_pkey"'
      using errcode = 'unique_violation', constraint = 'bookings_pkey',
        detail = format('Key (id)=(%s) already exists.', new.id);
  end if;

  -- A time that is not one of the eight, or no date: the table's own constraints refuse the row.
  if new.preferred_date is null or not (new.preferred_time = any (private.slot_times())) then
    return new;
  end if;

  if visitor_role in ('anon', 'authenticated') then
    select states.closure into slot
    from private.slot_states(new.preferred_date, new.preferred_date) as states
    where states.slot_time = new.preferred_time;
    if slot.closure is not null then
      raise exception 'This slot cannot be booked: %', replace(slot.closure, '_', ' ')
        using errcode = case slot.closure
            when 'weekend' then 'BK001'
            when 'too_soon' then 'BK003'
            when 'beyond_horizon' then 'BK004'
            else 'BK002'
          end,
          detail = format('%s: %s %s (America/Panama)', slot.closure, new.preferred_date, new.preferred_time),
          hint = 'Ask public.available_slots() for the free slots.';
    end if;
  end if;

  if new.status in ('pending', 'confirmed') then
    -- One insert per slot at a time: the second waits for the first and then sees its row, so it
    -- is told the slot is taken (PT409) rather than meeting the unique index's 23505.
    perform pg_advisory_xact_lock(hashtextextended('bookings slot ' || new.preferred_date || ' ' || new.preferred_time, 0));
    if exists (
      select from private.slot_states(new.preferred_date, new.preferred_date) as states
      where states.slot_time = new.preferred_time and states.held
    ) then
      raise exception 'This slot is already booked'
        using errcode = 'PT409',
          detail = format('slot_taken: %s %s (America/Panama)', new.preferred_date, new.preferred_time),
          hint = 'Ask public.available_slots() for the free slots.';
    end if;
    -- new.id holds the id's default by now: a booking whose own event is already in the agency's
    -- calendar (the agency re-inserting a known id) is not blocked by it.
    call_starts := private.call_starts_at(new.preferred_date, new.preferred_time);
    if private.is_busy(
      call_starts,
      call_starts + (select settings.call_duration from private.booking_settings as settings),
      new.id
    ) then
      raise exception 'This slot is not available'
        using errcode = 'BK009',
          detail = format('slot_busy: %s %s (America/Panama)', new.preferred_date, new.preferred_time),
          hint = 'Ask public.available_slots() for the free slots.';
    end if;
  end if;
  return new;
end;
$$;
