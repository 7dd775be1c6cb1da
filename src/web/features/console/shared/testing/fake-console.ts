/** A console server behind the real api client for the admin feature's tests (docs/product.md#console). */
import type { ConsoleDocument, DocumentPreview } from '@shared/api/console/documents.js';
import type { DocumentTemplate } from '@shared/api/console/templates.js';
import type { ConsoleMe } from '@shared/api/console/shared.js';
import type { ConsoleSurvey, SurveyResults } from '@shared/api/console/surveys.js';
import type { Invitation, Joiner } from '@shared/api/console/joiners.js';
import type { PendingInsurance } from '@shared/api/console/insurance.js';
import type { Person, PersonRow } from '@shared/api/console/people.js';
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
    leaving_date: null,
    leaving_reason: null,
    access_ends_at: null,
    left: false,
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
      {
        id: 'd1',
        kind: 'contract',
        title: 'Contract of employment',
        status: 'signed',
        issued_at: '2026-02-20T09:00:00.000Z',
        signed_at: '2026-02-21T10:30:00.000Z',
        signed_pdf: '/api/admin/documents/d1/pdf',
      },
    ],
    vehicles: [
      { id: 'v1', registration: 'AB12 CDE', insurance: 'pending', cover_ends: null, mot_expiry: '2026-11-30' },
      { id: 'v2', registration: 'YK19 ALE', insurance: 'approved', cover_ends: '2099-03-31', mot_expiry: null },
    ],
    surveys: [],
    history: [
      {
        at: '2026-02-21T10:30:00.000Z',
        action: 'staff.selfie_saved',
        actor: 'staff:0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e01',
      },
    ],
    ...overrides,
  };
}

export const HR: ConsoleMe = { role: 'hr', venues: [LEEDS, YORK], password_links: true };

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
    document: {
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c01',
      original_filename: 'motor-insurance.pdf',
      uri: '/api/rest/file/content/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c01?expires=1&disposition=inline&sig=x',
    },
    since: '2026-03-11T09:00:00.000Z',
    ...overrides,
  };
}

/** The answer of an invitation or a link sent again; override what the test is about. */
export function invitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    staff_id: '7c2d9e10-3b4a-4c5d-8e6f-0a1b2c3d4e09',
    link: 'http://localhost:3000/onboard/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    reissued: false,
    mail_problem: null,
    ...overrides,
  };
}

/** A stored document template; override what the test is about. */
export function documentTemplate(overrides: Partial<DocumentTemplate> = {}): DocumentTemplate {
  return {
    id: '3d4e5f60-7182-4a3b-9c4d-5e6f7a8b9c01',
    name: 'Bar staff contract',
    kind: 'contract',
    type: 'html',
    filename: 'bar-contract.html',
    created_by: 'Morgan Hughes',
    created_at: '2026-02-01T09:00:00.000Z',
    archived_at: null,
    ...overrides,
  };
}

/** A document in the console's documents list; override what the test is about. */
export function consoleDocument(overrides: Partial<ConsoleDocument> = {}): ConsoleDocument {
  return {
    id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a01',
    kind: 'contract',
    title: 'Contract of employment',
    status: 'signed',
    person: { id: '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e01', name: 'Ava Clarke', venue: LEEDS.name },
    issued_at: '2026-02-20T09:00:00.000Z',
    signed_at: '2026-02-21T10:30:00.000Z',
    expires_at: '2026-03-06T09:00:00.000Z',
    signed_pdf: '/api/admin/documents/e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a01/pdf',
    ...overrides,
  };
}

/** A survey of the console's list, at version 1 unless `versions` says otherwise; override what the test is about. */
export function consoleSurvey(overrides: Partial<ConsoleSurvey> = {}): ConsoleSurvey {
  return {
    id: 8,
    name: 'Weekly pulse',
    questions: 3,
    responses: 2,
    version: 1,
    versions: [
      { version: 1, name: 'Weekly pulse', questions: 3, responses: 2, created_at: '2026-03-02T09:00:00.000Z' },
    ],
    ...overrides,
  };
}

/** One version's results of survey 8: a bars, a radio and a text question; override what the test is about. */
export function surveyResults(overrides: Partial<SurveyResults> = {}): SurveyResults {
  return {
    id: 8,
    name: 'Weekly pulse',
    responses: 2,
    version: 1,
    current_version: 1,
    versions: consoleSurvey().versions,
    questions: [
      {
        id: 1,
        question: 'How was the week?',
        type: 'bars',
        answered: 2,
        counts: ['1', '2', '3', '4', '5'].map((key) => ({
          key,
          label: key,
          count: key === '2' || key === '5' ? 1 : 0,
        })),
        answers: null,
      },
      {
        id: 2,
        question: 'Shift',
        type: 'radio',
        answered: 2,
        counts: [
          { key: 'am', label: 'Morning', count: 1 },
          { key: 'pm', label: 'Evening', count: 1 },
        ],
        answers: null,
      },
      {
        id: 3,
        question: 'Anything else?',
        type: 'textarea',
        answered: 2,
        counts: null,
        answers: ['Short-staffed', 'Busy but fun'],
      },
    ],
    ...overrides,
  };
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
export function fakeConsole(
  options: {
    me?: ConsoleMe;
    meAnswer?: Answer;
    rows?: PersonRow[];
    current?: Person;
    joiners?: Joiner[];
    invited?: Invitation;
    queue?: PendingInsurance[];
    /** Stored templates (GET /admin/templates; an upload adds one, an archive marks it). */
    templates?: DocumentTemplate[];
    /** The documents list (GET /admin/documents, filtered by status and search, 25 a page). */
    documents?: ConsoleDocument[];
    /** What a preview answers (both preview calls). */
    preview?: DocumentPreview;
    /** GET /admin/surveys; POST /admin/surveys answers the next id (a new survey) or the next version. */
    surveys?: ConsoleSurvey[];
    /** GET /admin/surveys/:id/results[?version=N]: the one of that id and version (default: its current_version). */
    results?: SurveyResults[];
    override?: (call: SeenCall) => Answer | undefined;
  } = {},
) {
  const state = { current: options.current ?? person(), joiners: options.joiners ?? [], queue: options.queue ?? [] };
  const rows = options.rows ?? [personRow()];
  let templates = options.templates ?? [];
  /** The documents screen's and templates screen's calls. */
  const answerDocuments = (call: SeenCall, url: URL, route: string): Answer | undefined => {
    const templateAction = /^POST \/admin\/templates\/([^/]+)\/(preview|archive)$/.exec(route);
    if (route === 'GET /admin/templates') {
      const archived = url.searchParams.get('archived') === 'true';
      return { status: 200, data: { data: templates.filter((each) => archived || !each.archived_at) } };
    }
    if (route === 'POST /admin/templates') {
      const body = JSON.parse(call.body) as {
        name: string;
        kind: DocumentTemplate['kind'];
        template: { filename: string };
      };
      const made = documentTemplate({
        id: `t${templates.length + 1}`,
        name: body.name,
        kind: body.kind,
        filename: body.template.filename,
        type: body.template.filename.endsWith('.pdf') ? 'pdf' : 'html',
      });
      templates = [...templates, made];
      return { status: 200, data: { data: made } };
    }
    if (templateAction) {
      const [, id, action] = templateAction;
      const found = templates.find((each) => each.id === id);
      if (!found) return { status: 404, data: { errors: { message: 'That template was not found.' } } };
      if (action === 'archive') {
        templates = templates.map((each) =>
          each.id === id ? { ...each, archived_at: '2026-03-01T09:00:00.000Z' } : each,
        );
        return { status: 200, data: { data: { ...found, archived_at: '2026-03-01T09:00:00.000Z' } } };
      }
      return {
        status: 200,
        data: { data: options.preview ?? { title: found.name, html: '<p>Dear Ava,</p>', pdf_uri: null } },
      };
    }
    if (route === 'POST /admin/documents/preview')
      return {
        status: 200,
        data: { data: options.preview ?? { title: 'Contract', html: '<p>Dear Ava,</p>', pdf_uri: null } },
      };
    if (route === 'POST /admin/documents') {
      const body = JSON.parse(call.body) as { staff_ids: string[] };
      const data = body.staff_ids.map((id, i) => ({
        staff_id: id,
        document_id: `d${i + 1}`,
        link: `http://localhost:3000/contract/token${i + 1}`,
        mail_problem: null,
      }));
      return { status: 200, data: { data } };
    }
    if (route === 'GET /admin/documents') {
      const status = url.searchParams.get('status');
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 25);
      const found = (options.documents ?? []).filter(
        (each) =>
          (!status || each.status === status) &&
          (!search || each.person.name.toLowerCase().includes(search) || each.title.toLowerCase().includes(search)),
      );
      return {
        status: 200,
        data: {
          data: found.slice((page - 1) * perPage, page * perPage),
          // A stand-in for the server's opaque cursor, naming the page it follows.
          meta: {
            page,
            per_page: perPage,
            total: found.length,
            next: page * perPage < found.length ? `after-${page}` : null,
          },
        },
      };
    }
    return undefined;
  };
  const seen = answerFetch((call) => {
    const overridden = options.override?.(call);
    if (overridden) return overridden;
    const url = new URL(call.path, 'http://test');
    const route = `${call.method} ${url.pathname}`;
    if (route === 'GET /admin/me') return options.meAnswer ?? { status: 200, data: { data: options.me ?? HR } };
    const documentsAnswer = answerDocuments(call, url, route);
    if (documentsAnswer) return documentsAnswer;
    if (route === 'GET /admin/people') {
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 25);
      const found = rows.filter(
        (row) => !search || row.name.toLowerCase().includes(search) || row.email_address.includes(search),
      );
      return {
        status: 200,
        data: {
          data: found.slice((page - 1) * perPage, page * perPage),
          // A stand-in for the server's opaque cursor, naming the page it follows.
          meta: {
            page,
            per_page: perPage,
            total: found.length,
            next: page * perPage < found.length ? `after-${page}` : null,
          },
        },
      };
    }
    const joinerAction = /^POST \/admin\/joiners\/([^/]+)\/(resend|revoke)$/.exec(route);
    const decision = /^POST \/admin\/insurance\/([^/]+)\/(approve|reject)$/.exec(route);
    if (route === 'GET /admin/joiners') return { status: 200, data: { data: state.joiners } };
    if (route === 'POST /admin/joiners') return { status: 200, data: { data: options.invited ?? invitation() } };
    if (joinerAction) {
      const [, id, action] = joinerAction;
      if (!state.joiners.some((each) => each.id === id))
        return { status: 404, data: { errors: { message: 'That person was not found.' } } };
      if (action === 'revoke') {
        state.joiners = state.joiners.map((each) =>
          each.id === id ? { ...each, stage: 'expired', waiting_days: 0 } : each,
        );
        return { status: 204 };
      }
      return { status: 200, data: { data: { ...(options.invited ?? invitation()), staff_id: id, reissued: true } } };
    }
    if (route === 'GET /admin/insurance') return { status: 200, data: { data: state.queue } };
    if (decision) {
      const [, vehicleId, action] = decision;
      state.queue = state.queue.filter((item) => item.vehicle_id !== vehicleId);
      return {
        status: 200,
        data: { data: { vehicle_id: vehicleId, decision: action === 'approve' ? 'approved' : 'rejected' } },
      };
    }
    if (route === 'GET /admin/surveys') return { status: 200, data: { data: options.surveys ?? [] } };
    if (route === 'POST /admin/surveys') {
      const body = JSON.parse(call.body) as { id?: number };
      const old = options.surveys?.find((each) => each.id === body.id);
      return {
        status: 200,
        data: {
          data: old
            ? { id: old.id, created: false, version: old.version + 1 }
            : { id: body.id ?? 99, created: true, version: 1 },
        },
      };
    }
    const results = /^GET \/admin\/surveys\/(\d+)\/results$/.exec(route);
    if (results) {
      const asked = url.searchParams.get('version');
      const found = (options.results ?? []).find(
        (each) => each.id === Number(results[1]) && each.version === (asked ? Number(asked) : each.current_version),
      );
      return found
        ? { status: 200, data: { data: found } }
        : { status: 404, data: { errors: { message: 'That survey was not found.' } } };
    }
    if (route === `GET /admin/people/${state.current.id}`) return { status: 200, data: { data: state.current } };
    if (route === `POST /admin/people/${state.current.id}/training-complete`) {
      state.current = { ...state.current, initial_training_complete: true };
      return { status: 200, data: { data: state.current } };
    }
    if (route === `POST /admin/people/${state.current.id}/selfie-reset`) {
      if (!state.current.has_selfie)
        return { status: 404, data: { errors: { message: 'That person has no picture to remove.' } } };
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
