/** A console server behind the real api client for the admin feature's tests (docs/product.md#console). */
import type { ConsoleMe, Invitation, Joiner, PendingInsurance, Person, PersonRow } from '@shared/api/admin.js';
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
    surveys: [],
    history: [{ at: '2026-02-21T10:30:00.000Z', action: 'staff.selfie_saved', actor: 'staff:0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e01' }],
    ...overrides,
  };
}

export const HR: ConsoleMe = { role: 'hr', venues: [LEEDS, YORK] };

/** A joiner on the board; override what the test is about. */
export function joiner(overrides: Partial<Joiner> = {}): Joiner {
  return {
    id: '7c2d9e10-3b4a-4c5d-8e6f-0a1b2c3d4e01',
    name: 'Noor Ali',
    email_address: 'noor.ali@example.com',
    venue: LEEDS.name,
    position: 'Chef de partie',
    start_date: '2026-12-07',
    stage: 'details',
    waiting_days: 3,
    link_expires_at: '2026-12-01T09:00:00.000Z',
    ...overrides,
  };
}

/** An insurance document waiting for a decision; override what the test is about. */
export function pendingInsurance(overrides: Partial<PendingInsurance> = {}): PendingInsurance {
  return {
    vehicle_id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d01',
    registration: 'LS21BAR',
    make: 'VOLKSWAGEN',
    model: 'GOLF',
    mot_expiry: '2099-11-30',
    mot_passed: true,
    person: { id: '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e01', name: 'Ava Clarke', venue: LEEDS.name },
    document: { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c01', original_filename: 'motor-insurance.pdf', uri: '/api/rest/file/content/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c01?expires=1&disposition=inline&sig=x' },
    since: '2026-03-11T09:00:00.000Z',
    ...overrides,
  };
}

/** The answer of an invitation or a link sent again; override what the test is about. */
export function invitation(overrides: Partial<Invitation> = {}): Invitation {
  return { staff_id: '7c2d9e10-3b4a-4c5d-8e6f-0a1b2c3d4e09', link: 'http://localhost:3000/onboard/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', reissued: false, mail_problem: null, ...overrides };
}

type Answer = { status: number; data?: unknown };

/**
 * Answers the console's calls like the server: GET /admin/me with `me` (or `meAnswer`), the people
 * list with `rows` (filtered by `search`, paged by `per_page`), a person with `current`, and the
 * three actions updating `current`; the joiners board with `joiners` (an invitation answers
 * `invited`, a resend `invited` reissued, a revoke expires the joiner), and the insurance queue with
 * `queue` (a decision takes the document out). `override` answers a call first when it returns
 * something. `calls()` lists what was asked, as `METHOD /path?query`.
 */
export function fakeConsole(options: {
  me?: ConsoleMe;
  meAnswer?: Answer;
  rows?: PersonRow[];
  current?: Person;
  joiners?: Joiner[];
  invited?: Invitation;
  queue?: PendingInsurance[];
  override?: (call: SeenCall) => Answer | undefined;
} = {}) {
  const state = { current: options.current ?? person(), joiners: options.joiners ?? [], queue: options.queue ?? [] };
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
    const joinerAction = /^POST \/admin\/joiners\/([^/]+)\/(resend|revoke)$/.exec(route);
    const decision = /^POST \/admin\/insurance\/([^/]+)\/(approve|reject)$/.exec(route);
    if (route === 'GET /admin/joiners') return { status: 200, data: { data: state.joiners } };
    if (route === 'POST /admin/joiners') return { status: 200, data: { data: options.invited ?? invitation() } };
    if (joinerAction) {
      const [, id, action] = joinerAction;
      if (!state.joiners.some((each) => each.id === id)) return { status: 404, data: { errors: { message: 'That person was not found.' } } };
      if (action === 'revoke') {
        state.joiners = state.joiners.map((each) => (each.id === id ? { ...each, stage: 'expired', waiting_days: 0 } : each));
        return { status: 204 };
      }
      return { status: 200, data: { data: { ...(options.invited ?? invitation()), staff_id: id, reissued: true } } };
    }
    if (route === 'GET /admin/insurance') return { status: 200, data: { data: state.queue } };
    if (decision) {
      const [, vehicleId, action] = decision;
      state.queue = state.queue.filter((item) => item.vehicle_id !== vehicleId);
      return { status: 200, data: { data: { vehicle_id: vehicleId, decision: action === 'approve' ? 'approved' : 'rejected' } } };
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
