-- The mailer wakes when a message is queued, not at its next poll (docs/operator.md, "Booking
-- mail"; supabase/src/bookingMail.ts, MAIL_WAKE): each row queued in the outbox is broadcast on
-- the private Realtime topic `mail-outbox` (event `queued`, with its kind and when it is due, and
-- nothing of anyone's), which the mailer's service-role client subscribes to. Realtime delivers
-- it after the commit. A broadcast that cannot be sent is dropped, never the row: the mailer's
-- poll is the net beneath. And mail_queue_stats says when the next message falls due, so the
-- mailer wakes then rather than at its next poll.

create function private.announce_queued_mail() returns trigger
language plpgsql
security definer
set search_path = pg_catalog, pg_temp
as $$
begin
  begin
    perform realtime.send(
      jsonb_build_object('kind', new.kind, 'send_after', new.send_after),
      'queued', 'mail-outbox', true);
  exception
    when others then
      -- Realtime unavailable: the mailer finds the row at its next poll.
      null;
  end;
  return null;
end;
$$;

revoke all on function private.announce_queued_mail() from public;

create trigger mail_outbox_announce_queued
  after insert on private.mail_outbox
  for each row execute function private.announce_queued_mail();

drop function public.mail_queue_stats();

create function public.mail_queue_stats()
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
$$;

comment on function public.mail_queue_stats() is
  'The outbox for the mailer: messages queued, due, failed; how long the oldest due one has waited; in how many seconds the next one falls due or its lease ends (negative: now; null: none queued).';

revoke all on function public.mail_queue_stats() from public, anon, authenticated;
grant execute on function public.mail_queue_stats() to service_role;
