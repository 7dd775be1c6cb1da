/** A console server behind the real api client for the admin feature's tests (docs/product.md#console). */
import type { ConsoleMe, Person, PersonRow } from '@shared/api/admin.js';
import { answerFetch, type SeenCall } from '@web/testing/fetch-answers';

export const LEEDS = { id: '6f1b7c2e-1d2a-4c3b-9e8f-0a1b2c3d4e01', name: 'The Lantern, Leeds' };
export const YORK = { id: '6f1b7c2e-1d2a-4c3b-9e8f-0a1b2c3d4e02', name: 'The Lantern, York' };

/** A row of the people list; override what the test is about. */
export function personRow(overrides: Partial<PersonRow> = {}): PersonRow {
  return {
    id: '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e01',
    name: 'Ava Clarke',
    email_address: 'ava.clarke@example.com',
    venue: LEEDS.name,
    position: 'Bartender',
    start_date: '2026-03-02',
    onboarding: 'complete',
    initial_training_complete: false,
    has_selfie: true,
    role: null,
    ...overrides,
  };
}

/** A person's page; override what the test is about. */
export function person(overrides: Partial<Person> = {}): Person {
  return {
    ...personRow(),
    known_as: 'Ava',
    mobile: '07700 900123',
    date_of_birth: '1999-07-14',
    address: '1 High Street, Leeds, LS1 1AA',
    bank_account: '****5678',
    sort_code: '**-**-56',
    venues_managed: [],
    documents: [
      { id: 'd1', kind: 'contract', title: 'Contract of employment', status: 'signed', issued_at: '2026-02-20T09:00:00.000Z', signed_at: '2026-02-21T10:30:00.000Z' },
    ],
    vehicles: [{ id: 'v1', registration: 'AB12 CDE', insurance: 'pending', mot_expiry: '2026-11-30' }],
    history: [{ at: '2026-02-21T10:30:00.000Z', action: 'staff.selfie_saved', actor: 'staff:0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e01' }],
    ...overrides,
  };
}

export const HR: ConsoleMe = { role: 'hr', venues: [LEEDS, YORK] };

type Answer = { status: number; data?: unknown };

/**
 * Answers the console's calls like the server: GET /admin/me with `me` (or `meAnswer`), the people
 * list with `rows` (filtered by `search`, paged by `per_page`), a person with `current`, and the
 * three actions updating `current`. `override` answers a call first when it returns something.
 * `calls()` lists what was asked, as `METHOD /path?query`.
 */
export function fakeConsole(options: {
  me?: ConsoleMe;
  meAnswer?: Answer;
  rows?: PersonRow[];
  current?: Person;
  override?: (call: SeenCall) => Answer | undefined;
} = {}) {
  const state = { current: options.current ?? person() };
  const rows = options.rows ?? [personRow()];
  const seen = answerFetch((call) => {
    const overridden = options.override?.(call);
    if (overridden) return overridden;
    const url = new URL(call.path, 'http://test');
    const route = `${call.method} ${url.pathname}`;
    if (route === 'GET /admin/me') return options.meAnswer ?? { status: 200, data: { data: options.me ?? HR } };
    if (route === 'GET /admin/people') {
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 25);
      const found = rows.filter((row) => !search || row.name.toLowerCase().includes(search) || row.email_address.includes(search));
      return { status: 200, data: { data: found.slice((page - 1) * perPage, page * perPage), meta: { page, per_page: perPage, total: found.length } } };
    }
    if (route === `GET /admin/people/${state.current.id}`) return { status: 200, data: { data: state.current } };
    if (route === `POST /admin/people/${state.current.id}/training-complete`) {
      state.current = { ...state.current, initial_training_complete: true };
      return { status: 200, data: { data: state.current } };
    }
    if (route === `POST /admin/people/${state.current.id}/selfie-reset`) {
      if (!state.current.has_selfie) return { status: 404, data: { errors: { message: 'That person has no picture to remove.' } } };
      state.current = { ...state.current, has_selfie: false };
      return { status: 200, data: { data: state.current } };
    }
    if (route === `POST /admin/people/${state.current.id}/role`) {
      const body = JSON.parse(call.body) as { role: Person['role']; venue_ids: string[] };
      const names = [LEEDS, YORK].filter((venue) => body.venue_ids.includes(venue.id)).map((venue) => venue.name);
      state.current = { ...state.current, role: body.role, venues_managed: body.role === 'manager' ? names : [] };
      return { status: 200, data: { data: state.current } };
    }
    return { status: 404, data: { errors: { message: 'That person was not found.' } } };
  });
  return {
    state,
    seen,
    calls: () => seen.map((call) => `${call.method} ${call.path}`),
  };
}
