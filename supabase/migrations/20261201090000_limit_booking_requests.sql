-- Abuse limits on discovery-call requests. The anon key is public, so anyone can post bookings
-- straight to the REST API, bypassing the form. Each booking a visitor adds is logged here and a
-- trigger refuses the next one once a limit is reached, with SQLSTATE PT429, which PostgREST
-- answers as HTTP 429 Too Many Requests. Only anon (and authenticated) requests are limited: the
-- agency's own inserts with the service_role key or from the SQL editor are not.
--
-- The numbers live in private.booking_limits so an operator can change them with one UPDATE (see
-- README, "Abuse limits"). The private schema is not exposed by the API: visitors can neither
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

insert into private.booking_limits (name, max_bookings, per, why) values
  ('per_address', 5, interval '1 hour',
   'One browser or network. Leaves room for a few colleagues behind one office or mobile-carrier address; stops a script after 5 rows.'),
  ('per_email', 3, interval '1 day',
   'One contact e-mail. A visitor may correct a request once or twice; more is a bot or someone signing up a stranger''s inbox.'),
  ('site_wide', 30, interval '1 hour',
   'Everyone together: several times the agency''s busiest real hour; caps a flood from many addresses at 720 rows a day.');

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
