/**
 * `summary.html` of a subject-access zip (docs/product.md#subject-access): one self-contained page a
 * person can open on any device, with a section per kind of record, how many there are and the facts
 * that matter (dates as UK dates, times in UK time), as tables, or on a phone as one card per row.
 * Every value is escaped; `data.json` beside it is
 * the complete answer, the page shows at most `ROWS_SHOWN` rows of a kind.
 */
import escapeHtml from 'escape-html';
import { UK_TIME_ZONE, ukDateText } from '@server/lib/uk-days.js';
import type { SubjectAccessAudience, SubjectData } from './gather.js';

/** Rows of one kind shown on the page; the rest are in data.json. */
const ROWS_SHOWN = 100;

type Row = Record<string, unknown>;
type Column = [label: string, value: (row: Row) => unknown];

const ukTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A value as the page shows it: ISO times in UK time, dates as DD/MM/YYYY, nothing as a dash. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return ukTime.format(new Date(value)).replace(',', '');
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return ukDateText(value);
    return value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const list = (data: Row, key: string): Row[] => (Array.isArray(data[key]) ? (data[key] as Row[]) : []);

function table(rows: Row[], columns: Column[]): string {
  if (!rows.length) return '<p>None held.</p>';
  const head = columns.map(([label]) => `<th scope="col">${escapeHtml(label)}</th>`).join('');
  const body = rows
    .slice(0, ROWS_SHOWN)
    .map(
      (row) =>
        `<tr>${columns.map(([label, value]) => `<td data-label="${escapeHtml(label)}">${escapeHtml(shown(value(row)))}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const more =
    rows.length > ROWS_SHOWN
      ? `<p>The first ${ROWS_SHOWN} are shown; all ${rows.length} are in <code>data.json</code>.</p>`
      : '';
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>${more}`;
}

function section(id: string, title: string, rows: Row[], columns: Column[], note = ''): string {
  const count = `${rows.length} ${rows.length === 1 ? 'record' : 'records'}`;
  return `<section id="${id}"><h2>${escapeHtml(title)} <small>(${count})</small></h2>${note}${table(rows, columns)}</section>`;
}

const get =
  (key: string): Column[1] =>
  (row) =>
    row[key];

/** The facts of the staff record, as a two-column list. */
function staffRecord(record: Row, audience: SubjectAccessAudience): string {
  const facts: [string, unknown][] = [
    ['Forename', record.forename],
    ['Surname', record.surname],
    ['Known as', record.known_as],
    ['Email address', record.email_address],
    ['Mobile', record.mobile],
    ['Next of kin', record.nok_name],
    ['Next of kin’s phone', record.nok_phone],
    [
      'Address',
      [
        record.address_line1,
        record.address_line2,
        record.address_line3,
        record.address_county,
        record.address_postal_code,
      ]
        .filter(Boolean)
        .join(', '),
    ],
    ['Date of birth', record.date_of_birth],
    ['National Insurance number', record.ni_number],
    ['Bank account number', record.bank_account],
    ['Sort code', record.sort_code],
    ['Venue', record.venue_name],
    ['Position', record.position],
    ['Start date', record.start_date],
    ['Staff number', record.staff_number],
    ['Payroll id', record.payroll_id],
    ['Console role', record.role],
    ['Leaving date', record.leaving_date],
    ['Access ends', record.access_ends_at],
    ['Record created', record.created_at],
    ['Last changed', record.updated_at],
  ];
  const bankNote =
    audience === 'hr'
      ? '<p>Bank details are shown masked in a copy HR makes; the person sees them in full in their own download.</p>'
      : '';
  const rows = facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(shown(v))}</dd>`).join('\n');
  return `<section id="staff-record"><h2>Staff record</h2>${bankNote}<dl>\n${rows}\n</dl></section>`;
}

/** The whole page. `madeAt` is when the zip was made; `audience` says whose copy it is. */
export function summaryHtml(subject: SubjectData, audience: SubjectAccessAudience, madeAt: Date): string {
  const data = subject.data as Row;
  const record = (data.staff_record ?? {}) as Row;
  const title = `Data held about ${subject.name}`;
  const sections = [
    staffRecord(record, audience),
    section('venues-managed', 'Venues managed', list(data, 'venues_managed'), [['Venue', get('venue_name')]]),
    section('contact-history', 'Messages sent (contact history)', list(data, 'contact_history'), [
      ['Queued', get('created_at')],
      ['Channel', get('channel')],
      ['Purpose', get('purpose')],
      ['Sent', get('sent_at')],
      ['Given up', get('gave_up_at')],
    ]),
    section('sessions', 'Sessions', list(data, 'sessions'), [
      ['Signed in', get('created_at')],
      ['Last seen', get('last_seen_at')],
      ['Ended', (r) => r.revoked_at ?? r.expires_at],
      ['Address', get('ip')],
      ['Browser', get('user_agent')],
    ]),
    section('sign-ins', 'Sign-in history', list(data, 'sign_ins'), [
      ['When', get('at')],
      ['What', get('action')],
      ['Address', get('ip')],
    ]),
    section('documents', 'Contracts and agreements', list(data, 'documents'), [
      ['Title', get('title')],
      ['Kind', get('kind')],
      ['Issued', get('created_at')],
      ['Signed', get('signed_at')],
      ['Signed from', get('signer_ip')],
    ]),
    section('onboarding', 'Onboarding', list(data, 'onboarding'), [
      ['Invited', get('created_at')],
      ['Step', get('step')],
      ['Completed', get('completed_at')],
      ['Answers', (r) => Object.keys((r.answers as object | null) ?? {}).length],
    ]),
    section('uploads', 'Files', list(data, 'uploads'), [
      ['Uploaded', get('created_at')],
      ['Kind', get('bucket')],
      ['Name', get('original_filename')],
      ['In this zip', get('path_in_zip')],
    ]),
    section('vehicles', 'Vehicles', list(data, 'vehicles'), [
      ['Registration', get('registration')],
      ['Vehicle', (r) => `${shown(r.colour)} ${shown(r.make)} ${shown(r.model)}`],
      ['MOT expires', get('mot_expiry_date')],
      ['Insurance approved by', get('insurance_approved_by')],
      ['Cover ends', get('insurance_cover_ends')],
    ]),
    section('survey-answers', 'Survey answers', list(data, 'survey_answers'), [
      ['Survey', get('survey_name')],
      ['Submitted', get('submitted_at')],
      ['Answers', (r) => Object.keys((r.answers as object | null) ?? {}).length],
    ]),
    section('right-to-work', 'Right-to-work checks', list(data, 'right_to_work_checks'), [
      ['Checked on', get('checked_on')],
      ['Kind', get('kind')],
      ['Permission ends', get('permission_expires_on')],
      ['Current', get('current')],
      ['Copies', (r) => (Array.isArray(r.file_ids) ? r.file_ids.length : 0)],
    ]),
    section('two-factor', 'Two-factor methods', list(data, 'two_factor_methods'), [
      ['Method', get('type_name')],
      ['Added', get('created_at')],
      ['Set up', get('setup_complete')],
      ['Removed', get('deleted')],
    ]),
    section('two-factor-checks', 'Two-factor checks in progress', list(data, 'two_factor_checks'), [
      ['Started', get('created_at')],
      ['Expires', get('expires_at')],
      ['Used', get('consumed_at')],
    ]),
    section('reminders', 'Reminders sent', list(data, 'reminders_sent'), [
      ['Sent', get('sent_at')],
      ['Reminder', get('rule')],
      ['Stage', get('stage')],
    ]),
    section('password-links', 'Set-your-password links', list(data, 'password_links'), [
      ['Sent', get('created_at')],
      ['Expires', get('expires_at')],
    ]),
    section('audit', 'Audit log lines about this person', list(data, 'audit_lines'), [
      ['When', get('at')],
      ['What', get('action')],
      ['By', get('actor')],
      ['Address', get('ip')],
    ]),
  ];
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem;color:#1b1b1b}
table{border-collapse:collapse;width:100%}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top;overflow-wrap:break-word}
dl{display:grid;grid-template-columns:minmax(8rem,35%) 1fr;gap:.25rem 1rem}dd{margin:0;overflow-wrap:anywhere}
small{font-weight:normal;color:#555}
@media (max-width:40rem){
table,tbody,tr,td{display:block}thead{position:absolute;left:-9999px}
tr{border:1px solid #ccc;margin-bottom:.75rem;padding:.25rem 0}
td{border:0;display:grid;grid-template-columns:8rem 1fr;gap:.5rem;overflow-wrap:anywhere}
td::before{content:attr(data-label);font-weight:600}
}
</style></head><body>
<h1>${escapeHtml(title)}</h1>
<p>Made by Staffroom on ${escapeHtml(shown(madeAt.toISOString()))} (UK time). This page sums up each kind of record;
<code>data.json</code> holds every record in full, and the <code>files</code> folder holds the files.</p>
${sections.join('\n')}
</body></html>
`;
}
