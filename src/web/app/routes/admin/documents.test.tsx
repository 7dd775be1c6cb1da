import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  consoleDocument,
  documentTemplate,
  fakeConsole,
  personRow,
} from '@web/features/console/shared/testing/fake-console';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import ConsoleLayout from './layout';

const hr = staffMember({ console_role: 'hr' });
const BEN = personRow({
  id: '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e02',
  name: 'Ben Ode',
  email_address: 'ben.ode@example.com',
});

/** The console's Documents screen at `at`, signed in as HR, with the real api client answered by the fake server. */
function openDocuments(at = '/admin/documents') {
  return renderSignedIn(() => <ConsoleLayout />, hr, at);
}

/** A phone: MUI's `down('md')` and `down('sm')` queries match. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

const listQueries = (calls: string[]) =>
  calls
    .filter((call) => call.startsWith('GET /admin/documents'))
    .map((call) => call.slice('GET /admin/documents'.length));

/** Chooses `name` in the people picker, typing the start of it first. */
async function choosePerson(name: string) {
  fireEvent.change(screen.getByRole('combobox', { name: 'People' }), { target: { value: name.slice(0, 3) } });
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

/** Opens "Issue a document" and chooses the stored template `name`. */
async function startIssuing(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Issue a document' }));
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Template/ }));
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Documents', () => {
  it('lists what was issued with person, title, kind, dates and status, and the signed PDF to download, under the Documents tab', async () => {
    fakeConsole({
      documents: [
        consoleDocument(),
        consoleDocument({
          id: 'd2',
          title: 'Uniform agreement',
          kind: 'agreement',
          status: 'unsigned',
          signed_at: null,
          signed_pdf: null,
          person: { id: BEN.id, name: 'Ben Ode', venue: 'The Lantern, York' },
        }),
        consoleDocument({
          id: 'd3',
          title: 'Tips policy',
          status: 'expired',
          signed_at: null,
          signed_pdf: null,
          expires_at: '2026-01-10T09:00:00.000Z',
        }),
      ],
    });
    openDocuments();
    const table = await screen.findByRole('table', { name: 'Documents' });
    const signed = within(table).getByText('Contract of employment').closest('tr') as HTMLElement;
    expect(within(signed).getByRole('link', { name: 'Ava Clarke' }).getAttribute('href')).toBe(
      '/admin/people/0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e01',
    );
    for (const text of ['Contract', '20/02/2026', 'Signed 21/02/2026', 'Signed'])
      expect(within(signed).getAllByText(text).length).toBeGreaterThan(0);
    const download = within(signed).getByRole('link', {
      name: 'Download signed PDF: Contract of employment, Ava Clarke',
    });
    expect(download.getAttribute('href')).toBe('/api/admin/documents/e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a01/pdf');
    const unsigned = within(table).getByText('Uniform agreement').closest('tr') as HTMLElement;
    expect(within(unsigned).getByText('Link works until 06/03/2026')).toBeTruthy();
    expect(within(unsigned).queryByRole('link', { name: /Download/ })).toBeNull();
    expect(
      within(within(table).getByText('Tips policy').closest('tr') as HTMLElement).getByText('Link expired 10/01/2026'),
    ).toBeTruthy();

    const tabs = screen.getByRole('navigation', { name: 'HR console' });
    expect(within(tabs).getByRole('tab', { name: 'Documents' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('banner').textContent).toContain('Documents');
    expect(screen.getByRole('link', { name: 'Templates' }).getAttribute('href')).toBe('/admin/templates');
  });

  it('says a contract waiting for its onboarding step is to be signed there, not that it was signed', async () => {
    fakeConsole({
      documents: [consoleDocument({ status: 'unsigned', signed_at: null, signed_pdf: null, expires_at: null })],
    });
    openDocuments();
    const row = (await screen.findByRole('table', { name: 'Documents' })).querySelector('tbody tr') as HTMLElement;
    expect(within(row).getByText('Unsigned')).toBeTruthy();
    expect(within(row).getByText('To be signed during onboarding')).toBeTruthy();
    expect(within(row).queryByText(/^Signed/)).toBeNull();
  });

  it('filters by status and searches on the server, from the first page, keeping both in the address', async () => {
    const server = fakeConsole({
      documents: [
        consoleDocument(),
        consoleDocument({
          id: 'd2',
          title: 'Uniform agreement',
          status: 'unsigned',
          signed_at: null,
          signed_pdf: null,
        }),
      ],
    });
    openDocuments('/admin/documents?page=2');
    await screen.findByText('No documents match');
    fireEvent.click(screen.getByRole('button', { name: 'Unsigned' }));
    await screen.findByText('Uniform agreement');
    expect(listQueries(server.calls()).at(-1)).toBe('?page=1&per_page=25&status=unsigned');
    expect(screen.queryByText('Contract of employment')).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search documents' }), { target: { value: 'tips' } });
    await waitFor(() =>
      expect(listQueries(server.calls()).at(-1)).toBe('?page=1&per_page=25&status=unsigned&search=tips'),
    );
    expect(await screen.findByText('No documents match')).toBeTruthy();
    expect(window.location.search).toBe('?status=unsigned&search=tips');
  });

  it('on a phone shows one card a document, with Download signed PDF', async () => {
    onPhone();
    fakeConsole({ documents: [consoleDocument()] });
    openDocuments();
    const card = await screen.findByRole('article', { name: 'Contract of employment, Ava Clarke' });
    expect(within(card).getByText('Signed 21/02/2026')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /Download signed PDF/ })
        .getAttribute('href'),
    ).toBe(consoleDocument().signed_pdf);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('issues a stored template to many people: Preview for one of them first, then Send, with each link', async () => {
    const server = fakeConsole({
      rows: [personRow(), BEN],
      templates: [documentTemplate(), documentTemplate({ id: 'a1', name: 'Uniform agreement', kind: 'agreement' })],
      preview: {
        title: 'Bar staff contract',
        html: '<h1>Bar staff contract</h1><p>Dear Ben &lt;b&gt;,</p>',
        pdf_uri: null,
      },
    });
    openDocuments();
    await startIssuing('Bar staff contract');
    // Only the templates of the kind chosen are offered.
    expect(screen.queryByRole('option', { name: /Uniform agreement/ })).toBeNull();
    await choosePerson('Ava Clarke');
    await choosePerson('Ben Ode');
    const send = screen.getByRole('button', { name: 'Send to 2 people' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Preview for' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ben Ode' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview for Ben Ode' });
    expect(within(preview).getByText('Dear Ben <b>,')).toBeTruthy();
    const previewCall = server.seen.find((call) => call.path === '/admin/documents/preview')!;
    expect(JSON.parse(previewCall.body)).toEqual({
      kind: 'contract',
      staff_id: BEN.id,
      template_id: documentTemplate().id,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Send to 2 people' }));
    expect(await screen.findByText('Sent to 2 people. Each has their own link to read and sign.')).toBeTruthy();
    const sent = server.seen.find((call) => call.method === 'POST' && call.path === '/admin/documents')!;
    expect(JSON.parse(sent.body)).toEqual({
      kind: 'contract',
      staff_ids: [personRow().id, BEN.id],
      template_id: documentTemplate().id,
    });
    const results = screen.getByRole('list', { name: 'Sent' });
    expect((within(results).getByRole('textbox', { name: 'Link for Ben Ode' }) as HTMLInputElement).value).toBe(
      'http://localhost:3000/contract/token2',
    );
    await waitFor(() => expect(listQueries(server.calls()).length).toBe(2));
  });

  it('asks for a template and people first, shows a refusal in the server’s words, and a change asks for a new preview', async () => {
    const server = fakeConsole({
      templates: [documentTemplate()],
      override: (call) =>
        call.path === '/admin/documents/preview'
          ? {
              status: 400,
              data: {
                errors: { message: 'The template needs a start date, which this person does not have on record.' },
              },
            }
          : undefined,
    });
    openDocuments();
    fireEvent.click(await screen.findByRole('button', { name: 'Issue a document' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Choose a template')).toBeTruthy();
    expect(screen.getByText('Choose at least one person')).toBeTruthy();
    expect(server.calls().filter((call) => call.startsWith('POST'))).toEqual([]);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Template/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Bar staff contract/ }));
    await choosePerson('Ava Clarke');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The template needs a start date, which this person does not have on record.',
    );
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a refused person under People, with no alert, keeping the template and people chosen', async () => {
    fakeConsole({
      templates: [documentTemplate()],
      override: (call) =>
        call.path === '/admin/documents/preview'
          ? {
              status: 400,
              data: {
                errors: {
                  message: 'Some of the information given is not valid.',
                  fields: [{ field: 'staff_ids', error: 'Ava Clarke has left' }],
                },
              },
            }
          : undefined,
    });
    openDocuments();
    await startIssuing('Bar staff contract');
    await choosePerson('Ava Clarke');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Ava Clarke has left')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('combobox', { name: /^Template/ }).textContent).toContain('Bar staff contract');
    expect(screen.getByRole('button', { name: /Ava Clarke/ })).toBeTruthy();
  });

  it('previews and sends an uploaded file, read in the browser', async () => {
    const server = fakeConsole({ preview: { title: 'Locker policy', html: '<p>Lockers</p>', pdf_uri: null } });
    openDocuments();
    fireEvent.click(await screen.findByRole('button', { name: 'Issue a document' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Agreement' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Template/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Upload a file (.html or .pdf)' }));
    fireEvent.change(screen.getByLabelText('Template file'), {
      target: { files: [new File(['<p>Lockers</p>'], 'locker.html', { type: 'text/html' })] },
    });
    expect(await screen.findByText('locker.html')).toBeTruthy();
    await choosePerson('Ava Clarke');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'Preview for Ava Clarke' });
    const body = JSON.parse(server.seen.find((call) => call.path === '/admin/documents/preview')!.body);
    expect(body).toMatchObject({
      kind: 'agreement',
      staff_id: personRow().id,
      template: { filename: 'locker.html', file_data: expect.stringMatching(/^data:text\/html;base64,/) },
    });
    expect(body.template_id).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent to 1 person. Each has their own link to read and sign.')).toBeTruthy();
  });
});
