-- A proof of work on every booking a visitor adds. The form pays it once (a fraction of a second,
-- solved while the visitor types); a script pays it for every row, so a flood costs CPU time per
-- row instead of nothing, and an insert without a valid proof is refused before the slot rules
-- and the abuse limits look at it: it never holds a slot and never counts toward any limit (above
-- all not toward site_wide, which real visitors share).
--
-- The format is ALTCHA's (v1, self-hosted, no third party), so a kept solver works in the browser:
--   public.booking_challenge() -> { algorithm: 'SHA-256', challenge, maxnumber, salt, signature }
--   challenge = hex(sha256(salt || number)), number secret in 0..maxnumber,
--   salt = '<random hex>?expires=<unix seconds>', signature = hex(hmac_sha256(challenge, key)).
-- The visitor finds the number and sends base64(json { algorithm, challenge, number, salt,
-- signature }) in the request header X-Booking-Proof on its one insert. A BEFORE INSERT trigger
-- checks signature, expiry, hash and single use, and refuses with SQLSTATE BK005 (HTTP 400;
-- supabase/src/bookingProof.ts names it). Only anon and authenticated inserts need a proof.

-- Hosted Supabase keeps pgcrypto in schema extensions; elsewhere this puts it there.
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

alter table private.booking_settings
  -- The difficulty: a solver tries on average half of it. 10 000 SHA-256 tries (5 000 on average) take a phone's
  -- browser well under a second (docs/backend.md, "Abuse limits", gives the measured figures).
  add column proof_max_number integer not null default 10000
    check (proof_max_number between 1 and 10000000),
  -- How long a challenge may be solved and used: long enough to fill in the form after it starts.
  add column proof_valid_for interval not null default interval '20 minutes'
    check (proof_valid_for between interval '1 minute' and interval '1 day');

comment on column private.booking_settings.proof_max_number is
  'Proof-of-work difficulty: the secret number of a booking challenge is in 0..proof_max_number.';
comment on column private.booking_settings.proof_valid_for is
  'How long a booking challenge stays valid after public.booking_challenge() issued it.';

-- The key challenges are signed with, made here and never leaving the database (the private
-- schema is not exposed). Replacing it invalidates every challenge issued so far, nothing else.
create table private.booking_proof_key (
  only_row boolean primary key default true check (only_row),
  secret bytea not null default extensions.gen_random_bytes(32)
);

insert into private.booking_proof_key default values;

-- Challenges already used by a stored booking: each is good for one row. Written in the booking's
-- transaction, so a refused insert leaves its proof unspent. Kept until the challenge expires.
create table private.spent_booking_proofs (
  challenge text primary key,
  expires_at timestamptz not null,
  -- The transaction that spent it: an array insert is one statement and one proof, and is
  -- refused as a whole by bookings_one_per_request (PT429), not row by row as a replay.
  spent_in xid8 not null default pg_current_xact_id()
);

create index spent_booking_proofs_expires_at_idx on private.spent_booking_proofs (expires_at);

create function public.booking_challenge() returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  settings record;
  key bytea;
  salt text;
  secret_number bigint;
  challenge text;
begin
  select proof_max_number, proof_valid_for into settings from private.booking_settings;
  select secret into key from private.booking_proof_key;
  salt := encode(extensions.gen_random_bytes(12), 'hex')
    || '?expires=' || floor(extract(epoch from now() + settings.proof_valid_for))::bigint;
  -- From the CSPRNG: a predictable number would be a free answer.
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

comment on function public.booking_challenge() is
  'A signed ALTCHA (v1, SHA-256) challenge; its solution goes in the X-Booking-Proof header of one booking insert.';

revoke all on function public.booking_challenge() from public;
grant execute on function public.booking_challenge() to anon, authenticated, service_role;

-- Why a proof is refused, or null when it is good (and now spent).
-- 'missing' | 'unreadable' | 'forged' | 'expired' | 'unsolved' | 'replayed'.
create function private.spend_booking_proof(header text) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  proof json;
  key bytea;
  expires_at timestamptz;
begin
  if header is null or btrim(header) = '' then
    return 'missing';
  end if;
  begin
    proof := convert_from(decode(btrim(header), 'base64'), 'UTF8')::json;
    if json_typeof(proof) <> 'object' or proof ->> 'algorithm' is distinct from 'SHA-256' then
      return 'unreadable';
    end if;
    expires_at := to_timestamp(substring(proof ->> 'salt' from '[?&]expires=([0-9]{1,12})(&|$)')::bigint);
  exception
    when others then
      return 'unreadable';
  end;
  if proof ->> 'challenge' is null or proof ->> 'salt' is null or proof ->> 'number' is null then
    return 'unreadable';
  end if;

  select secret into key from private.booking_proof_key;
  if proof ->> 'signature' is distinct from
      encode(extensions.hmac(convert_to(proof ->> 'challenge', 'UTF8'), key, 'sha256'), 'hex') then
    return 'forged';
  end if;
  -- The salt is part of the signed hash, so its expiry cannot be moved without failing below.
  if expires_at is null or expires_at < now() then
    return 'expired';
  end if;
  if proof ->> 'challenge' is distinct from
      encode(extensions.digest(convert_to((proof ->> 'salt') || (proof ->> 'number'), 'UTF8'), 'sha256'), 'hex') then
    return 'unsolved';
  end if;

  -- A second request with the same proof waits here for the first and, once it commits, is refused.
  insert into private.spent_booking_proofs (challenge, expires_at)
  values (proof ->> 'challenge', expires_at)
  on conflict (challenge) do nothing;
  if not found and not exists (
    select from private.spent_booking_proofs
    where challenge = proof ->> 'challenge' and spent_in = pg_current_xact_id()
  ) then
    return 'replayed';
  end if;
  return null;
end;
$$;

revoke all on function private.spend_booking_proof(text) from public;

create function private.check_booking_proof() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  visitor_role text := current_setting('role', true);
  header text;
  refusal text;
begin
  -- The agency's own inserts (service_role, the SQL editor) need no proof.
  if visitor_role is null or visitor_role not in ('anon', 'authenticated') then
    return new;
  end if;
  begin
    header := nullif(current_setting('request.headers', true), '')::json ->> 'x-booking-proof';
  exception
    when others then
      header := null;
  end;
  refusal := private.spend_booking_proof(header);
  if refusal is not null then
    raise exception 'Booking proof refused'
      using errcode = 'BK005',
        detail = format('proof_%s', refusal),
        hint = 'Ask public.booking_challenge() for a challenge, solve it and send it in the X-Booking-Proof header.';
  end if;
  return new;
end;
$$;

-- Named to fire first: before bookings_check_slot and bookings_limit_requests (same-timing
-- triggers fire in name order), so a booking without a valid proof is refused before any slot
-- lock or limit count.
create trigger bookings_check_proof
before insert on public.bookings
for each row execute function private.check_booking_proof();

-- The clock that prunes the limits' log prunes spent proofs too, once their challenge expired.
create or replace function private.prune_booking_requests() returns bigint
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
  delete from private.spent_booking_proofs where expires_at < now();
  return pruned;
end;
$$;

comment on function private.prune_booking_requests() is
  'Deletes private.booking_requests rows older than the longest window of private.booking_limits (answers how many), and spent proofs whose challenge expired. Run every 15 minutes by pg_cron (job prune-booking-requests) and by each booking.';
