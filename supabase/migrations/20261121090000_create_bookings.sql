-- Discovery-call requests (SPEC §3, §6). The rules mirror supabase/src/bookingRules.ts: change
-- both together; local-backend's tests check that they agree.

create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  full_name text not null,
  email text not null,
  phone text not null,
  company_name text not null,
  website text not null default '',
  industry text not null,
  company_size text not null,
  current_marketing text not null,
  budget text not null,
  goals text not null,
  preferred_date date not null,
  preferred_time text not null,
  additional_info text not null default '',
  status text not null default 'pending',

  constraint bookings_full_name_check check (btrim(full_name) <> '' and char_length(full_name) <= 120),
  constraint bookings_email_check check (
    char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
  ),
  constraint bookings_phone_check check (phone ~ '^\+?[0-9 \(\)\.\-]{7,32}$'),
  constraint bookings_company_name_check check (btrim(company_name) <> '' and char_length(company_name) <= 160),
  constraint bookings_website_check check (
    website = '' or (char_length(website) <= 2048 and website ~* '^https?://[^[:space:]/?#]+\.[^[:space:]]*$')
  ),
  constraint bookings_industry_check check (btrim(industry) <> '' and char_length(industry) <= 120),
  constraint bookings_company_size_check check (company_size in ('1-10', '11-50', '51-200', '201-500', '500+')),
  constraint bookings_current_marketing_check check (
    btrim(current_marketing) <> '' and char_length(current_marketing) <= 2000
  ),
  constraint bookings_budget_check check (budget in ('500-1000', '1000-2500', '2500-5000', '5k+')),
  constraint bookings_goals_check check (btrim(goals) <> '' and char_length(goals) <= 2000),
  constraint bookings_preferred_time_check check (
    preferred_time in ('9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM')
  ),
  constraint bookings_additional_info_check check (char_length(additional_info) <= 4000),
  constraint bookings_status_check check (status in ('pending', 'confirmed', 'completed', 'cancelled'))
);

comment on table public.bookings is 'Discovery-call requests from the website; anonymous visitors may only add pending ones.';

create index bookings_created_at_idx on public.bookings (created_at desc);

-- A preferred date may not lie in the past. The clock cannot live in a CHECK constraint (it
-- would make existing rows invalid tomorrow), so a trigger checks new rows. One day of slack:
-- a visitor in the Americas can still be on the day before the database's UTC date.
create function public.bookings_refuse_past_dates() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.preferred_date < (now() at time zone 'utc')::date - 1 then
    raise exception 'preferred_date % is in the past', new.preferred_date
      using errcode = 'check_violation', hint = 'Choose today or a later day.';
  end if;
  return new;
end;
$$;

create trigger bookings_refuse_past_dates
before insert on public.bookings
for each row execute function public.bookings_refuse_past_dates();

-- Security: the anon key is public, so anonymous visitors may add a pending booking and do
-- nothing else; they can never read, change or delete one (no other visitor's data leaks).
-- Hosted Supabase grants everything on new tables to anon and authenticated by default.
alter table public.bookings enable row level security;

revoke all on table public.bookings from anon, authenticated;
grant insert (
  id, full_name, email, phone, company_name, website, industry, company_size,
  current_marketing, budget, goals, preferred_date, preferred_time, additional_info, status
) on table public.bookings to anon;
grant all on table public.bookings to service_role;

create policy "Visitors can request a discovery call"
on public.bookings
for insert
to anon
with check (status = 'pending');
