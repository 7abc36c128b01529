-- The abuse limits' log keeps a visitor's client address and e-mail (private.booking_requests),
-- and it may keep them only as long as the longest limit window needs them (24 hours with the
-- production limits; the Privacy Policy tells visitors so). Until now a row was deleted only when a
-- later booking came, so on a quiet week an address stayed for days. Here one function does the
-- deleting, and it runs on a clock: every 15 minutes through pg_cron on hosted Supabase, and from
-- the booking trigger as before. See docs/data-retention.md.

-- Deletes the log's rows older than the longest window in private.booking_limits; answers how many.
create function private.prune_booking_requests() returns bigint
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
  return pruned;
end;
$$;

comment on function private.prune_booking_requests() is
  'Deletes private.booking_requests rows older than the longest window of private.booking_limits. Run every 15 minutes by pg_cron (job prune-booking-requests) and by each booking.';

-- Only the owner (the cron job, the trigger below, an operator in the SQL editor) runs it.
revoke all on function private.prune_booking_requests() from public;

-- The booking trigger of 20261201090000_limit_booking_requests.sql, unchanged but for its prune,
-- which is now the function above.
create or replace function private.limit_booking_requests() returns trigger
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

  perform private.prune_booking_requests();

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

-- The clock: Supabase Cron (the pg_cron extension), which every hosted project can enable. A job
-- of the same name is replaced, so running this again schedules it once. Jobs run as the role that
-- scheduled them (postgres, which owns the function); each run is listed in cron.job_run_details.
--
-- A Postgres without pg_cron (the local backend's PGlite, or a plain server) skips this block: the
-- local backend calls the same function on a timer of its own (local-backend/src/config.ts,
-- pruneBookingRequestsEveryMs).
do $do$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron with schema pg_catalog;
      -- As Supabase's Cron guide does: the role that applies migrations may use the cron schema.
      execute format('grant usage on schema cron to %I', current_user);
      perform cron.schedule(
        'prune-booking-requests',
        '*/15 * * * *',
        'select private.prune_booking_requests()'
      );
    exception when others then
      -- Installed but not loadable here (not in shared_preload_libraries, or another database's
      -- cron.database_name): the migration still applies, and says what to schedule instead.
      raise warning 'pg_cron cannot be used here (%): schedule select private.prune_booking_requests() every 15 minutes another way', sqlerrm;
    end;
  end if;
end
$do$;
