-- No stranger stands between a prospect and the agency (docs/backend.md, "The address step" and
-- its threat model; supabase/src/bookingAddress.ts names it all for the form and the tests).
--
--   1. A code belongs to the attempt that asked for it: request_booking_code answers an attempt id
--      only that browser holds; verify_booking_code counts tries per attempt, and a call without
--      the attempt spends nothing and always hears code_refused.
--   2. Holding the mailbox is the key: every code mail carries a one-time link for that spelling,
--      good for the ceiling's window (redeem_booking_link), so a stranger's mails are the prospect's
--      way in. Code mails are limited per mailbox and network, per mailbox (the ceiling), per
--      network across mailboxes, and site-wide by a hard stop far above normal traffic.
--   3. The proof of work grows harder for a network that asks for many codes.
--   4. A pass books the spelling that answered, letter case aside.
--   5. No direction-changing or invisible characters are stored; local parts as mail allows them.
--   6. A call that mails or changes a row must be a JSON call: a web page cannot send one across
--      sites without a CORS preflight.
--   7. Counters for the operator (client_address_stats), pruned with the rest.

alter table private.booking_settings
  add column mailbox_network_codes_per_day integer not null default 3
    check (mailbox_network_codes_per_day between 1 and 20),
  add column network_code_mails_per_hour integer not null default 10
    check (network_code_mails_per_hour between 1 and 1000),
  add column code_mails_site_wide_per_hour integer not null default 600
    check (code_mails_site_wide_per_hour >= 1),
  add column code_checks_per_network_per_hour integer not null default 60
    check (code_checks_per_network_per_hour between 1 and 10000),
  add column address_link_valid_for interval not null default interval '24 hours'
    check (address_link_valid_for between interval '10 minutes' and interval '7 days'),
  add column proof_doubling_requests integer not null default 3
    check (proof_doubling_requests between 1 and 100),
  add column proof_max_doublings integer not null default 6
    check (proof_max_doublings between 0 and 10);

-- The ceiling is now the mailbox's, whoever asks; each network has a smaller share of it.
alter table private.booking_settings alter column address_mails_per_day set default 10;
update private.booking_settings set address_mails_per_day = 10 where address_mails_per_day = 3;

comment on column private.booking_settings.address_mails_per_day is
  'The mailbox''s ceiling: code mails one mailbox receives in 24 hours for bookings it did not complete, whoever asked. Past it, the latest mail''s link is the way in.';
comment on column private.booking_settings.mailbox_network_codes_per_day is
  'Code mails one mailbox receives in 24 hours asked from one network (/24, /48): a stranger needs several networks to reach the ceiling.';
comment on column private.booking_settings.network_code_mails_per_hour is
  'Code mails one network sends to different mailboxes in an hour.';
comment on column private.booking_settings.code_mails_site_wide_per_hour is
  'Hard stop: code mails from everyone in an hour, far above normal traffic (docs/operator.md has the alert below it).';
comment on column private.booking_settings.code_checks_per_network_per_hour is
  'verify_booking_code and redeem_booking_link calls from one network in an hour.';
comment on column private.booking_settings.address_link_valid_for is
  'How long a code mail''s link grants a pass: the ceiling''s window.';
comment on column private.booking_settings.proof_doubling_requests is
  'Each this many unexpired proofs a network spent doubles the proof of work its next challenge asks for.';
comment on column private.booking_settings.proof_max_doublings is
  'The most times a network''s proof of work is doubled.';

-- 1 and 2: each code row is one mail of one attempt; the attempt id and the link are kept as hashes.
alter table private.booking_address_codes
  add column attempt_hash bytea,
  add column client_network cidr,
  add column link_hash bytea,
  add column link_expires_at timestamptz,
  add column link_used_at timestamptz;

create index booking_address_codes_attempt_idx on private.booking_address_codes (attempt_hash);
create unique index booking_address_codes_link_idx on private.booking_address_codes (link_hash);
create index booking_address_codes_network_idx on private.booking_address_codes (client_network, requested_at);
create index booking_address_codes_requested_at_idx on private.booking_address_codes (requested_at);

-- 4: the spelling that answered, lower case.
alter table private.booking_address_passes add column email text;

-- Every verify_booking_code and redeem_booking_link call, for the per-network limit and the
-- operator's wrong-code figures. Kept 25 hours (the privacy page says so).
create table private.address_code_checks (
  checked_at timestamptz not null default now(),
  client_network cidr,
  outcome text not null check (outcome in ('pass', 'wrong', 'used_up', 'expired', 'refused', 'limited'))
);

create index address_code_checks_idx on private.address_code_checks (checked_at, client_network);

-- Times a limit of the address step refused a request: monotonic counters for /metrics.
create table private.address_step_refusals (
  limit_name text primary key,
  total bigint not null default 0
);

insert into private.address_step_refusals (limit_name) values
  ('mailbox_network_codes'), ('mailbox_codes'), ('network_code_mails'), ('code_mails_site_wide'),
  ('code_checks_per_network');

-- 3: which network spent a proof, for the difficulty of its next challenges.
alter table private.spent_booking_proofs add column client_network cidr;

-- A base64url secret of 32 random bytes, the form attempt ids, links and passes take.
create function private.new_secret() returns text
language sql
volatile
set search_path = pg_catalog, pg_temp
as $$
  select translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_')
$$;

revoke all on function private.new_secret() from public;

-- The refusal of a counted limit: adds one to its counter, and answers PT429 without rolling back.
create function private.address_limit_refusal(refused_limit text, message text, details text) returns json
language plpgsql
volatile
set search_path = pg_catalog, pg_temp
as $$
begin
  update private.address_step_refusals set total = total + 1 where limit_name = refused_limit;
  return private.refusal(429, 'PT429', message, details);
end;
$$;

revoke all on function private.address_limit_refusal(text, text, text) from public;

-- 6: a request a page of another site can make without a CORS preflight (a form post, a beacon,
-- fetch with no-cors) carries a safelisted content type or none, and cannot add x-client-info,
-- which supabase-js sends. Requests not through the API (no request.headers: SQL, the mailer's own
-- connection) are not web requests, and pass.
create function private.refuse_cross_site_request() returns void
language plpgsql
stable
set search_path = pg_catalog, pg_temp
as $$
declare
  headers text := nullif(current_setting('request.headers', true), '');
  media_type text := lower(btrim(split_part(coalesce(private.request_header('content-type'), ''), ';', 1)));
begin
  if headers is null or private.request_header('x-client-info') is not null then
    return;
  end if;
  if media_type in ('', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data') then
    raise exception 'Not a JSON request'
      using errcode = 'BK010', detail = 'request_not_json',
        hint = 'Call with Content-Type: application/json (supabase-js does).';
  end if;
end;
$$;

revoke all on function private.refuse_cross_site_request() from public;

-- 3: the challenge's difficulty for the calling network, written into the salt so the proof
-- carries it back signed: each proof_doubling_requests proofs the network spent and that have not
-- expired double it, up to proof_max_doublings times.
create function private.proof_max_number_for(network cidr) returns integer
language sql
stable
set search_path = pg_catalog, pg_temp
as $$
  select least(
    settings.proof_max_number::bigint * (2 ^ least(
      coalesce((select count(*) from private.spent_booking_proofs as spent
        where network is not null and spent.client_network = network and spent.expires_at > now()), 0)
        / settings.proof_doubling_requests,
      settings.proof_max_doublings))::bigint,
    99999999
  )::integer
  from private.booking_settings as settings
$$;

revoke all on function private.proof_max_number_for(cidr) from public;

create or replace function public.booking_challenge() returns json
language plpgsql
volatile
security definer
set search_path = pg_catalog, pg_temp
as $$
declare
  settings record;
  key bytea;
  address inet;
  network cidr;
  max_number integer;
  salt text;
  secret_number bigint;
  challenge text;
begin
  perform private.refuse_cross_site_request();
  address := private.counted_client_address();
  network := private.client_network(address);
  select proof_max_number, proof_valid_for, challenges_per_address, challenges_site_wide
  into settings from private.booking_settings;
  if address is not null and settings.challenges_per_address <= (
    select count(*) from private.challenge_requests
    where client_address <<= network and requested_at > now() - interval '1 hour'
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

  max_number := private.proof_max_number_for(network);
  select secret into key from private.booking_proof_key;
  salt := encode(extensions.gen_random_bytes(12), 'hex')
    || '?expires=' || floor(extract(epoch from now() + settings.proof_valid_for))::bigint || '&'
    || case when max_number > settings.proof_max_number then 'maxnumber=' || max_number || '&' else '' end;
  secret_number := ('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint % (max_number + 1);
  challenge := encode(extensions.digest(convert_to(salt || secret_number, 'UTF8'), 'sha256'), 'hex');
  return json_build_object(
    'algorithm', 'SHA-256',
    'challenge', challenge,
    'maxnumber', max_number,
    'salt', salt,
    'signature', encode(extensions.hmac(convert_to(challenge, 'UTF8'), key, 'sha256'), 'hex')
  );
end;
$$;

-- The proof, read strictly: the salt exactly as booking_challenge makes it (with or without the
-- difficulty it names), the number plain digits within that difficulty. Spent by one statement,
-- with the network that spent it.
create or replace function private.spend_booking_proof(header text) returns text
language plpgsql
security definer
set search_path = pg_catalog, pg_temp
as $$
declare
  proof json;
  key bytea;
  expires_at timestamptz;
  max_number bigint;
begin
  if header is null or btrim(header) = '' then
    return 'missing';
  end if;
  begin
    proof := convert_from(decode(btrim(header), 'base64'), 'UTF8')::json;
    if json_typeof(proof) <> 'object' or proof ->> 'algorithm' is distinct from 'SHA-256'
      or proof ->> 'challenge' is null or proof ->> 'signature' is null
      or coalesce(proof ->> 'salt', '') !~ '^[0-9a-f]{24}\?expires=[0-9]{10}&(maxnumber=[1-9][0-9]{0,7}&)?$'
      or coalesce(proof ->> 'number', '') !~ '^(0|[1-9][0-9]{0,7})$' then
      return 'unreadable';
    end if;
    expires_at := to_timestamp(substring(proof ->> 'salt' from '\?expires=([0-9]{10})&')::bigint);
    max_number := substring(proof ->> 'salt' from '&maxnumber=([0-9]+)&$')::bigint;
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
  max_number := coalesce(max_number, (select proof_max_number from private.booking_settings));
  if (proof ->> 'number')::bigint > max_number or proof ->> 'challenge' is distinct from
      encode(extensions.digest(convert_to((proof ->> 'salt') || (proof ->> 'number'), 'UTF8'), 'sha256'), 'hex') then
    return 'unsolved';
  end if;

  insert into private.spent_booking_proofs (challenge, expires_at, client_network)
  values (proof ->> 'challenge', expires_at, private.client_network(private.request_client_address()))
  on conflict (challenge) do nothing;
  if not found then
    return 'replayed';
  end if;
  return null;
end;
$$;

-- 4: a pass for the spelling that answered (lower case), within its mailbox.
drop function private.new_address_pass(text);

create function private.new_address_pass(box text, email text) returns text
language plpgsql
volatile
security definer
set search_path = pg_catalog, pg_temp
as $$
declare
  pass text := private.new_secret();
begin
  insert into private.booking_address_passes (pass_hash, mailbox, email, expires_at)
  values (extensions.digest(pass, 'sha256'), box, lower(btrim(email)),
    now() + (select address_pass_valid_for from private.booking_settings));
  return pass;
end;
$$;

revoke all on function private.new_address_pass(text, text) from public;

create or replace function private.spend_address_pass(pass text, email text, booking uuid) returns text
language plpgsql
security definer
set search_path = pg_catalog, pg_temp
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
  -- Passes made before this migration name the mailbox only; they expire within the hour.
  if entry.mailbox is distinct from private.mailbox_of(email)
    or (entry.email is not null and entry.email is distinct from lower(btrim(email))) then
    return 'other_address';
  end if;
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

-- The insert's first check: a JSON request, then the pass of the exact address.
create or replace function private.check_booking_proof() returns trigger
language plpgsql
security definer
set search_path = pg_catalog, pg_temp
as $$
declare
  visitor_role text := current_setting('role', true);
  refusal text;
begin
  if visitor_role is null or visitor_role not in ('anon', 'authenticated') then
    return new;
  end if;
  perform private.refuse_cross_site_request();
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

-- 2: the mailer's claim makes the code and the link together; a retried send makes new ones.
create or replace function private.new_address_code(code_id bigint) returns json
language plpgsql
volatile
security definer
set search_path = pg_catalog, pg_temp
as $$
declare
  code text := lpad(
    (('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint % 1000000)::text, 6, '0');
  link text := private.new_secret();
  settings private.booking_settings;
  entry private.booking_address_codes;
begin
  select * into settings from private.booking_settings;
  update private.booking_address_codes
  -- Keyed with the database's secret: a leaked table or backup does not give the codes away.
  set code_hash = extensions.hmac(convert_to(id || ':' || code, 'UTF8'), (select secret from private.booking_proof_key), 'sha256'),
    expires_at = now() + settings.address_code_valid_for,
    link_hash = extensions.digest(link, 'sha256'),
    link_expires_at = requested_at + settings.address_link_valid_for
  where id = code_id and used_at is null
  returning * into entry;
  if not found then
    select * into entry from private.booking_address_codes where id = code_id;
    link := null;
  end if;
  return json_build_object(
    'code', code,
    'address', json_build_object(
      'email', entry.email,
      'language', entry.language,
      'link', link,
      'link_valid_hours', greatest(round(extract(epoch from entry.link_expires_at - now()) / 3600)::integer, 1),
      'valid_minutes', case when entry.used_at is null
        then extract(epoch from settings.address_code_valid_for)::integer / 60 else 0 end
    )
  );
end;
$$;

-- 1 and 2: the code request, with its attempt and every limit. `attempt`: the one this browser
-- already holds for this mailbox, which the new code joins (either code then works for it).
drop function public.request_booking_code(text, text);

create function public.request_booking_code(email text, language text default 'en', attempt text default null)
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
  values (box, btrim(email), case when lower(language) in ('en', 'es') then lower(language) else 'en' end,
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

comment on function public.request_booking_code(text, text, text) is
  'Step 1 of a booking: with a solved proof of work in X-Booking-Proof, mails a one-time code and link to the address for the attempt it answers (or answers a pass when the step is off).';

-- Which limit, if any, refuses a code mail to this mailbox from this network now (the refusal's
-- JSON as text, counted), in the order a visitor can act on: wait, use the link, try later.
create function private.address_code_limit(settings private.booking_settings, box text, network cidr)
returns text
language plpgsql
volatile
set search_path = pg_catalog, pg_temp
as $$
declare
  last_request timestamptz;
  from_here integer;
  open_codes integer;
  wait_seconds integer;
begin
  select max(requested_at) filter (where client_network is not distinct from network),
    count(*) filter (where used_at is null and client_network is not distinct from network),
    count(*) filter (where used_at is null)
  into last_request, from_here, open_codes
  from private.booking_address_codes
  where mailbox = box and requested_at > now() - interval '24 hours';
  if last_request > now() - settings.address_code_resend_after then
    wait_seconds := ceil(extract(epoch from last_request + settings.address_code_resend_after - now()));
    return private.refusal(429, 'PT429', 'Wait before asking for another code',
      format('resend_after %s', greatest(wait_seconds, 1)))::text;
  end if;
  if from_here >= settings.mailbox_network_codes_per_day then
    return private.address_limit_refusal('mailbox_network_codes', 'Too many codes for this address from this network',
      format('limit mailbox_network_codes: %s codes per 24 hours', settings.mailbox_network_codes_per_day))::text;
  end if;
  if open_codes >= settings.address_mails_per_day then
    return private.address_limit_refusal('mailbox_codes', 'Too many codes for this address',
      format('limit mailbox_codes: %s codes per 24 hours', settings.address_mails_per_day))::text;
  end if;
  if network is not null and settings.network_code_mails_per_hour <= (
    select count(distinct mailbox) from private.booking_address_codes
    where client_network = network and requested_at > now() - interval '1 hour' and mailbox <> box
  ) then
    return private.address_limit_refusal('network_code_mails', 'Too many code mails from this network',
      format('limit network_code_mails: %s addresses per hour', settings.network_code_mails_per_hour))::text;
  end if;
  if settings.code_mails_site_wide_per_hour <= (
    select count(*) from private.booking_address_codes where requested_at > now() - interval '1 hour'
  ) then
    return private.address_limit_refusal('code_mails_site_wide', 'Too many code mails',
      format('limit code_mails_site_wide: %s per hour', settings.code_mails_site_wide_per_hour))::text;
  end if;
  return null;
end;
$$;

revoke all on function private.address_code_limit(private.booking_settings, text, cidr) from public;

-- The per-network limit of code checks (verify and redeem), counted with its outcome. Null when
-- the call may go on; else the refusal to answer.
create function private.code_check_limit(network cidr) returns json
language plpgsql
volatile
set search_path = pg_catalog, pg_temp
as $$
declare
  allowed integer := (select code_checks_per_network_per_hour from private.booking_settings);
begin
  if network is not null and allowed <= (
    select count(*) from private.address_code_checks
    where client_network = network and checked_at > now() - interval '1 hour'
  ) then
    insert into private.address_code_checks (client_network, outcome) values (network, 'limited');
    return private.address_limit_refusal('code_checks_per_network', 'Too many code checks from this network',
      format('limit code_checks_per_network: %s per hour', allowed));
  end if;
  return null;
end;
$$;

revoke all on function private.code_check_limit(cidr) from public;

-- 1: the code of this attempt. A caller without the attempt hears code_refused whatever is pending.
drop function public.verify_booking_code(text, text);

create function public.verify_booking_code(email text, code text, attempt text default null) returns json
language plpgsql
volatile
security definer
set search_path = pg_catalog, pg_temp
as $$
declare
  settings private.booking_settings;
  box text := private.mailbox_of(coalesce(email, ''));
  given text := regexp_replace(coalesce(code, ''), '[[:space:]]', '', 'g');
  network cidr;
  attempt_key bytea;
  limited json;
  matched bigint;
  outcome text;
begin
  perform private.refuse_cross_site_request();
  network := private.client_network(private.counted_client_address());
  limited := private.code_check_limit(network);
  if limited is not null then
    return limited;
  end if;
  select * into settings from private.booking_settings;
  attempt_key := case when attempt ~ '^[A-Za-z0-9_-]{43}$' then extensions.digest(attempt, 'sha256') end;
  perform from private.booking_address_codes as codes
  where codes.attempt_hash = attempt_key and codes.mailbox = box
  for update;
  if not found then
    insert into private.address_code_checks (client_network, outcome) values (network, 'refused');
    return private.refusal(400, 'BK007', 'Code refused', 'code_refused');
  end if;

  select codes.id into matched
  from private.booking_address_codes as codes
  where codes.attempt_hash = attempt_key and codes.mailbox = box and codes.code_hash is not null
    and codes.used_at is null and codes.expires_at > now() and codes.tries < settings.address_code_tries
    and given ~ '^[0-9]{6}$'
    and codes.code_hash = extensions.hmac(convert_to(codes.id || ':' || given, 'UTF8'),
      (select secret from private.booking_proof_key), 'sha256');
  if matched is not null then
    -- The attempt is done with: one answer, one pass. Other attempts' mails keep their links.
    update private.booking_address_codes set used_at = now()
    where attempt_hash = attempt_key and mailbox = box and used_at is null;
    insert into private.address_code_checks (client_network, outcome) values (network, 'pass');
    return json_build_object('pass', private.new_address_pass(box, email));
  end if;

  update private.booking_address_codes as codes set tries = codes.tries + 1
  where codes.attempt_hash = attempt_key and codes.mailbox = box and codes.code_hash is not null
    and codes.used_at is null and codes.expires_at > now() and codes.tries < settings.address_code_tries;
  -- A code not yet mailed (code_hash null) cannot have been typed: wrong, and nothing counted.
  select case
      when bool_or(codes.code_hash is null) or bool_or(codes.expires_at > now() and codes.tries < settings.address_code_tries)
        then 'wrong'
      when bool_or(codes.expires_at > now()) then 'used_up'
      else 'expired'
    end
  into outcome
  from private.booking_address_codes as codes
  where codes.attempt_hash = attempt_key and codes.mailbox = box and codes.used_at is null;
  outcome := coalesce(outcome, 'expired');
  insert into private.address_code_checks (client_network, outcome) values (network, outcome);
  return private.refusal(400, 'BK007', 'Code refused', 'code_' || outcome);
end;
$$;

comment on function public.verify_booking_code(text, text, text) is
  'Step 2 of a booking: the code mailed for this attempt answers a pass for its one insert (X-Booking-Address-Pass).';

-- 2: a code mail's link, for the address it went to: a pass, once.
create function public.redeem_booking_link(email text, link text) returns json
language plpgsql
volatile
security definer
set search_path = pg_catalog, pg_temp
as $$
declare
  network cidr;
  limited json;
  entry private.booking_address_codes;
begin
  perform private.refuse_cross_site_request();
  network := private.client_network(private.counted_client_address());
  limited := private.code_check_limit(network);
  if limited is not null then
    return limited;
  end if;
  if link ~ '^[A-Za-z0-9_-]{43}$' then
    select * into entry from private.booking_address_codes
    where link_hash = extensions.digest(link, 'sha256') for update;
  end if;
  if entry.id is null or entry.link_used_at is not null or entry.link_expires_at <= now()
    or lower(entry.email) is distinct from lower(btrim(coalesce(email, ''))) then
    insert into private.address_code_checks (client_network, outcome) values (network, 'refused');
    return private.refusal(400, 'BK009', 'Link refused', 'link_refused');
  end if;
  update private.booking_address_codes set link_used_at = now(), used_at = coalesce(used_at, now())
  where id = entry.id;
  insert into private.address_code_checks (client_network, outcome) values (network, 'pass');
  return json_build_object('pass', private.new_address_pass(entry.mailbox, entry.email), 'email', entry.email);
end;
$$;

comment on function public.redeem_booking_link(text, text) is
  'The link of a code mail, for the address it was sent to: a pass like the right code, once, while the mailbox''s ceiling counts the mail.';

revoke all on function public.request_booking_code(text, text, text) from public;
revoke all on function public.verify_booking_code(text, text, text) from public;
revoke all on function public.redeem_booking_link(text, text) from public;
grant execute on function public.request_booking_code(text, text, text) to anon, authenticated, service_role;
grant execute on function public.verify_booking_code(text, text, text) to anon, authenticated, service_role;
grant execute on function public.redeem_booking_link(text, text) to anon, authenticated, service_role;

-- 5: the e-mail rule of supabase/src/bookingRules.ts (EMAIL_PATTERN), and the characters a
-- field refuses (ONE_LINE_FORBIDDEN, MULTI_LINE_FORBIDDEN). Existing rows are not re-judged.
create or replace function private.is_booking_email(email text) returns boolean
language sql
immutable
set search_path = pg_catalog, pg_temp
as $$
  select char_length(email) <= 254
    and email ~ '^(?=[^@]{1,64}@)[A-Za-z0-9!$''*+_~-]+(\.[A-Za-z0-9!$''*+_~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{0,58}[A-Za-z0-9])$'
$$;

alter table public.bookings
  drop constraint bookings_full_name_characters_check,
  drop constraint bookings_email_characters_check,
  drop constraint bookings_phone_characters_check,
  drop constraint bookings_company_name_characters_check,
  drop constraint bookings_website_characters_check,
  drop constraint bookings_industry_characters_check,
  drop constraint bookings_current_marketing_characters_check,
  drop constraint bookings_goals_characters_check,
  drop constraint bookings_additional_info_characters_check;

alter table public.bookings
  add constraint bookings_full_name_characters_check
    check (full_name !~ '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\u180e\u200b\u2060\ufeff]') not valid,
  add constraint bookings_email_characters_check
    check (email !~ '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\u180e\u200b\u2060\ufeff]') not valid,
  add constraint bookings_phone_characters_check
    check (phone !~ '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\u180e\u200b\u2060\ufeff]') not valid,
  add constraint bookings_company_name_characters_check
    check (company_name !~ '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\u180e\u200b\u2060\ufeff]') not valid,
  add constraint bookings_website_characters_check
    check (website !~ '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\u180e\u200b\u2060\ufeff]') not valid,
  add constraint bookings_industry_characters_check
    check (industry !~ '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\u180e\u200b\u2060\ufeff]') not valid,
  add constraint bookings_current_marketing_characters_check
    check (current_marketing !~ '[\u0001-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]') not valid,
  add constraint bookings_goals_characters_check
    check (goals !~ '[\u0001-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]') not valid,
  add constraint bookings_additional_info_characters_check
    check (additional_info !~ '[\u0001-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]') not valid;

-- 7: the operator's figures, beside the unreadable addresses: refusals by limit (counters), and
-- for the last hour the code mails, the wrong codes, and the most wrong codes from one network.
create or replace function public.client_address_stats() returns json
language sql
stable
security definer
set search_path = pg_catalog, pg_temp
as $$
  select json_build_object(
    'unreadable_total', misses.unreadable_total,
    'last_unreadable_at', misses.last_unreadable_at,
    'address_step', json_build_object(
      'refusals', (select json_object_agg(limit_name, total) from private.address_step_refusals),
      'code_mails_last_hour', (select count(*) from private.booking_address_codes
        where requested_at > now() - interval '1 hour'),
      'wrong_codes_last_hour', (select count(*) from private.address_code_checks
        where outcome in ('wrong', 'used_up', 'refused') and checked_at > now() - interval '1 hour'),
      'most_wrong_codes_one_network_last_hour', coalesce((select max(wrong) from (
        select count(*) as wrong from private.address_code_checks
        where outcome in ('wrong', 'used_up', 'refused') and checked_at > now() - interval '1 hour'
          and client_network is not null
        group by client_network) as per_network), 0)
    )
  )
  from private.client_address_misses as misses
$$;

-- The one clock prunes the new per-network records too (docs/data-retention.md).
create or replace function private.prune_booking_requests() returns bigint
language plpgsql
security definer
set search_path = pg_catalog, pg_temp
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
  delete from private.booking_move_attempts where attempted_at < now() - interval '1 hour';
  delete from private.booking_address_passes where expires_at < now() - interval '1 day';
  -- Codes (and their links) count toward a mailbox's mails for 24 hours; their outbox rows go with them.
  delete from private.booking_address_codes where requested_at < now() - interval '25 hours';
  delete from private.address_code_checks where checked_at < now() - interval '25 hours';
  delete from private.mail_outbox
  where status in ('sent', 'skipped', 'failed') and coalesce(sent_at, queued_at) < now() - interval '30 days';
  delete from private.booking_cancel_tokens as tokens
  using public.bookings
  where bookings.id = tokens.booking_id
    and private.call_starts_at(bookings.preferred_date, bookings.preferred_time) < now() - interval '30 days';
  -- Calls longer ago than the retention: the booking, and by cascade its context, mail and moves.
  delete from public.bookings
  where private.call_starts_at(preferred_date, preferred_time) < now() - retention;
  return pruned;
end;
$$;

-- The agency's own way to help a prospect who wrote in (docs/operator.md, "When a real client hits
-- a limit"): a code mail with its link to the address, past every limit. Owner only.
create function private.send_address_mail(email text, language text default 'en') returns bigint
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
    case when lower(language) in ('en', 'es') then lower(language) else 'en' end,
    extensions.digest(private.new_secret(), 'sha256'))
  returning id into code_id;
  insert into private.mail_outbox (address_code_id, kind) values (code_id, 'address_code');
  return code_id;
end;
$$;

revoke all on function private.send_address_mail(text, text) from public;
