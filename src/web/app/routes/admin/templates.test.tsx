import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentTemplate, fakeConsole, LEEDS, personRow } from '@web/features/console/shared/testing/fake-console';
import { notificationStore } from '@web/stores/notification-store';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import ConsoleLayout from './layout';
import { typeDate } from '@web/testing/type-date';

const hr = staffMember({ console_role: 'hr' });
const MANAGER = { role: 'manager' as const, venues: [LEEDS], password_links: true };

function open(at = '/admin/templates', who = hr) {
  return renderSignedIn(() => <ConsoleLayout />, who, at);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Templates', () => {
  it('lets HR upload a template with a name and kind, and lists it under the Documents tab', async () => {
    const server = fakeConsole({ templates: [documentTemplate()] });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Templates' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Bar staff contract' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'HR console' });
    expect(within(tabs).getByRole('tab', { name: 'Documents' }).getAttribute('aria-selected')).toBe('true');

    const form = screen.getByRole('form', { name: 'Upload a template' });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload template' }));
    expect(await within(form).findByText('Enter a name for the template')).toBeTruthy();
    expect(within(form).getByText('Choose the .html or .pdf file')).toBeTruthy();
    expect(server.calls().filter((call) => call.startsWith('POST'))).toEqual([]);

    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Uniform agreement' } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Agreement' }));
    fireEvent.change(within(form).getByLabelText('Template file'), {
      target: { files: [new File(['%PDF-1.4'], 'uniform.pdf', { type: 'application/pdf' })] },
    });
    await within(form).findByText('uniform.pdf');
    fireEvent.click(within(form).getByRole('button', { name: 'Upload template' }));

    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({
        open: true,
        severity: 'success',
        message: '“Uniform agreement” is ready to issue.',
      }),
    );
    const body = JSON.parse(
      server.seen.find((call) => call.method === 'POST' && call.path === '/admin/templates')!.body,
    );
    expect(body).toMatchObject({
      name: 'Uniform agreement',
      kind: 'agreement',
      template: { filename: 'uniform.pdf', file_data: expect.stringMatching(/^data:application\/pdf;base64,/) },
    });
    const card = await screen.findByRole('article', { name: 'Uniform agreement' });
    expect(within(card).getByText('Agreement · PDF, sent as it is')).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal of a template and keeps what was typed", async () => {
    fakeConsole({
      override: (call) =>
        call.method === 'POST' && call.path === '/admin/templates'
          ? {
              status: 400,
              data: {
                errors: {
                  message: 'The template uses merge fields that do not exist: {{salary}}.',
                  fields: [{ field: 'template', error: 'uses merge fields that do not exist' }],
                },
              },
            }
          : undefined,
    });
    open();
    const form = await screen.findByRole('form', { name: 'Upload a template' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Pay' } });
    fireEvent.change(within(form).getByLabelText('Template file'), {
      target: { files: [new File(['<p>{{salary}}</p>'], 'pay.html', { type: 'text/html' })] },
    });
    await within(form).findByText('pay.html');
    fireEvent.click(within(form).getByRole('button', { name: 'Upload template' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'merge fields that do not exist: {{salary}}',
    );
    expect(within(form).getByText('uses merge fields that do not exist')).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Pay');
    expect(await screen.findByText('No templates yet')).toBeTruthy();
  });

  it('shows a name in use under the name, with no alert, keeping the name and the file', async () => {
    fakeConsole({
      override: (call) =>
        call.method === 'POST' && call.path === '/admin/templates'
          ? {
              status: 409,
              data: {
                errors: {
                  message: 'A template is already called "Pay".',
                  fields: [{ field: 'name', error: 'Another template has this name' }],
                },
              },
            }
          : undefined,
    });
    open();
    const form = await screen.findByRole('form', { name: 'Upload a template' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Pay' } });
    fireEvent.change(within(form).getByLabelText('Template file'), {
      target: { files: [new File(['<p>Hi</p>'], 'pay.html', { type: 'text/html' })] },
    });
    await within(form).findByText('pay.html');
    fireEvent.click(within(form).getByRole('button', { name: 'Upload template' }));
    expect(await within(form).findByText('Another template has this name')).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
    expect((within(form).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Pay');
    expect(within(form).getByText('pay.html')).toBeTruthy();
  });

  it('previews a template for a chosen person as they will see it', async () => {
    const server = fakeConsole({
      templates: [documentTemplate()],
      preview: { title: 'Bar staff contract', html: '<p>Dear &lt;img src=x onerror=alert(1)&gt;,</p>', pdf_uri: null },
    });
    open();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Bar staff contract' })).getByRole('button', {
        name: 'Preview',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Preview: Bar staff contract' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Choose whom to preview it for')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Preview for' }), { target: { value: 'Ava' } });
    fireEvent.click(await screen.findByRole('option', { name: /Ava Clarke/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const shown = await within(dialog).findByRole('region', { name: 'Preview for Ava Clarke' });
    expect(within(shown).getByText('Dear <img src=x onerror=alert(1)>,')).toBeTruthy();
    expect(shown.querySelector('img')).toBeNull();
    expect(server.calls()).toContain(`POST /admin/templates/${documentTemplate().id}/preview`);
    expect(JSON.parse(server.seen.find((call) => call.path.endsWith('/preview'))!.body)).toEqual({
      staff_id: personRow().id,
    });
  });

  it('shows a refused preview in the footer’s alert, the person chosen kept', async () => {
    fakeConsole({
      templates: [documentTemplate()],
      override: (call) =>
        call.path.endsWith('/preview')
          ? { status: 404, data: { errors: { message: 'That person was not found.' } } }
          : undefined,
    });
    open();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Bar staff contract' })).getByRole('button', {
        name: 'Preview',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Preview: Bar staff contract' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Preview for' }), { target: { value: 'Ava' } });
    fireEvent.click(await screen.findByRole('option', { name: /Ava Clarke/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That person was not found.');
    expect((within(dialog).getByRole('combobox', { name: 'Preview for' }) as HTMLInputElement).value).toBe(
      'Ava Clarke',
    );
  });

  it('shows a refused archive in its dialog', async () => {
    fakeConsole({
      templates: [documentTemplate()],
      override: (call) =>
        call.path.endsWith('/archive')
          ? { status: 404, data: { errors: { message: 'That template was not found.' } } }
          : undefined,
    });
    open();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Bar staff contract' })).getByRole('button', {
        name: 'Archive',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Archive template?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That template was not found.');
  });

  it('lets HR archive a template after a confirmation, and show the archived ones', async () => {
    const server = fakeConsole({ templates: [documentTemplate()] });
    open();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Bar staff contract' })).getByRole('button', {
        name: 'Archive',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Archive template?' });
    expect(server.calls().filter((call) => call.startsWith('POST'))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({
        open: true,
        severity: 'success',
        message: '“Bar staff contract” is archived.',
      }),
    );
    expect(server.calls()).toContain(`POST /admin/templates/${documentTemplate().id}/archive`);
    expect(await screen.findByText('No templates yet')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Show archived'));
    const archived = await screen.findByRole('article', { name: 'Bar staff contract' });
    expect(within(archived).getByText('Archived')).toBeTruthy();
    expect(within(archived).queryByRole('button', { name: 'Archive' })).toBeNull();
  });

  it('shows a manager the templates to preview, without upload or archive', async () => {
    fakeConsole({ me: MANAGER, templates: [documentTemplate()] });
    open('/admin/templates', staffMember({ console_role: 'manager' }));
    const card = await screen.findByRole('article', { name: 'Bar staff contract' });
    expect(within(card).getByRole('button', { name: 'Preview' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Archive' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Upload a template' })).toBeNull();
    expect(screen.queryByLabelText('Show archived')).toBeNull();
  });

  it("offers the stored contract templates in the invite form, 'Default contract' first, and sends the one chosen", async () => {
    const server = fakeConsole({
      templates: [documentTemplate(), documentTemplate({ id: 'a1', name: 'Uniform agreement', kind: 'agreement' })],
    });
    open('/admin/joiners');
    const form = await screen.findByRole('form', { name: 'Invite a joiner' });
    const select = within(form).getByRole('combobox', { name: 'Contract template' });
    expect(select.textContent).toBe('Default contract');
    await waitFor(() => expect(server.calls()).toContain('GET /admin/templates'));
    fireEvent.mouseDown(select);
    await screen.findByRole('option', { name: 'Bar staff contract' });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Default contract', 'Bar staff contract']);
    fireEvent.click(options[1]!);
    fireEvent.change(within(form).getByLabelText(/^First name/), { target: { value: 'Noor' } });
    fireEvent.change(within(form).getByLabelText(/^Last name/), { target: { value: 'Ali' } });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'noor@example.com' } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /^Venue/ }));
    fireEvent.click(await screen.findByRole('option', { name: LEEDS.name }));
    fireEvent.change(within(form).getByLabelText(/^Position/), { target: { value: 'Chef' } });
    await typeDate('Start date', '07/12/2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await screen.findByRole('dialog', { name: 'Invitation sent' });
    const body = JSON.parse(server.seen.find((call) => call.method === 'POST' && call.path === '/admin/joiners')!.body);
    expect(body).toMatchObject({ forename: 'Noor', template_id: documentTemplate().id });
  });
});
