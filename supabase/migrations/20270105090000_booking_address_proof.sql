-- An address holds nothing, and receives nothing written by someone else, until its owner has
-- answered (docs/backend.md, "The address step"; supabase/src/bookingAddress.ts names it all).
--
--   1. public.request_booking_code(email, language) with the proof of work in X-Booking-Proof:
--      spends the proof whatever it answers, then queues a six-digit code to the address (the
--      mailer makes the code when it claims the message; only its hash is kept) or, with the step
--      turned off, answers a pass at once.
--   2. public.verify_booking_code(email, code): the right code answers a one-time pass; a wrong
--      one counts a try (5 per code).
--   3. The one insert of SPEC §7 carries the pass in X-Booking-Address-Pass; the database refuses
--      an insert without a valid, unused pass for that mailbox (BK006) and spends it on the stored
--      booking. A refused insert (a taken slot) leaves the pass for the visitor's next choice.
--
-- A refusal after a proof was spent is answered through PostgREST's response.status, not raised,
-- so the transaction commits and the proof stays spent: one proof buys one answer.
--
-- Also here: limits key on the mailbox, not the spelling; control characters are refused; the
-- e-mail rule is an address the mail stack delivers to; the proof's salt ends with '&' and is read
-- strictly (ALTCHA's challenge-splicing fix); the challenge RPC has limits of its own; a skipped
-- reminder is 'skipped'; failed mail, old bookings and their contexts are pruned.

alter table private.booking_settings
  add column verify_booking_address boolean not null default true,
  add column address_code_valid_for interval not null default interval '10 minutes'
    check (address_code_valid_for between interval '1 minute' and interval '1 hour'),
  add column address_code_tries integer not null default 5 check (address_code_tries between 1 and 20),
  add column address_code_resend_after interval not null default interval '30 seconds'
    check (address_code_resend_after between interval '0' and interval '10 minutes'),
  add column address_mails_per_day integer not null default 3 check (address_mails_per_day between 1 and 50),
  add column address_pass_valid_for interval not null default interval '30 minutes'
    check (address_pass_valid_for between interval '1 minute' and interval '1 day'),
  add column challenges_per_address integer not null default 60 check (challenges_per_address >= 1),
  add column challenges_site_wide integer not null default 600 check (challenges_site_wide >= 1),
  add column booking_retention interval not null default interval '24 months'
    check (booking_retention >= interval '1 month');

comment on column private.booking_settings.verify_booking_address is
  'Whether a booking needs its address proven by a mailed code first. Off: any address may hold a slot and receive the booking''s mail (docs/backend.md says what that costs).';
comment on column private.booking_settings.address_mails_per_day is
  'Codes one mailbox receives in 24 hours for bookings it did not complete.';
comment on column private.booking_settings.challenges_per_address is
  'public.booking_challenge() calls per client network (/24, /48) an hour.';
comment on column private.booking_settings.challenges_site_wide is
  'public.booking_challenge() calls from everyone a minute.';
comment on column private.booking_settings.booking_retention is
  'Bookings whose call is longer ago than this are deleted with their contexts and mail (the privacy page states it).';

-- One mailbox, however it is spelled: letter case, a +tag anywhere, and the dots Gmail ignores.
create function private.mailbox_of(email text) returns text
language sql
immutable
set search_path = ''
as $$
  with parts as (
    select lower(btrim(substring(email from '^(.*)@'))) as local_part,
      lower(btrim(substring(email from '@([^@]*)$'))) as domain
  ), untagged as (
    select coalesce(nullif(split_part(local_part, '+', 1), ''), local_part) as local_part,
      case when domain = 'googlemail.com' then 'gmail.com' else domain end as domain
    from parts
  )
  select case when domain = 'gmail.com' then replace(local_part, '.', '') else local_part end
    || '@' || domain
  from untagged
$$;

comment on function private.mailbox_of(text) is
  'The mailbox an address reaches: lower case, without +tag, without the dots Gmail ignores. Limits and the code step key on it.';

-- The e-mail rule of supabase/src/bookingRules.ts (EMAIL_PATTERN): an address SMTP without
-- SMTPUTF8, nodemailer and a calendar's ATTENDEE all take. The CHECK and request_booking_code
-- share it.
create function private.is_booking_email(email text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select char_length(email) <= 254
    and email ~ '^[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{0,58}[A-Za-z0-9])$'
$$;

-- Existing rows are not re-judged (NOT VALID): the rules hold for every new booking.
alter table public.bookings drop constraint bookings_email_check;
alter table public.bookings add constraint bookings_email_check
  check (private.is_booking_email(email)) not valid;

-- Control characters (supabase/src/bookingRules.ts, ONE_LINE_FORBIDDEN and MULTI_LINE_FORBIDDEN):
-- one-line fields hold none, so no CR or LF can open a line of its own in an invitation or a mail
-- header; the multi-line fields keep LF only. One constraint a column, so the refusal names it.
alter table public.bookings
  add constraint bookings_full_name_characters_check
    check (full_name !~ '[\u0001-\u001f\u007f-\u009f]') not valid,
  add constraint bookings_email_characters_check
    check (email !~ '[\u0001-\u001f\u007f-\u009f]') not valid,
  add constraint bookings_phone_characters_check
    check (phone !~ '[\u0001-\u001f\u007f-\u009f]') not valid,
  add constraint bookings_company_name_characters_check
    check (company_name !~ '[\u0001-\u001f\u007f-\u009f]') not valid,
  add constraint bookings_website_characters_check
    check (website !~ '[\u0001-\u001f\u007f-\u009f]') not valid,
  add constraint bookings_industry_characters_check
    check (industry !~ '[\u0001-\u001f\u007f-\u009f]') not valid,
  add constraint bookings_current_marketing_characters_check
    check (current_marketing !~ '[\u0001-\u0009\u000b-\u001f\u007f-\u009f]') not valid,
  add constraint bookings_goals_characters_check
    check (goals !~ '[\u0001-\u0009\u000b-\u001f\u007f-\u009f]') not valid,
  add constraint bookings_additional_info_characters_check
    check (additional_info !~ '[\u0001-\u0009\u000b-\u001f\u007f-\u009f]') not valid;

-- Each code a mailbox asked for. The code itself is made when the mailer claims its message and
-- only its hash is kept; a retried send makes a new code.
create table private.booking_address_codes (
  id bigint generated always as identity primary key,
  mailbox text not null,
  -- Where the code goes: the address as the visitor typed it (trimmed).
  email text not null,
  language text not null check (language in ('en', 'es')),
  requested_at timestamptz not null default now(),
  code_hash bytea,
  expires_at timestamptz,
  tries integer not null default 0,
  used_at timestamptz
);

create index booking_address_codes_mailbox_idx on private.booking_address_codes (mailbox, requested_at);

comment on table private.booking_address_codes is
  'One-time codes asked for by request_booking_code: the mailbox, and the SHA-256 of the code once the mailer made it.';

-- A proven address's pass, good for one stored booking of that mailbox.
create table private.booking_address_passes (
  pass_hash bytea primary key,
  mailbox text not null,
  expires_at timestamptz not null,
  used_by uuid
);

create index booking_address_passes_expires_at_idx on private.booking_address_passes (expires_at);

-- Challenges asked for, for booking_challenge's own limits. Kept an hour.
create table private.challenge_requests (
  requested_at timestamptz not null default now(),
  client_address inet
);

create index challenge_requests_idx on private.challenge_requests (requested_at, client_address);

-- Requests whose client address could not be read: the gateway's header missing or misconfigured
-- (docs/backend.md, "The client address"). The mailer reports it in /metrics and its log.
create table private.client_address_misses (
  only_row boolean primary key default true check (only_row),
  unreadable_total bigint not null default 0,
  last_unreadable_at timestamptz
);

insert into private.client_address_misses default values;

-- The address this request came from, counting it as unreadable when it cannot be read.
create function private.counted_client_address() returns inet
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  address inet := private.request_client_address();
begin
  if address is null then
    update private.client_address_misses
    set unreadable_total = unreadable_total + 1, last_unreadable_at = now();
  end if;
  return address;
end;
$$;

revoke all on function private.counted_client_address() from public;

create function public.client_address_stats() returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object('unreadable_total', unreadable_total, 'last_unreadable_at', last_unreadable_at)
  from private.client_address_misses
$$;

revoke all on function public.client_address_stats() from public, anon, authenticated;
grant execute on function public.client_address_stats() to service_role;

-- A refusal that must not roll back what the request already spent: PostgREST answers the
-- function's JSON with this status, and commits.
create function private.refusal(status integer, code text, message text, details text) returns json
language plpgsql
volatile
set search_path = ''
as $$
begin
  perform set_config('response.status', status::text, true);
  return json_build_object('code', code, 'message', message, 'details', details, 'hint', null);
end;
$$;

revoke all on function private.refusal(integer, text, text, text) from public;

-- The challenge RPC, with the salt ALTCHA's authors fixed challenge splicing with: its parameters
-- end with '&', so no digit of the number can extend the expiry. Limited per address and site-wide.
create or replace function public.booking_challenge() returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  settings record;
  key bytea;
  address inet := private.counted_client_address();
  salt text;
  secret_number bigint;
  challenge text;
begin
  select proof_max_number, proof_valid_for, challenges_per_address, challenges_site_wide
  into settings from private.booking_settings;
  if address is not null and settings.challenges_per_address <= (
    select count(*) from private.challenge_requests
    where client_address <<= private.client_network(address) and requested_at > now() - interval '1 hour'
  ) then
    raise exception 'Too many booking challenges'
      using errcode = 'PT429',
        detail = format('limit challenges_per_address: %s per hour', settings.challenges_per_address);
  end if;
  if settings.challenges_site_wide <= (
    select count(*) from private.challenge_requests where requested_at > now() - interval '1 minute'
  ) then
    raise exception 'Too many booking challenges'
      using errcode = 'PT429',
        detail = format('limit challenges_site_wide: %s per minute', settings.challenges_site_wide);
  end if;
  insert into private.challenge_requests (client_address) values (address);

  select secret into key from private.booking_proof_key;
  salt := encode(extensions.gen_random_bytes(12), 'hex')
    || '?expires=' || floor(extract(epoch from now() + settings.proof_valid_for))::bigint || '&';
  secret_number := ('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint
    % (settings.proof_max_number + 1);
  challenge := encode(extensions.digest(convert_to(salt || secret_number, 'UTF8'), 'sha256'), 'hex');
  return json_build_object(
    'algorithm', 'SHA-256',
    'challenge', challenge,
    'maxnumber', settings.proof_max_number,
    'salt', salt,
    'signature', encode(extensions.hmac(convert_to(challenge, 'UTF8'), key, 'sha256'), 'hex')
  );
end;
$$;

-- The proof, read strictly: the salt exactly as booking_challenge makes it, the number plain
-- digits within the difficulty. Spent by one statement: a second use, in this transaction or
-- another, is a replay.
create or replace function private.spend_booking_proof(header text) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  proof json;
  key bytea;
  expires_at timestamptz;
  max_number integer;
begin
  if header is null or btrim(header) = '' then
    return 'missing';
  end if;
  begin
    proof := convert_from(decode(btrim(header), 'base64'), 'UTF8')::json;
    if json_typeof(proof) <> 'object' or proof ->> 'algorithm' is distinct from 'SHA-256'
      or proof ->> 'challenge' is null or proof ->> 'signature' is null
      or coalesce(proof ->> 'salt', '') !~ '^[0-9a-f]{24}\?expires=[0-9]{10}&$'
      or coalesce(proof ->> 'number', '') !~ '^(0|[1-9][0-9]{0,7})$' then
      return 'unreadable';
    end if;
    expires_at := to_timestamp(substring(proof ->> 'salt' from '\?expires=([0-9]{10})&$')::bigint);
  exception
    when others then
      return 'unreadable';
  end;

  select secret into key from private.booking_proof_key;
  if proof ->> 'signature' is distinct from
      encode(extensions.hmac(convert_to(proof ->> 'challenge', 'UTF8'), key, 'sha256'), 'hex') then
    return 'forged';
  end if;
  if expires_at < now() then
    return 'expired';
  end if;
  select proof_max_number into max_number from private.booking_settings;
  if (proof ->> 'number')::bigint > max_number or proof ->> 'challenge' is distinct from
      encode(extensions.digest(convert_to((proof ->> 'salt') || (proof ->> 'number'), 'UTF8'), 'sha256'), 'hex') then
    return 'unsolved';
  end if;

  insert into private.spent_booking_proofs (challenge, expires_at)
  values (proof ->> 'challenge', expires_at)
  on conflict (challenge) do nothing;
  if not found then
    return 'replayed';
  end if;
  return null;
end;
$$;

revoke all on function private.spend_booking_proof(text) from public;

-- A new pass for a mailbox: answers the token (32 random bytes, base64url), stores its hash.
create function private.new_address_pass(box text) returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  pass text := translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');
begin
  insert into private.booking_address_passes (pass_hash, mailbox, expires_at)
  values (extensions.digest(pass, 'sha256'), box,
    now() + (select address_pass_valid_for from private.booking_settings));
  return pass;
end;
$$;

revoke all on function private.new_address_pass(text) from public;

create function public.request_booking_code(email text, language text default 'en') returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  settings private.booking_settings;
  refusal text;
  box text;
  last_request timestamptz;
  open_codes integer;
  wait_seconds integer;
  code_id bigint;
begin
  if email is null or not private.is_booking_email(btrim(email)) then
    raise exception 'Not an address a booking can use'
      using errcode = 'BK008', detail = 'address_invalid',
        hint = 'The e-mail field''s rule: supabase/src/bookingRules.ts, EMAIL_PATTERN.';
  end if;
  perform private.counted_client_address();
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
    return json_build_object('step', 'pass', 'pass', private.new_address_pass(box));
  end if;

  -- One request at a time per mailbox, so two at once cannot both pass the limits below.
  perform pg_advisory_xact_lock(hashtext('private.booking_address_codes'), hashtext(box));
  select max(requested_at), count(*) filter (where used_at is null)
  into last_request, open_codes
  from private.booking_address_codes
  where mailbox = box and requested_at > now() - interval '24 hours';
  if last_request > now() - settings.address_code_resend_after then
    wait_seconds := ceil(extract(epoch from last_request + settings.address_code_resend_after - now()));
    return private.refusal(429, 'PT429', 'Wait before asking for another code',
      format('resend_after %s', greatest(wait_seconds, 1)));
  end if;
  if open_codes >= settings.address_mails_per_day then
    return private.refusal(429, 'PT429', 'Too many codes for this address',
      format('limit mailbox_codes: %s codes per 24 hours', settings.address_mails_per_day));
  end if;

  insert into private.booking_address_codes (mailbox, email, language)
  values (box, btrim(email), case when lower(language) in ('en', 'es') then lower(language) else 'en' end)
  returning id into code_id;
  insert into private.mail_outbox (address_code_id, kind) values (code_id, 'address_code');
  return json_build_object(
    'step', 'code',
    'resend_after_seconds', extract(epoch from settings.address_code_resend_after)::integer,
    'code_valid_seconds', extract(epoch from settings.address_code_valid_for)::integer
  );
end;
$$;

comment on function public.request_booking_code(text, text) is
  'Step 1 of a booking: with a solved proof of work in X-Booking-Proof, mails a one-time code to the address (or answers a pass when the step is off).';

create function public.verify_booking_code(email text, code text) returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  settings private.booking_settings;
  box text := private.mailbox_of(coalesce(email, ''));
  given text := regexp_replace(coalesce(code, ''), '[[:space:]]', '', 'g');
  matched bigint;
  tries_left integer;
begin
  select * into settings from private.booking_settings;
  perform from private.booking_address_codes as codes
  where codes.mailbox = box and codes.code_hash is not null and codes.used_at is null
    and codes.expires_at > now() and codes.tries < settings.address_code_tries
  for update;
  if not found then
    return private.refusal(400, 'BK007', 'Code refused', 'code_expired');
  end if;

  select codes.id into matched
  from private.booking_address_codes as codes
  where codes.mailbox = box and codes.code_hash is not null and codes.used_at is null
    and codes.expires_at > now() and codes.tries < settings.address_code_tries
    and given ~ '^[0-9]{6}$'
    and codes.code_hash = extensions.hmac(convert_to(codes.id || ':' || given, 'UTF8'),
      (select secret from private.booking_proof_key), 'sha256');
  if matched is not null then
    -- Every live code of the mailbox is done with: one answer, one pass.
    update private.booking_address_codes set used_at = now()
    where mailbox = box and used_at is null;
    return json_build_object('pass', private.new_address_pass(box));
  end if;

  update private.booking_address_codes as codes set tries = codes.tries + 1
  where codes.mailbox = box and codes.code_hash is not null and codes.used_at is null
    and codes.expires_at > now() and codes.tries < settings.address_code_tries;
  select max(settings.address_code_tries - codes.tries) into tries_left
  from private.booking_address_codes as codes
  where codes.mailbox = box and codes.code_hash is not null and codes.used_at is null
    and codes.expires_at > now();
  return private.refusal(400, 'BK007', 'Code refused',
    case when coalesce(tries_left, 0) > 0 then 'code_wrong' else 'code_used_up' end);
end;
$$;

comment on function public.verify_booking_code(text, text) is
  'Step 2 of a booking: the code mailed to the address answers a pass for its one insert (X-Booking-Address-Pass).';

revoke all on function public.request_booking_code(text, text) from public;
revoke all on function public.verify_booking_code(text, text) from public;
grant execute on function public.request_booking_code(text, text) to anon, authenticated, service_role;
grant execute on function public.verify_booking_code(text, text) to anon, authenticated, service_role;

-- Why the insert's pass is refused, or null when it is good (and now spent by `booking`).
create function private.spend_address_pass(pass text, email text, booking uuid) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry private.booking_address_passes;
begin
  if pass is null or pass !~ '^[A-Za-z0-9_-]{43}$' then
    return 'missing';
  end if;
  select * into entry from private.booking_address_passes
  where pass_hash = extensions.digest(pass, 'sha256') for update;
  if not found then
    return 'unknown';
  end if;
  if entry.mailbox is distinct from private.mailbox_of(email) then
    return 'other_address';
  end if;
  -- A retry of the booking this pass stored goes on, to be told "already stored" on its id.
  if entry.used_by is not null then
    return case when entry.used_by = booking then null else 'used' end;
  end if;
  if entry.expires_at <= now() then
    return 'expired';
  end if;
  update private.booking_address_passes set used_by = booking where pass_hash = entry.pass_hash;
  return null;
end;
$$;

revoke all on function private.spend_address_pass(text, text, uuid) from public;

-- The insert's first check (same trigger name, so it still fires before the slot rules and the
-- limits): a visitor's booking carries the pass of its mailbox. The proof of work was paid for
-- the code. The agency's own inserts need neither.
create or replace function private.check_booking_proof() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  visitor_role text := current_setting('role', true);
  refusal text;
begin
  if visitor_role is null or visitor_role not in ('anon', 'authenticated') then
    return new;
  end if;
  new.id := coalesce(new.id, gen_random_uuid());
  refusal := private.spend_address_pass(private.request_header('x-booking-address-pass'), new.email, new.id);
  if refusal is not null then
    raise exception 'Booking address not proven'
      using errcode = 'BK006', detail = format('address_%s', refusal),
        hint = 'Ask public.request_booking_code() for a code, answer it with public.verify_booking_code() and send the pass in the X-Booking-Address-Pass header.';
  end if;
  return new;
end;
$$;

-- The limits count the mailbox, not the spelling.
create or replace function private.limit_booking_requests() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  visitor_role text := current_setting('role', true);
  address inet := private.request_client_address();
  network cidr := private.client_network(address);
  contact text := private.mailbox_of(new.email);
  reached record;
begin
  if visitor_role is null or visitor_role not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.id is not null and exists (select from public.bookings where id = new.id) then
    return new;
  end if;

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

-- The outbox carries codes too: a row names a booking or a code, never both.
alter table private.mail_outbox alter column booking_id drop not null;
alter table private.mail_outbox
  add column address_code_id bigint references private.booking_address_codes (id) on delete cascade,
  add constraint mail_outbox_subject_check check ((booking_id is null) <> (address_code_id is null));
alter table private.mail_outbox drop constraint mail_outbox_kind_check;
alter table private.mail_outbox add constraint mail_outbox_kind_check check (kind in (
  'booking_confirmation', 'booking_notice', 'booking_reminder',
  'cancellation_confirmation', 'cancellation_notice', 'address_code'
));
create index mail_outbox_address_code_idx on private.mail_outbox (address_code_id);

-- A code for a claimed address_code message: six digits from the CSPRNG, its hash kept.
create function private.new_address_code(code_id bigint) returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  code text := lpad(
    (('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint % 1000000)::text, 6, '0');
  valid_for interval := (select address_code_valid_for from private.booking_settings);
  entry private.booking_address_codes;
begin
  update private.booking_address_codes
  -- Keyed with the database's secret: a leaked table or backup does not give the codes away.
  -- A retried send makes a new code, but keeps the tries spent; a code already answered is not
  -- mailed again (valid_minutes 0: the mailer skips it).
  set code_hash = extensions.hmac(convert_to(id || ':' || code, 'UTF8'), (select secret from private.booking_proof_key), 'sha256'),
    expires_at = now() + valid_for
  where id = code_id and used_at is null
  returning * into entry;
  if not found then
    select * into entry from private.booking_address_codes where id = code_id;
  end if;
  return json_build_object(
    'code', code,
    'address', json_build_object(
      'email', entry.email,
      'language', entry.language,
      'valid_minutes', case when entry.used_at is null then extract(epoch from valid_for)::integer / 60 else 0 end
    )
  );
end;
$$;

revoke all on function private.new_address_code(bigint) from public;

drop function public.claim_mail(integer, integer);

create function public.claim_mail(batch_size integer default 10, lease_seconds integer default 120)
returns table (
  message_id bigint, kind text, attempt integer, cancel_token text, booking json, code text, address json
)
language plpgsql
volatile
security definer
set search_path = ''
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
      order by due.send_after, due.id
      limit batch_size
      for update skip locked
    )
    returning outbox.id, outbox.kind, outbox.attempts, outbox.booking_id, outbox.address_code_id
  ), made as (
    select claimed.*,
      case when claimed.address_code_id is not null
        then private.new_address_code(claimed.address_code_id) end as code_mail
    from claimed
  )
  select made.id, made.kind, made.attempts,
    case when made.kind in ('booking_confirmation', 'booking_reminder')
      then private.new_cancel_token(made.booking_id) end,
    case when made.booking_id is not null then private.booking_for_mail(made.booking_id) end,
    made.code_mail ->> 'code',
    made.code_mail -> 'address'
  from made
  order by made.id;
end;
$$;

-- A message not sent on purpose (a reminder whose call has begun): skipped, never failed.
create function public.mail_skipped(message_id bigint, attempt integer, reason text) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update private.mail_outbox
  set status = 'skipped', sent_at = now(), locked_until = null, last_error = left(reason, 2000)
  where id = message_id and attempts = attempt and status = 'queued';
  return found;
end;
$$;

revoke all on function public.claim_mail(integer, integer) from public, anon, authenticated;
revoke all on function public.mail_skipped(bigint, integer, text) from public, anon, authenticated;
grant execute on function public.claim_mail(integer, integer) to service_role;
grant execute on function public.mail_skipped(bigint, integer, text) to service_role;

-- The one clock prunes everything kept for a while (docs/data-retention.md).
create or replace function private.prune_booking_requests() returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  pruned bigint;
  retention interval := (select booking_retention from private.booking_settings);
begin
  delete from private.booking_requests
  where requested_at < now() - (select max(per) from private.booking_limits);
  get diagnostics pruned = row_count;
  delete from private.spent_booking_proofs where expires_at < now();
  delete from private.challenge_requests where requested_at < now() - interval '1 hour';
  delete from private.booking_address_passes where expires_at < now() - interval '1 day';
  -- Codes count toward a mailbox's mails for 24 hours; their outbox rows go with them.
  delete from private.booking_address_codes where requested_at < now() - interval '25 hours';
  delete from private.mail_outbox
  where status in ('sent', 'skipped', 'failed') and coalesce(sent_at, queued_at) < now() - interval '30 days';
  delete from private.booking_cancel_tokens as tokens
  using public.bookings
  where bookings.id = tokens.booking_id
    and private.call_starts_at(bookings.preferred_date, bookings.preferred_time) < now() - interval '30 days';
  -- Calls longer ago than the retention: the booking, and by cascade its context and mail.
  delete from public.bookings
  where private.call_starts_at(preferred_date, preferred_time) < now() - retention;
  return pruned;
end;
$$;

comment on function private.prune_booking_requests() is
  'Deletes what is kept for a while: the limits'' log past its longest window (answers how many), spent proofs, challenges, passes and codes past use, mail sent, skipped or failed over 30 days ago, cancel links of calls over 30 days past, and bookings whose call is older than booking_retention. Run every 15 minutes by pg_cron and by each booking.';
