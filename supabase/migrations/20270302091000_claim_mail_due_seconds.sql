-- The queue-to-send delay (docs/operator.md, "The mailer"): claim_mail also answers how long each
-- message had been due when it was claimed, on the database's clock, so the mailer can measure from
-- a message falling due to its send without comparing two machines' clocks. The rest of the claim
-- is 20270223091000_claim_mail_kinds.sql's.

drop function public.claim_mail(integer, integer, text[]);

create function public.claim_mail(
  batch_size integer default 10, lease_seconds integer default 120, kinds text[] default null
)
returns table (
  message_id bigint, kind text, attempt integer, cancel_token text, booking json, code text, address json,
  due_seconds double precision
)
language plpgsql
volatile
security definer
set search_path = pg_catalog, pg_temp
as $$
#variable_conflict use_column
begin
  if batch_size is null or batch_size not between 1 and 100 then
    raise exception 'batch_size must be 1 to 100' using errcode = '22023';
  end if;
  if lease_seconds is null or lease_seconds not between 5 and 3600 then
    raise exception 'lease_seconds must be 5 to 3600' using errcode = '22023';
  end if;

  update private.mail_outbox as outbox set status = 'skipped'
  from public.bookings
  where bookings.id = outbox.booking_id and outbox.kind = 'booking_reminder' and outbox.status = 'queued'
    and private.call_starts_at(bookings.preferred_date, bookings.preferred_time) <= now();

  return query
  with claimed as (
    update private.mail_outbox as outbox
    set locked_until = now() + make_interval(secs => lease_seconds), attempts = outbox.attempts + 1
    where outbox.id in (
      select due.id
      from private.mail_outbox as due
      where due.status = 'queued' and due.send_after <= now()
        and (due.locked_until is null or due.locked_until <= now())
        and (kinds is null or due.kind = any (kinds))
      order by due.send_after, due.id
      limit batch_size
      for update skip locked
    )
    returning outbox.id, outbox.kind, outbox.attempts, outbox.booking_id, outbox.address_code_id,
      outbox.booking_move_id, outbox.send_after
  ), made as (
    select claimed.*,
      case when claimed.address_code_id is not null
        then private.new_address_code(claimed.address_code_id) end as code_mail
    from claimed
  )
  select made.id, made.kind, made.attempts,
    case when made.kind in ('booking_confirmation', 'booking_reminder', 'move_confirmation')
      then private.new_cancel_token(made.booking_id) end,
    case when made.booking_id is not null
      then private.booking_for_message(made.booking_id, made.booking_move_id) end,
    made.code_mail ->> 'code',
    made.code_mail -> 'address',
    greatest(extract(epoch from now() - made.send_after), 0)::double precision
  from made
  order by made.id;
end;
$$;

revoke all on function public.claim_mail(integer, integer, text[]) from public, anon, authenticated;
grant execute on function public.claim_mail(integer, integer, text[]) to service_role;
