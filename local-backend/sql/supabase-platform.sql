-- What a hosted Supabase project already has before any migration runs: the API roles and the
-- default privileges that hand every new public table to them. Local databases get the same, so
-- the project's migrations meet here exactly what they meet in production.
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

-- Supabase Realtime's "broadcast from the database" (realtime.send): on hosted Supabase it stores
-- the message in realtime.messages, which the Realtime service relays to the topic's subscribers.
-- Here it is a NOTIFY the local backend relays to the websockets of its Realtime stand-in
-- (src/realtime/broadcastSocket.ts), with the same arguments and the same delivery: after commit.
create schema if not exists realtime;

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language sql
set search_path = pg_catalog, pg_temp
as $$
  select pg_notify('realtime_broadcast',
    json_build_object('topic', topic, 'event', event, 'payload', payload, 'private', private)::text)
$$;
