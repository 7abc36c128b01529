-- The outbox's figures for the kinds one job claims: a mail sender running apart from the calendar
-- writer (MAILER_JOBS, docs/operator.md "Booking mail") asked when its next message falls due and
-- was told "now" by a calendar event it never claims, so it asked again at once, without end, for
-- as long as no writer took the event. mail_queue_stats takes the kinds (null: every kind, as
-- before, for /metrics); the figures are 20270223090000_mail_wake.sql's.

drop function public.mail_queue_stats();

create function public.mail_queue_stats(kinds text[] default null)
returns table (
  queued bigint, due bigint, failed bigint, oldest_due_seconds double precision, next_due_seconds double precision
)
language sql
stable
security definer
set search_path = pg_catalog, pg_temp
as $$
  select count(*) filter (where status = 'queued'),
    count(*) filter (where status = 'queued' and send_after <= now()),
    count(*) filter (where status = 'failed'),
    extract(epoch from now() - min(send_after) filter (where status = 'queued' and send_after <= now()))::double precision,
    extract(epoch from min(greatest(send_after, coalesce(locked_until, send_after))) filter (where status = 'queued') - now())::double precision
  from private.mail_outbox
  where kinds is null or kind = any (kinds)
$$;

comment on function public.mail_queue_stats(text[]) is
  'The outbox for the mailer, of the given kinds (null: every kind): messages queued, due, failed; how long the oldest due one has waited; in how many seconds the next one falls due or its lease ends (negative: now; null: none queued).';

revoke all on function public.mail_queue_stats(text[]) from public, anon, authenticated;
grant execute on function public.mail_queue_stats(text[]) to service_role;
