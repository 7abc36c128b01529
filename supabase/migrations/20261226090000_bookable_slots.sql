-- Bookable slots. A booking's slot is preferred_date + preferred_time in America/Panama, and the
-- database is its judge: a visitor (anon, authenticated) may book only a weekday that is not a
-- public holiday or an agency closure, at least the minimum notice ahead and within the booking
-- horizon; nobody, the agency included, may book a slot a pending or confirmed booking holds.
-- Each refusal has a SQLSTATE of its own (supabase/src/bookingSlots.ts names them for the form):
--   BK001 weekend · BK002 closed day (holiday or closure) · BK003 too soon (or past) ·
--   BK004 beyond the horizon · PT409 the slot is taken (HTTP 409; PostgREST answers BK* with 400).
-- public.available_slots() tells the form which slots are free, and nothing else about anyone's booking.

-- The operator's settings, one row, beside private.booking_limits (docs/backend.md, "Bookable slots").
create table private.booking_settings (
  only_row boolean primary key default true check (only_row),
  minimum_notice interval not null default interval '2 hours'
    check (minimum_notice >= interval '0' and minimum_notice <= interval '30 days'),
  booking_horizon interval not null default interval '90 days'
    check (booking_horizon >= interval '1 day' and booking_horizon <= interval '1 year')
);

comment on table private.booking_settings is
  'How far ahead visitors may book: at least minimum_notice from now, at most booking_horizon (whole Panama days) ahead.';

insert into private.booking_settings default values;

-- Days nobody can book: Panama's public holidays (seeded below from date-holidays) and the agency's
-- own closures, which an operator adds with one insert (source 'agency').
create table private.closed_days (
  day date primary key,
  name text not null check (btrim(name) <> ''),
  source text not null default 'agency' check (source in ('date-holidays', 'agency'))
);

comment on table private.closed_days is
  'Days no discovery call can be booked: public holidays (source date-holidays) and agency closures (source agency).';

-- Panama's public holidays 2026-2028: npm run holidays --workspace supabase -- 2026 2028
insert into private.closed_days (day, name, source) values
  ('2026-01-01', 'Año Nuevo', 'date-holidays'),
  ('2026-01-09', 'Día de los Mártires Caídos en la Gesta Patriótica', 'date-holidays'),
  ('2026-02-17', 'Carnaval', 'date-holidays'),
  ('2026-04-03', 'Viernes Santo', 'date-holidays'),
  ('2026-05-01', 'Día del Trabajador', 'date-holidays'),
  ('2026-11-03', 'Día de la Separación (de Colombia)', 'date-holidays'),
  ('2026-11-05', 'Día de Colón', 'date-holidays'),
  ('2026-11-10', 'Primer Grito de Independencia', 'date-holidays'),
  ('2026-11-28', 'Día de la Independencia', 'date-holidays'),
  ('2026-12-08', 'Día de la Madre', 'date-holidays'),
  ('2026-12-20', 'Día de Duelo Nacional', 'date-holidays'),
  ('2026-12-21', 'Día de Duelo Nacional (día sustituto)', 'date-holidays'),
  ('2026-12-25', 'Navidad', 'date-holidays'),
  ('2027-01-01', 'Año Nuevo', 'date-holidays'),
  ('2027-01-09', 'Día de los Mártires Caídos en la Gesta Patriótica', 'date-holidays'),
  ('2027-02-09', 'Carnaval', 'date-holidays'),
  ('2027-03-26', 'Viernes Santo', 'date-holidays'),
  ('2027-05-01', 'Día del Trabajador', 'date-holidays'),
  ('2027-11-03', 'Día de la Separación (de Colombia)', 'date-holidays'),
  ('2027-11-05', 'Día de Colón', 'date-holidays'),
  ('2027-11-10', 'Primer Grito de Independencia', 'date-holidays'),
  ('2027-11-28', 'Día de la Independencia', 'date-holidays'),
  ('2027-11-29', 'Día de la Independencia (día sustituto)', 'date-holidays'),
  ('2027-12-08', 'Día de la Madre', 'date-holidays'),
  ('2027-12-20', 'Día de Duelo Nacional', 'date-holidays'),
  ('2027-12-25', 'Navidad', 'date-holidays'),
  ('2028-01-01', 'Año Nuevo', 'date-holidays'),
  ('2028-01-09', 'Día de los Mártires Caídos en la Gesta Patriótica', 'date-holidays'),
  ('2028-01-10', 'Día de los Mártires Caídos en la Gesta Patriótica (día sustituto)', 'date-holidays'),
  ('2028-02-29', 'Carnaval', 'date-holidays'),
  ('2028-04-14', 'Viernes Santo', 'date-holidays'),
  ('2028-05-01', 'Día del Trabajador', 'date-holidays'),
  ('2028-11-03', 'Día de la Separación (de Colombia)', 'date-holidays'),
  ('2028-11-05', 'Día de Colón', 'date-holidays'),
  ('2028-11-06', 'Día de Colón (día sustituto)', 'date-holidays'),
  ('2028-11-10', 'Primer Grito de Independencia', 'date-holidays'),
  ('2028-11-28', 'Día de la Independencia', 'date-holidays'),
  ('2028-12-08', 'Día de la Madre', 'date-holidays'),
  ('2028-12-20', 'Día de Duelo Nacional', 'date-holidays'),
  ('2028-12-25', 'Navidad', 'date-holidays')
on conflict (day) do nothing;

-- The eight times of SPEC §3, in order (the values bookings_preferred_time_check allows).
create function private.slot_times() returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']
$$;

-- Panama's date now: what "today" means for the form and for every rule below.
create function private.panama_today() returns date
language sql
stable
set search_path = ''
as $$
  select (now() at time zone 'America/Panama')::date
$$;

-- Every slot of the days from first_day to last_day, with why a visitor cannot book it now, not
-- counting other bookings (closure: 'weekend' | 'holiday' | 'closed' | 'too_soon' |
-- 'beyond_horizon', or null) and whether a pending or confirmed booking holds it. The one
-- definition of the rules: the insert trigger and public.available_slots() both read it.
create function private.slot_states(first_day date, last_day date)
returns table (day date, slot_time text, place bigint, closure text, held boolean)
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
    held.preferred_date is not null
  from private.booking_settings as settings
  cross join generate_series(first_day, last_day, interval '1 day') as days (day)
  cross join unnest(private.slot_times()) with ordinality as times (slot_time, place)
  left join private.closed_days as closed on closed.day = days.day::date
  left join public.bookings as held
    on held.preferred_date = days.day::date
    and held.preferred_time = times.slot_time
    and held.status in ('pending', 'confirmed')
$$;

-- Requests stored before this migration may share a slot: the earliest keeps it and the later ones
-- are marked cancelled (still there for the agency to rebook), so the index below can be built.
with doubled as (
  select id, row_number() over (
    partition by preferred_date, preferred_time order by created_at, id
  ) as place
  from public.bookings
  where status in ('pending', 'confirmed')
)
update public.bookings set status = 'cancelled'
from doubled
where doubled.id = bookings.id and doubled.place > 1;

-- The last word on double booking, for every role: two inserts of one slot cannot both commit.
create unique index bookings_held_slot_idx
on public.bookings (preferred_date, preferred_time)
where status in ('pending', 'confirmed');

-- The slot rules of a new booking. It runs before the abuse limits' trigger (names fire in
-- alphabetical order), so a refused slot is never counted.
create function private.check_booking_slot() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  visitor_role text := current_setting('role', true);
  slot record;
begin
  -- A retry of a booking already stored (its answer was lost) is told so, as before this
  -- migration: a unique violation on the id, which the form reads as "stored".
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
  end if;
  return new;
end;
$$;

create trigger bookings_check_slot
before insert on public.bookings
for each row execute function private.check_booking_slot();

-- The old date rule (not before yesterday, UTC) is part of the slot rules now.
drop trigger bookings_refuse_past_dates on public.bookings;
drop function public.bookings_refuse_past_dates();

-- The days from `from_date` to `to_date` (Panama's today and the horizon when null, at most 92
-- days, never before today or past the horizon) with the times a visitor can book on each:
-- closure is 'weekend', 'holiday', 'closed', 'full' (every time booked or too soon, at least one
-- booked) or 'no_times_left' (the rest too soon), else null with free_times listing them.
-- Dates and times only: no field of anyone's booking can be read through it.
create function public.available_slots(from_date date default null, to_date date default null)
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
      when bool_or(closure is null and not held) then null
      when bool_or(held) then 'full'
      else 'no_times_left'
    end as closure,
    coalesce(array_agg(slot_time order by place) filter (where closure is null and not held), '{}') as free_times
  from slots
  group by day
  order by day
$$;

comment on function public.available_slots(date, date) is
  'The bookable discovery-call slots per Panama day (dates and times only), for the booking form.';

revoke all on function public.available_slots(date, date) from public;
grant execute on function public.available_slots(date, date) to anon, authenticated, service_role;
