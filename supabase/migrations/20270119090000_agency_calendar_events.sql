-- Each booking lands in the agency's calendar (issue 41; docs/backend.md, "The agency's calendar").
--
-- The mail outbox gains a kind that is not an e-mail: calendar_event, meaning "make the agency
-- calendar's event for this booking match the booking as it is now". The mailer reads the booking
-- when it claims the row (claim_mail's booking_for_mail, as for every message) and, over CalDAV,
-- writes the event (UID booking-<id>@<site host>, the invitation's own) while the booking holds its
-- slot, or deletes it once the booking is cancelled. A row carries no state of its own, so writing it
-- twice, or two rows of one booking in either order, ends at the booking's current state: delivery
-- is at least once, retried and counted as the mails are (mail_sent, mail_failed, /metrics).
-- Without a CalDAV calendar the mailer records such rows as skipped.
--
-- Queued by triggers in the transaction that changes the booking: its insert, and any update of
-- its date, time or status (a cancellation, or a move that updates the row in place).

alter table private.mail_outbox drop constraint mail_outbox_kind_check;
alter table private.mail_outbox add constraint mail_outbox_kind_check check (kind in (
  'booking_confirmation', 'booking_notice', 'booking_reminder',
  'cancellation_confirmation', 'cancellation_notice', 'address_code', 'calendar_event'
));

-- Queues the booking's calendar_event. An earlier one not yet taken by a mailer is dropped
-- (skipped): the new row writes the same booking as it is now, so nothing is lost, and the agency's
-- calendar server is asked once per round rather than once per change.
create function private.queue_calendar_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.mail_outbox as outbox
  set status = 'skipped', sent_at = now(), last_error = 'superseded by a later change of the booking'
  where outbox.booking_id = new.id and outbox.kind = 'calendar_event' and outbox.status = 'queued'
    and (outbox.locked_until is null or outbox.locked_until <= now());
  insert into private.mail_outbox (booking_id, kind) values (new.id, 'calendar_event');
  return null;
end;
$$;

revoke all on function private.queue_calendar_event() from public;

create trigger bookings_queue_calendar_event
after insert on public.bookings
for each row execute function private.queue_calendar_event();

-- An update that leaves the slot and the status as they were changes nothing in the calendar.
create trigger bookings_queue_calendar_event_change
after update of preferred_date, preferred_time, status on public.bookings
for each row
when (
  old.preferred_date is distinct from new.preferred_date
  or old.preferred_time is distinct from new.preferred_time
  or old.status is distinct from new.status
)
execute function private.queue_calendar_event();
