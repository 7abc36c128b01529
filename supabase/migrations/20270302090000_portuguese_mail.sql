-- Brazilian Portuguese (docs/product.md §4): the database and the mailer learn `pt` before any
-- remote offers it. The languages a message can be written in are one table's rows, read by one
-- function, so the next language is an insert: the checks on the stored languages become foreign
-- keys to it, and the three functions that chose between 'en' and 'es' inline are restated here
-- unchanged but for that choice.

create table private.mail_languages (
  code text primary key check (code ~ '^[a-z]{2}$')
);

comment on table private.mail_languages is
  'The languages the mailer writes messages in (its locales). Anything else a visitor sends is mailed in English.';

revoke all on table private.mail_languages from public;

insert into private.mail_languages (code) values ('en'), ('es'), ('pt');

-- The language a message is written in: the one asked for, when the mailer has it, else English.
create function private.mail_language(requested text) returns text
language sql
stable
set search_path = pg_catalog, pg_temp
as $$
  select coalesce(
    (select languages.code from private.mail_languages as languages
     where languages.code = lower(btrim(requested))),
    'en'
  )
$$;

revoke all on function private.mail_language(text) from public;

alter table private.booking_contexts
  drop constraint booking_contexts_language_check,
  add constraint booking_contexts_language_fkey foreign key (language) references private.mail_languages (code);

alter table private.booking_address_codes
  drop constraint booking_address_codes_language_check,
  add constraint booking_address_codes_language_fkey
    foreign key (language) references private.mail_languages (code);

-- The booking's messages in the visitor's language (X-Booking-Language).
create or replace function private.queue_booking_mail() returns trigger
language plpgsql
security definer
set search_path = pg_catalog, pg_temp
as $$
declare
  language text := private.mail_language(private.request_header('x-booking-language'));
  zone text := private.request_header('x-booking-time-zone');
  starts_at timestamptz := private.call_starts_at(new.preferred_date, new.preferred_time);
begin
  if zone is null or char_length(zone) > 64
    or not exists (select from pg_catalog.pg_timezone_names where name = zone) then
    zone := 'America/Panama';
  end if;
  insert into private.booking_contexts (booking_id, language, time_zone) values (new.id, language, zone);

  if new.status in ('pending', 'confirmed') then
    insert into private.mail_outbox (booking_id, kind, send_after) values
      (new.id, 'booking_confirmation', now()),
      (new.id, 'booking_notice', now()),
      -- At once when the call is less than 24 hours away.
      (new.id, 'booking_reminder', greatest(now(), starts_at - interval '24 hours'));
  end if;
  return null;
end;
$$;

-- Step 1 of a booking, its code mail in the visitor's language.
create or replace function public.request_booking_code(email text, language text default 'en', attempt text default null)
returns json
language plpgsql
volatile
security definer
set search_path = pg_catalog, pg_temp
as $$
declare
  settings private.booking_settings;
  refusal text;
  box text;
  network cidr;
  attempt_id text;
  code_id bigint;
begin
  perform private.refuse_cross_site_request();
  if email is null or not private.is_booking_email(btrim(email)) then
    raise exception 'Not an address a booking can use'
      using errcode = 'BK008', detail = 'address_invalid',
        hint = 'The e-mail field''s rule: supabase/src/bookingRules.ts, EMAIL_PATTERN.';
  end if;
  network := private.client_network(private.counted_client_address());
  refusal := private.spend_booking_proof(private.request_header('x-booking-proof'));
  if refusal is not null then
    raise exception 'Booking proof refused'
      using errcode = 'BK005', detail = format('proof_%s', refusal),
        hint = 'Ask public.booking_challenge() for a challenge, solve it and send it in the X-Booking-Proof header.';
  end if;
  -- The proof is spent: from here on every answer commits.

  select * into settings from private.booking_settings;
  box := private.mailbox_of(email);
  if not settings.verify_booking_address then
    return json_build_object('step', 'pass', 'pass', private.new_address_pass(box, email));
  end if;

  -- One request at a time per mailbox and per network, so two at once cannot both pass a limit.
  perform pg_advisory_xact_lock(hashtext('private.booking_address_codes'), hashtext(box));
  perform pg_advisory_xact_lock(hashtext('private.booking_address_codes'), hashtext(coalesce(network::text, '')));
  refusal := private.address_code_limit(settings, box, network);
  if refusal is not null then
    return refusal::json;
  end if;

  attempt_id := case when attempt ~ '^[A-Za-z0-9_-]{43}$' and exists (
      select from private.booking_address_codes as codes
      where codes.attempt_hash = extensions.digest(attempt, 'sha256') and codes.mailbox = box
        and codes.requested_at > now() - interval '24 hours'
    ) then attempt else private.new_secret() end;
  insert into private.booking_address_codes (mailbox, email, language, attempt_hash, client_network)
  values (box, btrim(email), private.mail_language(language),
    extensions.digest(attempt_id, 'sha256'), network)
  returning id into code_id;
  insert into private.mail_outbox (address_code_id, kind) values (code_id, 'address_code');
  return json_build_object(
    'step', 'code',
    'attempt', attempt_id,
    'resend_after_seconds', extract(epoch from settings.address_code_resend_after)::integer,
    'code_valid_seconds', extract(epoch from settings.address_code_valid_for)::integer
  );
end;
$$;

-- The agency's own code mail (docs/operator.md), in the language it names.
create or replace function private.send_address_mail(email text, language text default 'en') returns bigint
language plpgsql
volatile
set search_path = pg_catalog, pg_temp
as $$
declare
  code_id bigint;
begin
  if email is null or not private.is_booking_email(btrim(email)) then
    raise exception 'Not an address a booking can use' using errcode = 'BK008', detail = 'address_invalid';
  end if;
  insert into private.booking_address_codes (mailbox, email, language, attempt_hash)
  values (private.mailbox_of(email), btrim(email),
    private.mail_language(language),
    extensions.digest(private.new_secret(), 'sha256'))
  returning id into code_id;
  insert into private.mail_outbox (address_code_id, kind) values (code_id, 'address_code');
  return code_id;
end;
$$;
