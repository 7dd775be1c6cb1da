-- Generated staff for the scale bench (scripts/bench/scale.mjs) and the query-plan test
-- (tests/api/query-plans.test.ts): members added after the demo seed, each as a settled member
-- leaves them after a while at the group: a selfie, a signed contract and the onboarding it came
-- with, an email second factor, a vehicle with its insurance approved (only the first 20 still wait
-- for HR, so the pending list stays the size HR works through), two past sessions, three audit
-- events, a provider session and an answer to the atmosphere audit (survey 6). Every member signs in
-- with the demo password (the hash of sam.taylor@example.com is copied). Members are numbered :first
-- to :last (staff<n>@generated.example), so a later run adds more. Four in five have left, as years
-- of hospitality's turnover leave a group (docs/product.md#leavers): all but every fifth member
-- (staff5, staff10, ...) have a leaving date some months after they started, a reason, and access
-- that ended at the end of that day in Europe/London; one in fifty of those still employed is
-- leaving in the coming weeks. Statements end with a semicolon at the end of a line; `:first` and
-- `:last` are replaced before they run. Run ANALYZE afterwards.

insert into staff (forename, surname, email_address, venue_id, position, date_of_birth, start_date, password_hash, onboard_complete, initial_training_complete, show_audit, leaving_date, leaving_reason)
select 'Gen' || g, 'Member' || g, 'staff' || g || '@generated.example',
       (array(select id from venues order by name))[1 + g % (select count(*) from venues)::int],
       'Bartender', date '1985-01-01' + g % 9000, date '2020-01-01' + g % 2000,
       (select password_hash from staff where email_address = 'sam.taylor@example.com'), true, true, g % 2 = 0,
       case when g % 5 <> 0 then date '2020-01-01' + g % 2000 + 30 + g % 700
            when g % 250 = 5 then current_date + 1 + g % 40 end,
       case when g % 5 <> 0 or g % 250 = 5 then (array['resigned', 'end_of_contract', 'dismissed', 'other'])[1 + g % 4] end
from generate_series(:first, :last) as g;

-- Those whose access ends in the future are flagged leaving, as recording the leaving does (people/leaving.ts).
update staff set access_ends_at = ((leaving_date + 1)::timestamp at time zone 'Europe/London'),
                 is_leaving = ((leaving_date + 1)::timestamp at time zone 'Europe/London') > now()
where leaving_date is not null and access_ends_at is null and email_address like 'staff%@generated.example'
  and substring(email_address from '^staff([0-9]+)@')::int between :first and :last;

insert into files (owner_staff_id, bucket, original_filename, content_type, size, sha256, storage_key)
select s.id, b.bucket, b.bucket || '.bin', 'image/jpeg', 1000, repeat('0', 64), b.bucket || '/generated-' || s.id
from staff s cross join (values ('selfies'), ('documents')) as b(bucket)
where s.email_address like 'staff%@generated.example' and substring(s.email_address from '^staff([0-9]+)@')::int between :first and :last;

update staff s set selfie_file_id = f.id
from files f
where f.owner_staff_id = s.id and f.bucket = 'selfies' and s.email_address like 'staff%@generated.example' and substring(s.email_address from '^staff([0-9]+)@')::int between :first and :last;

insert into vehicles (staff_id, registration, make, model, colour, fuel_type, insurance_file_id, insurance_approved_by, insurance_updated_at)
select s.id, 'GN' || s.staff_number, 'FORD', 'FIESTA', 'BLUE', 'PETROL', f.id,
       case when s.staff_number > (select min(staff_number) + 19 from staff where email_address like '%@generated.example') then 'HR' end,
       now() - s.staff_number * interval '1 minute'
from staff s join files f on f.owner_staff_id = s.id and f.bucket = 'documents'
where s.email_address like 'staff%@generated.example' and substring(s.email_address from '^staff([0-9]+)@')::int between :first and :last;

insert into documents (kind, staff_id, title, html, document_sha256, signed_at, created_at)
select 'contract', s.id, 'Contract of employment', '<p>Generated contract</p>', repeat('0', 64), now() - interval '30 days', now() - interval '31 days'
from staff s where s.email_address like 'staff%@generated.example' and substring(s.email_address from '^staff([0-9]+)@')::int between :first and :last;

-- Each member joined through onboarding, long finished: the joiners board must skip them all.
insert into onboardings (staff_id, token_hash, expires_at, step, fieldset_id, fields, contract_id, created_at, updated_at, completed_at)
select s.id, encode(sha256(convert_to('onboarding' || s.id::text, 'UTF8')), 'hex'), d.created_at + interval '14 days', 'complete',
       (select id from fieldsets order by created_at limit 1), '[]'::jsonb, d.id, d.created_at, d.signed_at, d.signed_at
from staff s join documents d on d.staff_id = s.id and d.kind = 'contract'
where s.email_address like 'staff%@generated.example' and substring(s.email_address from '^staff([0-9]+)@')::int between :first and :last;

insert into tfa_methods (staff_id, type)
select s.id, 1 from staff s where s.email_address like 'staff%@generated.example' and substring(s.email_address from '^staff([0-9]+)@')::int between :first and :last;

insert into sessions (token_hash, staff_id, created_at, last_seen_at, expires_at, revoked_at, ip, user_agent)
select encode(sha256(convert_to(s.id::text || k, 'UTF8')), 'hex'), s.id,
       now() - k * interval '1 day', now() - k * interval '1 day', now() - k * interval '1 day' + interval '12 hours',
       case when k = 2 then now() - k * interval '1 day' + interval '1 hour' end, '127.0.0.1', 'generated'
from staff s cross join generate_series(1, 2) as k
where s.email_address like 'staff%@generated.example' and substring(s.email_address from '^staff([0-9]+)@')::int between :first and :last;

insert into audit_events (at, staff_id, actor, action, details, ip)
select now() - k * interval '1 day', s.id, 'staff:' || s.id, 'sign-in.password.succeeded', '{}'::jsonb, '127.0.0.1'
from staff s cross join generate_series(1, 3) as k
where s.email_address like 'staff%@generated.example' and substring(s.email_address from '^staff([0-9]+)@')::int between :first and :last;

insert into oidc_payloads (id, type, payload, uid, expires_at)
select md5('session' || s.id), 'Session', jsonb_build_object('accountId', s.id), md5('uid' || s.id), now() + interval '1 day'
from staff s where s.email_address like 'staff%@generated.example' and substring(s.email_address from '^staff([0-9]+)@')::int between :first and :last;

insert into survey_submissions (survey_id, staff_id, submitted_at, answers)
select 6, s.id, now() - s.staff_number * interval '1 second',
       jsonb_build_object('2', s.venue_id::text, '3', '20/11/2026', '4', jsonb_build_object('from', '19:00', 'until', '21:00'),
                          '6', 1 + s.staff_number % 5, '7', 3, '8', 'good', '9', '3-5', '10', 'garden', '11', s.forename || ' ' || s.surname,
                          '13', 'Busy, warm, music a touch loud by the bar. Visit ' || s.staff_number)
from staff s where s.email_address like 'staff%@generated.example' and substring(s.email_address from '^staff([0-9]+)@')::int between :first and :last;

-- Sign-ins under way (the provider's page is open): a tenth of the staff at once, as at a shift change.
insert into auth_requests (state_hash, code_verifier, nonce, redirect_uri, created_at, expires_at)
select encode(sha256(convert_to('state' || g, 'UTF8')), 'hex'), md5('verifier' || g), md5('nonce' || g), 'http://localhost:3000/login', now(), now() + interval '10 minutes'
from generate_series(:first, :last) as g
where g % 10 = 0;
