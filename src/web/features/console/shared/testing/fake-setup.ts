/**
 * The Set-up, payroll and add-person calls of the console (docs/product.md#set-up), answered like the
 * server on top of fakeConsole: venues with their till keys, positions (duplicates 409), fieldsets
 * (a file whose name says `bad` is refused as the server would), the payroll CSV and POST /admin/people.
 */
import type { ConsoleFieldsetDetail, ConsolePosition, ConsoleVenue } from '@shared/api/console/setup.js';
import type { ConsoleMe } from '@shared/api/console/shared.js';
import type { Person } from '@shared/api/console/people.js';
import type { SeenCall } from '@web/testing/fetch-answers';
import { fakeConsole, HR, LEEDS, person, YORK } from './fake-console';

type Answer = { status: number; data?: unknown };

/** A venue of Set-up; override what the test is about. */
export function consoleVenue(overrides: Partial<ConsoleVenue> = {}): ConsoleVenue {
  return {
    id: LEEDS.id,
    name: LEEDS.name,
    brand: 'lantern-inns',
    archived: false,
    people: 12,
    till_keys: [],
    ...overrides,
  };
}

/** A position; override what the test is about. */
export function consolePosition(overrides: Partial<ConsolePosition> = {}): ConsolePosition {
  return {
    id: '3d2c1b0a-0000-4000-8000-000000000001',
    name: 'Bartender',
    archived: false,
    created_at: '2026-01-05T09:00:00.000Z',
    ...overrides,
  };
}

/** A fieldset with its fields; override what the test is about. */
export function consoleFieldset(overrides: Partial<ConsoleFieldsetDetail> = {}): ConsoleFieldsetDetail {
  const field = {
    required: false,
    input_pattern: null,
    input_pattern_error: null,
    allowed_values: null,
    dependent_field: null,
    dependent_value: null,
    min_date: null,
    max_date: null,
  };
  return {
    id: '4e3d2c1b-0000-4000-8000-000000000001',
    name: 'UK hospitality joiner',
    fields: [
      { ...field, id: 1, name: 'about_you', label: 'About you', type: 'title' },
      { ...field, id: 2, name: 'known_as', label: 'Known as', type: 'text', required: true },
      {
        ...field,
        id: 3,
        name: 'has_car',
        label: 'Do you drive to work?',
        type: 'radio',
        allowed_values: [
          { key: 'yes', value: 'Yes' },
          { key: 'no', value: 'No' },
        ],
      },
      {
        ...field,
        id: 4,
        name: 'registration',
        label: 'Car registration',
        type: 'text',
        dependent_field: 3,
        dependent_value: 'yes',
      },
    ],
    created_at: '2026-01-05T09:00:00.000Z',
    updated_at: '2026-02-01T09:00:00.000Z',
    ...overrides,
  };
}

const conflict = (message: string): Answer => ({
  status: 409,
  data: { errors: { message, fields: [{ field: 'name', error: 'Another position has this name' }] } },
});

/**
 * fakeConsole answering Set-up's calls too, from `venues`, `positions` and `fieldsets` (changed by the
 * calls as the server would), the payroll CSV with `payrollCsv`, and POST /admin/people with `added`.
 * `override` answers first, as in fakeConsole.
 */
export function fakeSetup(
  options: {
    me?: ConsoleMe;
    venues?: ConsoleVenue[];
    positions?: ConsolePosition[];
    fieldsets?: ConsoleFieldsetDetail[];
    payrollCsv?: string;
    added?: Person;
    override?: (call: SeenCall) => Answer | undefined;
  } = {},
) {
  let venues = options.venues ?? [consoleVenue(), consoleVenue({ id: YORK.id, name: YORK.name, people: 7 })];
  let positions = options.positions ?? [consolePosition()];
  let fieldsets = options.fieldsets ?? [consoleFieldset()];
  let keys = 0;

  const answer = (call: SeenCall): Answer | undefined => {
    const url = new URL(call.path, 'http://test');
    const route = `${call.method} ${url.pathname}`;
    const body = () => JSON.parse(call.body || '{}') as Record<string, unknown>;
    if (route === 'GET /admin/venues') return { status: 200, data: { data: venues } };
    if (route === 'POST /admin/venues') {
      const { name, brand } = body() as { name: string; brand: string };
      if (venues.some((v) => v.name === name))
        return {
          status: 409,
          data: {
            errors: {
              message: `A venue is already called "${name}".`,
              fields: [{ field: 'name', error: 'Another venue has this name' }],
            },
          },
        };
      const made = consoleVenue({
        id: `6f1b7c2e-1d2a-4c3b-9e8f-0a1b2c3d4e${String(venues.length + 10)}`,
        name,
        brand,
        people: 0,
      });
      venues = [...venues, made];
      return { status: 200, data: { data: made } };
    }
    const venueChange = /^POST \/admin\/venues\/([^/]+)$/.exec(route);
    if (venueChange) {
      const found = venues.find((v) => v.id === venueChange[1]);
      if (!found) return { status: 404, data: { errors: { message: 'That venue was not found.' } } };
      const change = body() as Partial<ConsoleVenue>;
      const saved = { ...found, ...change };
      venues = venues.map((v) => (v.id === found.id ? saved : v));
      return { status: 200, data: { data: saved } };
    }
    const tillKey = /^POST \/admin\/venues\/([^/]+)\/till-keys$/.exec(route);
    if (tillKey) {
      const found = venues.find((v) => v.id === tillKey[1]);
      if (!found) return { status: 404, data: { errors: { message: 'That venue was not found.' } } };
      keys += 1;
      const id = `8a7b6c5d-0000-4000-8000-00000000000${keys}`;
      venues = venues.map((v) =>
        v.id === found.id
          ? { ...v, till_keys: [...v.till_keys, { id, created_at: '2026-03-10T09:00:00.000Z', revoked_at: null }] }
          : v,
      );
      return { status: 200, data: { data: { id, key: `till_secret${keys}`, venue: found.name } } };
    }
    const revoke = /^POST \/admin\/till-keys\/([^/]+)\/revoke$/.exec(route);
    if (revoke) {
      venues = venues.map((v) => ({
        ...v,
        till_keys: v.till_keys.map((k) => (k.id === revoke[1] ? { ...k, revoked_at: '2026-03-11T09:00:00.000Z' } : k)),
      }));
      return { status: 204 };
    }
    if (route === 'GET /admin/positions') return { status: 200, data: { data: positions } };
    if (route === 'POST /admin/positions') {
      const { name } = body() as { name: string };
      if (positions.some((p) => !p.archived && p.name.toLowerCase() === name.toLowerCase()))
        return conflict(`A position is already called "${name}".`);
      const made = consolePosition({ id: `3d2c1b0a-0000-4000-8000-0000000000${positions.length + 10}`, name });
      positions = [...positions, made];
      return { status: 200, data: { data: made } };
    }
    const positionChange = /^POST \/admin\/positions\/([^/]+)$/.exec(route);
    if (positionChange) {
      const found = positions.find((p) => p.id === positionChange[1]);
      if (!found) return { status: 404, data: { errors: { message: 'That position was not found.' } } };
      const change = body() as { name?: string; archived?: boolean };
      if (
        change.name &&
        positions.some((p) => p.id !== found.id && !p.archived && p.name.toLowerCase() === change.name!.toLowerCase())
      )
        return conflict(`A position is already called "${change.name}".`);
      const saved = { ...found, ...change };
      positions = positions.map((p) => (p.id === found.id ? saved : p));
      return { status: 200, data: { data: saved } };
    }
    if (route === 'GET /admin/fieldsets') {
      return {
        status: 200,
        data: { data: fieldsets.map(({ fields, ...rest }) => ({ ...rest, fields: fields.length })) },
      };
    }
    const fieldset = /^GET \/admin\/fieldsets\/([^/]+)$/.exec(route);
    if (fieldset) {
      const found = fieldsets.find((f) => f.id === fieldset[1]);
      return found
        ? { status: 200, data: { data: found } }
        : { status: 404, data: { errors: { message: 'That fieldset was not found.' } } };
    }
    if (route === 'POST /admin/fieldsets') {
      const { filename } = body() as { filename: string };
      if (filename.includes('bad'))
        return {
          status: 400,
          data: { errors: { message: `${filename} is not a valid fieldset:\n  fields.0.type: Invalid option` } },
        };
      const made = consoleFieldset({
        id: '4e3d2c1b-0000-4000-8000-000000000002',
        name: 'Kitchen joiner',
        updated_at: '2026-03-12T09:00:00.000Z',
      });
      fieldsets = [made, ...fieldsets];
      return { status: 200, data: { data: { id: made.id, created: true } } };
    }
    if (route === 'GET /admin/payroll.csv')
      return { status: 200, data: options.payrollCsv ?? 'forename,surname\r\nAva,Clarke\r\n' };
    if (route === 'POST /admin/people')
      return {
        status: 200,
        data: { data: options.added ?? person({ id: '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e77', name: 'Pat Lee' }) },
      };
    return undefined;
  };

  return fakeConsole({
    me: options.me ?? HR,
    current: options.added,
    override: (call) => options.override?.(call) ?? answer(call),
  });
}

const METHOD_ID = '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e99';
const CHALLENGE = 'c0ffee00-0000-4000-8000-000000000001';

/**
 * An `override` that answers 402 to the calls `needsStepUp` names until the two-factor dialog has been
 * passed with an emailed code, as the server does for a session without a recent second factor.
 */
export function stepUpOverride(needsStepUp: (route: string) => boolean) {
  let verified = false;
  return (call: SeenCall): Answer | undefined => {
    const route = `${call.method} ${call.path.replace(/\?.*/, '')}`;
    if (needsStepUp(route) && !verified)
      return { status: 402, data: { errors: { message: 'Please confirm it is you before doing this.' } } };
    if (route === 'GET /bouncer/tfa/my-methods') {
      return {
        status: 200,
        data: {
          data: [
            {
              id: METHOD_ID,
              setup_complete: true,
              deleted: false,
              type: { id: 1, name: 'Email code', description: 'A code by email' },
            },
          ],
          meta: { page: 1, per_page: 20, total: 1 },
        },
      };
    }
    if (route === `POST /bouncer/tfa-logged-in/initiate/${METHOD_ID}`)
      return {
        status: 200,
        data: { data: { code: CHALLENGE, sent_to: 'p****@example.com', expires_at: '2030-01-01T10:10:00.000Z' } },
      };
    if (route === `POST /bouncer/tfa-logged-in/${CHALLENGE}/verify`) {
      verified = true;
      return { status: 200, data: { data: { verified: true, valid_until: '2030-01-01T10:15:00.000Z' } } };
    }
    return undefined;
  };
}
