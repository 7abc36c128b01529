-- Abuse limits on discovery-call requests. The anon key is public, so anyone can post bookings
-- straight to the REST API, bypassing the form. Each booking a visitor adds is logged here and a
-- trigger refuses the next one once a limit is reached, and a statement trigger refuses an array
-- of bookings in one request, with SQLSTATE PT429, which PostgREST answers as HTTP 429 Too Many
-- Requests (message 'Too many booking requests', details naming the limit). Only anon (and
-- authenticated) requests are limited: the agency's own inserts with the service_role key or from
-- the SQL editor are not.
--
-- The numbers live in private.booking_limits so an operator can change them with one UPDATE (see
-- docs/backend.md, "Abuse limits"). The private schema is not exposed by the API: visitors can neither
-- read the log nor change a limit.

create schema if not exists private;
revoke all on schema private from public;

create table private.booking_limits (
  name text primary key check (name in ('per_address', 'per_email', 'site_wide')),
  max_bookings integer not null check (max_bookings > 0),
  per interval not null check (per > interval '0' and per <= interval '7 days'),
  why text not null
);

comment on table private.booking_limits is
  'How many bookings visitors may add in a window; read by private.limit_booking_requests().';

-- The production values, the one place they are written (docs/backend.md, "Abuse limits", says why). The
-- local backend raises per_address and site_wide for development and tests, where every visitor
-- is 127.0.0.1 (local-backend/src/config.ts, keepProductionBookingLimits).
insert into private.booking_limits (name, max_bookings, per, why) values
  ('per_address', 10, interval '1 hour',
   'One client address. A person books once, maybe corrects it once or twice; 10 leaves room for an office or a mobile carrier''s shared address and stops a script after 10 rows an hour.'),
  ('per_email', 3, interval '24 hours',
   'One contact e-mail. A visitor may correct a request once or twice; more is a bot, or someone signing a stranger''s inbox up for our confirmation mails.'),
  ('site_wide', 120, interval '1 minute',
   'Everyone together. Real bookings come a few a day; 120 a minute is never reached by people, and caps a flood from rotating addresses at 2 a second.');

-- One row per booking a visitor added, kept only as long as the longest window needs it. It is
-- written in the booking's own transaction: a refused or invalid booking leaves no row.
create table private.booking_requests (
  id bigint generated always as identity primary key,
  requested_at timestamptz not null default now(),
  -- The client as the API gateway saw it (first X-Forwarded-For entry); null when unknown.
  client_address inet,
  -- lower(btrim(email)) of the booking.
  email text not null
);

create index booking_requests_requested_at_idx on private.booking_requests (requested_at);
create index booking_requests_client_address_idx on private.booking_requests (client_address, requested_at);
create index booking_requests_email_idx on private.booking_requests (email, requested_at);

-- The client's address as PostgREST passes it: request.headers holds the request's headers as
-- JSON, and hosted Supabase's gateway (or the local backend) sets X-Forwarded-For to the
-- connecting client first. Anything unreadable is treated as unknown, never as an error.
create function private.request_client_address() returns inet
language plpgsql
stable
set search_path = ''
as $$
declare
  forwarded text := nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for';
begin
  return nullif(btrim(split_part(forwarded, ',', 1)), '')::inet;
exception
  when others then
    return null;
end;
$$;

create function private.limit_booking_requests() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  visitor_role text := current_setting('role', true);
  address inet := private.request_client_address();
  contact text := lower(btrim(new.email));
  reached record;
begin
  -- `role` is the API role PostgREST switched to; a security definer function keeps it.
  if visitor_role is null or visitor_role not in ('anon', 'authenticated') then
    return new;
  end if;
  -- A retry of a booking that is already stored (its answer was lost) fails on its id as before.
  if new.id is not null and exists (select from public.bookings where id = new.id) then
    return new;
  end if;

  -- One booking at a time is counted, so two requests at once cannot both take the last place.
  perform pg_advisory_xact_lock(hashtext('private.booking_requests'));

  delete from private.booking_requests
  where requested_at < now() - (select max(per) from private.booking_limits);

  select limits.name, limits.max_bookings, limits.per into reached
  from private.booking_limits as limits
  where limits.max_bookings <= (
    select count(*)
    from private.booking_requests as requests
    where requests.requested_at > now() - limits.per
      and case limits.name
        when 'per_address' then address is not null and requests.client_address = address
        when 'per_email' then requests.email = contact
        else true
      end
  )
  order by limits.name
  limit 1;

  if found then
    raise exception 'Too many booking requests'
      using errcode = 'PT429',
        detail = format('limit %s: %s bookings per %s', reached.name, reached.max_bookings, reached.per),
        hint = 'Try again later, or write or call the agency.';
  end if;

  insert into private.booking_requests (client_address, email) values (address, contact);
  return new;
end;
$$;

create trigger bookings_limit_requests
before insert on public.bookings
for each row execute function private.limit_booking_requests();

-- One booking per request. PostgREST inserts a JSON array in one statement, which the row trigger
-- above would count row by row; a statement-level trigger sees the whole statement and refuses
-- more than one row from a visitor, with the same error (the statement, and every row the row
-- trigger logged, is rolled back: nothing is stored).
create function private.refuse_booking_batches() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  visitor_role text := current_setting('role', true);
  row_count bigint;
begin
  if visitor_role is null or visitor_role not in ('anon', 'authenticated') then
    return null;
  end if;
  select count(*) into row_count from inserted_bookings;
  if row_count > 1 then
    raise exception 'Too many booking requests'
      using errcode = 'PT429',
        detail = format('limit per_request: 1 booking per request, %s sent', row_count),
        hint = 'Send one booking per request.';
  end if;
  return null;
end;
$$;

create trigger bookings_one_per_request
after insert on public.bookings
referencing new table as inserted_bookings
for each statement execute function private.refuse_booking_batches();
