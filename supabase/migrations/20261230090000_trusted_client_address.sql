-- The client address the abuse limits count, and a limit per network. Until now the address was
-- the FIRST X-Forwarded-For entry, which the client writes itself: a script rotating forged
-- entries was 150 "visitors" and filled site_wide for everyone. Proxies append to that header, so
-- the entry a trusted proxy wrote is counted from the RIGHT; which header and how many trusted
-- proxies stand in front of PostgREST are operator settings in private.booking_settings
-- (docs/backend.md, "Abuse limits", says what to set on hosted Supabase).
--
-- per_network counts a /24 (IPv4) or /48 (IPv6) together: a script renting addresses usually gets
-- them from one provider's block, while real visitors of one network book a few times a day.

alter table private.booking_settings
  -- The request header (lower case, as PostgREST passes it) that the outermost trusted proxy sets
  -- or appends to. cf-connecting-ip: Cloudflare, in front of hosted Supabase, writes it with the
  -- address that connected to it and overwrites whatever the client sent.
  add column client_address_header text not null default 'cf-connecting-ip'
    check (client_address_header ~ '^[a-z0-9-]+$'),
  -- How many proxies we trust appended an entry to that header: the address is that many entries
  -- from the right (1: the last entry, the one the proxy next to PostgREST wrote).
  add column trusted_proxies integer not null default 1
    check (trusted_proxies between 1 and 10);

comment on column private.booking_settings.client_address_header is
  'Header holding the client address as the trusted gateway wrote it (x-forwarded-for, cf-connecting-ip, ...).';
comment on column private.booking_settings.trusted_proxies is
  'How many trusted proxies appended to client_address_header: the address is the entry this many from the right.';

-- The client's address as the trusted gateway saw it; null when unknown or unreadable, never an
-- error (a visitor is then held by per_email, site_wide and the proof of work).
create or replace function private.request_client_address() returns inet
language plpgsql
stable
set search_path = ''
as $$
declare
  settings record;
  entries text[];
  place integer;
begin
  select client_address_header, trusted_proxies into settings from private.booking_settings;
  entries := string_to_array(
    nullif(current_setting('request.headers', true), '')::json ->> settings.client_address_header,
    ','
  );
  place := cardinality(entries) - settings.trusted_proxies + 1;
  if place is null or place < 1 then
    -- Fewer entries than trusted proxies: the request did not come through all of them.
    return null;
  end if;
  return nullif(btrim(entries[place]), '')::inet;
exception
  when others then
    return null;
end;
$$;

-- The network an address belongs to for per_network: its /24 or /48.
create function private.client_network(address inet) returns cidr
language sql
immutable
set search_path = ''
as $$
  select network(set_masklen(address, case family(address) when 4 then 24 else 48 end))::cidr
$$;

alter table private.booking_limits drop constraint booking_limits_name_check;
alter table private.booking_limits add constraint booking_limits_name_check
  check (name in ('per_address', 'per_network', 'per_email', 'site_wide'));

insert into private.booking_limits (name, max_bookings, per, why) values
  ('per_network', 20, interval '1 hour',
   'One /24 (IPv4) or /48 (IPv6) network. Twice per_address: an office or a carrier''s pool may hold a few real visitors, but a script renting addresses in one block stops after 20 rows an hour.');

-- The booking trigger of 20261215090000_prune_booking_requests.sql with the per_network count.
create or replace function private.limit_booking_requests() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  visitor_role text := current_setting('role', true);
  address inet := private.request_client_address();
  network cidr := private.client_network(address);
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

  perform private.prune_booking_requests();

  select limits.name, limits.max_bookings, limits.per into reached
  from private.booking_limits as limits
  where limits.max_bookings <= (
    select count(*)
    from private.booking_requests as requests
    where requests.requested_at > now() - limits.per
      and case limits.name
        when 'per_address' then address is not null and requests.client_address = address
        when 'per_network' then network is not null and requests.client_address <<= network
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
