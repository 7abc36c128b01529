-- The clock the slot rules read. In production it is now(). The slot suites set "today" to the
-- calendar's hard days (31 December, the Monday after a holiday on a Sunday, Carnival, 29 February)
-- by writing private.rules_clock_override, which only the database's owner can write: the private
-- schema is closed to every API role, so no visitor, agency key or mailer can move it. A clock
-- function beats a faked system time (libfaketime) because it works the same in PGlite, on a real
-- Postgres and on hosted Supabase, and moves only the rules, not the server's own timestamps.
-- Every function that judged a slot by now() is restated here on private.rules_now(), unchanged
-- otherwise.

create table private.rules_clock_override (
  only_row boolean primary key default true check (only_row),
  now_at timestamptz not null
);

comment on table private.rules_clock_override is
  'Tests only: the instant the slot rules take as now. Empty in production (the rules read now()).';

revoke all on table private.rules_clock_override from public;

-- The instant the slot rules take as now: the override's when a test set one, else now().
create function private.rules_now() returns timestamptz
language sql
stable
set search_path = pg_catalog, pg_temp
as $$
  select coalesce((select override.now_at from private.rules_clock_override as override), pg_catalog.now())
$$;

revoke all on function private.rules_now() from public;

create or replace function private.panama_today() returns date
language sql
stable
set search_path = pg_catalog, pg_temp
as $$
  select (private.rules_now() at time zone 'America/Panama')::date
$$;

create or replace function private.slot_states(first_day date, last_day date)
returns table (day date, slot_time text, place bigint, closure text, held boolean, busy boolean)
language sql
stable
set search_path = pg_catalog, pg_temp
as $$
  select days.day::date, times.slot_time, times.place,
    case
      when extract(isodow from days.day) in (6, 7) then 'weekend'
      when closed.source = 'date-holidays' then 'holiday'
      when closed.source is not null then 'closed'
      when (days.day::date + times.slot_time::time) at time zone 'America/Panama'
        < private.rules_now() + settings.minimum_notice then 'too_soon'
      when days.day::date > (private.rules_now() at time zone 'America/Panama' + settings.booking_horizon)::date
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

create or replace function public.available_slots(from_date date default null, to_date date default null)
returns table (day date, closure text, free_times text[])
language sql
stable
security definer
set search_path = pg_catalog, pg_temp
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
        (private.rules_now() at time zone 'America/Panama' + settings.booking_horizon)::date as last_day
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

create or replace function private.change_state(booking public.bookings, link private.booking_cancel_tokens)
returns text
language sql
stable
security definer
set search_path = pg_catalog, pg_temp
as $$
  select case
    when booking.status = 'cancelled' then 'cancelled'
    when booking.status = 'completed'
      or private.call_starts_at(booking.preferred_date, booking.preferred_time) <= private.rules_now() then 'past'
    when link.moved_at is not null then 'link_used'
    when private.moves_done(booking.id) >= settings.moves_per_booking then 'move_limit'
    when private.call_starts_at(booking.preferred_date, booking.preferred_time)
      < private.rules_now() + settings.minimum_notice then 'too_late'
    else 'open'
  end
  from private.booking_settings as settings
$$;
