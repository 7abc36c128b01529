-- The local EmailJS stand-in keeps every accepted message here instead of mailing it, so a
-- developer can see what the site would have sent (npm run outbox). Only service_role reads it.
create table if not exists public.email_outbox (
  id bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  service_id text not null,
  template_id text not null,
  template_params jsonb not null,
  lib_version text,
  origin text
);

alter table public.email_outbox enable row level security;
revoke all on table public.email_outbox from anon, authenticated;
grant select on table public.email_outbox to service_role;
