import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredFile } from '@shared/api/files.js';
import type { Vehicle } from '@shared/api/vehicles.js';
import { api } from '@web/lib/api-client';
import { httpError, ok } from '@web/testing/http';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import { MyVehicles } from './my-vehicles';
import { notificationStore } from '@web/stores/notification-store';

// pdf.js needs a real browser (the e2e draws the PDF); the viewer says which PDF it was given.
vi.mock('@web/components/signing/pdf-viewer', () => ({
  default: ({ url, title }: { url: string; title: string }) => <p>{`PDF viewer: ${title} at ${url}`}</p>,
}));

const DOC_FILE = { id: '7d0f2c1e-0000-4000-8000-000000000001', original_filename: 'policy-2026.pdf', size: 120 * 1024 };
const UPLOADED: StoredFile = {
  id: '7d0f2c1e-0000-4000-8000-0000000000aa',
  original_filename: 'new-policy.pdf',
  size: 2048,
  content_type: 'application/pdf',
};

function vehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    id: '3a9e4b2c-0000-4000-8000-000000000001',
    make: 'FORD',
    model: 'FIESTA',
    colour: 'Blue',
    fuel_type: 'Petrol',
    registration: 'AB12CDE',
    current_mot: { date_completed: '2026-01-15', expiry_date: '2099-01-14', passed: true },
    current_insurance_document: { approved_by: null, approval_error: null, processing_error: null, file: DOC_FILE },
    ...overrides,
  };
}

const pending = vehicle();
const approved = vehicle({
  id: '3a9e4b2c-0000-4000-8000-000000000002',
  registration: 'XY70ZZZ',
  make: 'TOYOTA',
  model: 'YARIS',
  current_mot: null,
  current_insurance_document: {
    approved_by: 'Jane Hughes',
    approval_error: null,
    processing_error: null,
    file: { ...DOC_FILE, id: '7d0f2c1e-0000-4000-8000-000000000002' },
  },
});
const rejected = vehicle({
  id: '3a9e4b2c-0000-4000-8000-000000000003',
  registration: 'LM19ABC',
  current_mot: { date_completed: '2025-02-01', expiry_date: '2026-01-31', passed: false },
  current_insurance_document: {
    approved_by: null,
    approval_error: 'Not business class 2 cover',
    processing_error: null,
    file: { ...DOC_FILE, id: '7d0f2c1e-0000-4000-8000-000000000003' },
  },
});

/** Answers the list with `lists` in turn (the last one repeated). */
function serve(lists: Vehicle[][]) {
  let call = 0;
  return vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/staff/my-vehicles') return ok({ data: lists[Math.min(call++, lists.length - 1)] });
    throw httpError(404, { errors: { message: 'Not found' } });
  });
}

function renderPage() {
  return renderSignedIn(() => <MyVehicles />, staffMember());
}

const card = (registration: string) => screen.getByRole('article', { name: registration });
const chooseFile = (dialog: HTMLElement) =>
  fireEvent.change(within(dialog).getByLabelText('Upload Insurance document'), {
    target: { files: [new File(['%PDF-1.7'], 'new-policy.pdf', { type: 'application/pdf' })] },
  });

afterEach(cleanup);

describe('My Vehicles page', () => {
  it("explains the page and the mileage rule, offers 'Add Vehicle' and says when there are no vehicles", async () => {
    serve([[]]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My Vehicles' })).toBeTruthy();
    expect(screen.getByText(/claim business mileage/)).toBeTruthy();
    expect(
      screen.getByText(
        'A valid MOT and valid business class 2 insurance are required to claim mileage. HR approves each insurance document before you can claim.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Vehicle' })).toBeTruthy();
    expect(await screen.findByText('No vehicles yet')).toBeTruthy();
  });

  it('shows a card per vehicle: plate, make, model, colour, fuel type and the MOT', async () => {
    serve([[pending, approved, rejected]]);
    renderPage();
    const ford = await screen.findByRole('article', { name: 'AB12CDE' });
    expect(screen.getAllByRole('article')).toHaveLength(3);
    for (const text of ['FORD', 'FIESTA', 'Blue', 'Petrol', 'Passed', '15/01/2026', '14/01/2099']) {
      expect(within(ford).getByText(text)).toBeTruthy();
    }
    expect(within(card('XY70ZZZ')).getByText('No MOT found')).toBeTruthy();
    expect(within(card('LM19ABC')).getByText('Failed')).toBeTruthy();
    expect(within(card('LM19ABC')).getByText('Expired')).toBeTruthy();
    expect(within(ford).queryByText('Expired')).toBeNull();
  });

  it('shows each insurance document as pending, approved (by whom) or rejected (with the reason)', async () => {
    serve([[pending, approved, rejected]]);
    renderPage();
    const ford = await screen.findByRole('article', { name: 'AB12CDE' });
    expect(within(ford).getByText('Pending approval')).toBeTruthy();
    expect(within(ford).getByText('policy-2026.pdf (120 KB)')).toBeTruthy();
    expect(within(card('XY70ZZZ')).getByText('Approved')).toBeTruthy();
    expect(within(card('XY70ZZZ')).getByText('Approved by Jane Hughes')).toBeTruthy();
    expect(within(card('LM19ABC')).getByText('Rejected')).toBeTruthy();
    expect(within(card('LM19ABC')).getByRole('alert').textContent).toContain('Not business class 2 cover');
    for (const registration of ['AB12CDE', 'XY70ZZZ', 'LM19ABC']) {
      expect(within(card(registration)).getByRole('button', { name: 'View document' })).toBeTruthy();
      expect(within(card(registration)).getByRole('button', { name: 'Replace document' })).toBeTruthy();
    }
  });

  it('shows a failed load in an alert', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(httpError(500, { errors: { message: 'The vehicle list is unavailable' } }));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('The vehicle list is unavailable');
  });
});

describe('Add Vehicle modal', () => {
  async function openAdd() {
    fireEvent.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    return screen.findByRole('dialog', { name: 'Add Vehicle' });
  }
  const registrationField = (dialog: HTMLElement) =>
    within(dialog).getByRole('textbox', { name: /^Registration/ }) as HTMLInputElement;
  const addButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;

  it('upper-cases the registration as typed and keeps Add disabled until the registration and document are both there', async () => {
    serve([[]]);
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: UPLOADED }));
    renderPage();
    const dialog = await openAdd();
    expect(addButton(dialog).disabled).toBe(true);

    fireEvent.change(registrationField(dialog), { target: { value: 'ab12 cde' } });
    expect(registrationField(dialog).value).toBe('AB12 CDE');
    expect(addButton(dialog).disabled).toBe(true);

    chooseFile(dialog);
    await within(dialog).findByRole('button', { name: 'Replace' });
    expect(post).toHaveBeenCalledWith(
      '/staff/self-service/file',
      expect.objectContaining({ filename: 'new-policy.pdf', bucket: 'documents' }),
    );
    expect(post.mock.calls[0]?.[1]).toMatchObject({
      file_data: expect.stringMatching(/^data:application\/pdf;base64,/),
    });
    expect(addButton(dialog).disabled).toBe(false);

    fireEvent.change(registrationField(dialog), { target: { value: '  ' } });
    expect(addButton(dialog).disabled).toBe(true);
  });

  it('adds the vehicle: success message, the modal closes and the list refreshes', async () => {
    const get = serve([[], [pending]]);
    const post = vi
      .spyOn(api, 'post')
      .mockImplementation(async (url: string) =>
        url === '/staff/my-vehicles' ? ok({ data: pending }) : ok({ data: UPLOADED }),
      );
    renderPage();
    await screen.findByText('No vehicles yet');
    const dialog = await openAdd();
    fireEvent.change(registrationField(dialog), { target: { value: 'ab12 cde' } });
    chooseFile(dialog);
    await within(dialog).findByRole('button', { name: 'Replace' });
    fireEvent.click(addButton(dialog));

    expect(await screen.findByRole('article', { name: 'AB12CDE' })).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/staff/my-vehicles', {
      registration: 'AB12 CDE',
      insurance_document: UPLOADED.id,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notificationStore.getState()).toEqual({
      open: true,
      severity: 'success',
      message: 'AB12CDE has been added to your vehicles.',
    });
    expect(get.mock.calls.filter(([url]) => url === '/staff/my-vehicles')).toHaveLength(2);
  });

  it("shows the server's field errors under their fields and the error in the notification bar", async () => {
    serve([[]]);
    vi.spyOn(api, 'post').mockImplementation(async (url: string) => {
      if (url !== '/staff/my-vehicles') return ok({ data: UPLOADED });
      throw httpError(400, {
        errors: {
          message: 'Please check the highlighted fields',
          fields: [
            { field: 'registration', error: 'Enter a UK registration, like AB12 CDE' },
            { field: 'insurance_document', error: 'Upload your insurance document again' },
          ],
        },
      });
    });
    renderPage();
    const dialog = await openAdd();
    fireEvent.change(registrationField(dialog), { target: { value: 'zz' } });
    chooseFile(dialog);
    await within(dialog).findByRole('button', { name: 'Replace' });
    fireEvent.click(addButton(dialog));

    expect(await within(dialog).findByText('Enter a UK registration, like AB12 CDE')).toBeTruthy();
    expect(within(dialog).getByText('Upload your insurance document again')).toBeTruthy();
    expect(registrationField(dialog).getAttribute('aria-invalid')).toBe('true');
    expect(notificationStore.getState()).toEqual({
      open: true,
      severity: 'error',
      message: 'Please check the highlighted fields',
    });
    expect(screen.getByRole('dialog', { name: 'Add Vehicle' })).toBeTruthy();

    // Editing the registration clears its complaint.
    fireEvent.change(registrationField(dialog), { target: { value: 'zz9' } });
    expect(within(dialog).queryByText('Enter a UK registration, like AB12 CDE')).toBeNull();
  });

  it('shows a duplicate registration (409) under the registration', async () => {
    serve([[pending]]);
    vi.spyOn(api, 'post').mockImplementation(async (url: string) => {
      if (url !== '/staff/my-vehicles') return ok({ data: UPLOADED });
      throw httpError(409, {
        errors: {
          message: 'You have already added AB12CDE',
          fields: [{ field: 'registration', error: 'You have already added AB12CDE' }],
        },
      });
    });
    renderPage();
    await screen.findByRole('article', { name: 'AB12CDE' });
    const dialog = await openAdd();
    fireEvent.change(registrationField(dialog), { target: { value: 'ab12cde' } });
    chooseFile(dialog);
    await within(dialog).findByRole('button', { name: 'Replace' });
    fireEvent.click(addButton(dialog));
    expect(await within(dialog).findByText('You have already added AB12CDE')).toBeTruthy();
    expect(notificationStore.getState().severity).toBe('error');
  });
});

describe('Insurance documents of a vehicle', () => {
  const openViewer = async (registration: string) => {
    fireEvent.click(
      within(await screen.findByRole('article', { name: registration })).getByRole('button', { name: 'View document' }),
    );
    return screen.findByRole('dialog', { name: 'Insurance document' });
  };

  it("'View document' shows a PDF in the app, with a Download link, and closes; no window opens", async () => {
    serve([[approved]]);
    const open = vi.spyOn(window, 'open');
    renderPage();
    const dialog = await openViewer('XY70ZZZ');
    const fileId = approved.current_insurance_document!.file.id;
    expect(within(dialog).getByText('XY70ZZZ · policy-2026.pdf')).toBeTruthy();
    // The stable same-origin path, with the session: pdf.js fetches it.
    expect(
      await within(dialog).findByText(
        `PDF viewer: Insurance document: XY70ZZZ · policy-2026.pdf at /api/rest/file/open/${fileId}`,
      ),
    ).toBeTruthy();
    const download = within(dialog).getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe(`/api/rest/file/open/${fileId}?disposition=attachment`);
    expect(download.getAttribute('download')).toBe('policy-2026.pdf');
    expect(open).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a picture as an image, with the zoom controls', async () => {
    const photo = { ...DOC_FILE, id: '7d0f2c1e-0000-4000-8000-0000000000b1', original_filename: 'certificate.jpg' };
    serve([
      [
        vehicle({
          current_insurance_document: { approved_by: null, approval_error: null, processing_error: null, file: photo },
        }),
      ],
    ]);
    renderPage();
    const dialog = await openViewer('AB12CDE');
    const image = await within(dialog).findByRole('img', { name: 'Insurance document: AB12CDE · certificate.jpg' });
    expect(image.getAttribute('src')).toBe(`/api/rest/file/open/${photo.id}`);
    for (const name of ['Zoom out', 'Zoom in', 'Fit to width'])
      expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      `/api/rest/file/open/${photo.id}?disposition=attachment`,
    );
  });

  it('downloads a file the app cannot show, without opening a window or a viewer', async () => {
    const other = { ...DOC_FILE, original_filename: 'policy.docx' };
    serve([
      [
        vehicle({
          current_insurance_document: { approved_by: null, approval_error: null, processing_error: null, file: other },
        }),
      ],
    ]);
    const open = vi.spyOn(window, 'open');
    // jsdom cannot follow a link; what matters is which link the page follows.
    const followed: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push({ href: this.getAttribute('href')!, download: this.download });
    });
    renderPage();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'AB12CDE' })).getByRole('button', { name: 'View document' }),
    );
    expect(followed).toEqual([
      { href: `/api/rest/file/open/${other.id}?disposition=attachment`, download: 'policy.docx' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });

  it("'Replace document' uploads a new document and sends it; the document is pending again", async () => {
    const replaced = {
      ...approved,
      current_insurance_document: {
        approved_by: null,
        approval_error: null,
        processing_error: null,
        file: { id: UPLOADED.id, original_filename: UPLOADED.original_filename, size: UPLOADED.size },
      },
    };
    serve([[approved], [replaced]]);
    const post = vi
      .spyOn(api, 'post')
      .mockImplementation(async (url: string) =>
        url.endsWith('/insurance-document') ? ok({ data: replaced }) : ok({ data: UPLOADED }),
      );
    renderPage();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'XY70ZZZ' })).getByRole('button', { name: 'Replace document' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Replace insurance document' });
    expect(within(dialog).getByText(/for XY70ZZZ/)).toBeTruthy();
    const replaceButton = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(replaceButton.disabled).toBe(true);
    chooseFile(dialog);
    await waitFor(() => expect(replaceButton.disabled).toBe(false));
    fireEvent.click(replaceButton);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenCalledWith(`/staff/vehicle/${approved.id}/insurance-document`, { file_id: UPLOADED.id });
    expect(within(card('XY70ZZZ')).getByText('Pending approval')).toBeTruthy();
    expect(notificationStore.getState().severity).toBe('success');
  });

  it('shows a failed replacement in the notification bar, or the fallback text without a message', async () => {
    serve([[approved]]);
    vi.spyOn(api, 'post').mockImplementation(async (url: string) => {
      if (url.endsWith('/insurance-document')) throw httpError(500, '<html>Bad gateway</html>');
      return ok({ data: UPLOADED });
    });
    renderPage();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'XY70ZZZ' })).getByRole('button', { name: 'Replace document' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Replace insurance document' });
    chooseFile(dialog);
    const replaceButton = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(replaceButton.disabled).toBe(false));
    fireEvent.click(replaceButton);
    await waitFor(() =>
      expect(notificationStore.getState()).toEqual({
        open: true,
        severity: 'error',
        message: 'An unknown error occurred',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Replace insurance document' })).toBeTruthy();
  });
});
