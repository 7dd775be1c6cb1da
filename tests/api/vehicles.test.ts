/**
 * My Vehicles and file downloads through the API (docs/product.md#vehicles): adding with the fixture lookup,
 * registration rules, duplicates, insurance pending → approved / rejected from the CLI, replacing
 * the document, ownership of vehicles and files, signed download addresses that expire.
 */
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { signedFileUrl } from '@server/modules/files/downloads.js';
import { todayInUk } from '@server/lib/uk-days.js';
import { dataUrl, simplePdf } from '../support/fixtures.js';
import { type Browser, signedInBrowser } from './helpers/browser.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;

describe.each(DATABASES)('vehicles and downloads on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  const signedIn = (email: string) => signedInBrowser(t.app, PORTAL, email);
  async function uploadDocument(b: Browser, name = 'insurance.pdf') {
    const res = await b.post(api('/staff/self-service/file'), {
      file_data: dataUrl('application/pdf', await simplePdf('Certificate of motor insurance')),
      filename: name,
      bucket: 'documents',
    });
    expect(res.status, res.body).toBe(200);
    return res.json().data as { id: string; original_filename: string };
  }
  const admin = async (name: string, options: Record<string, unknown>) =>
    runCommand({ services: t.app.services, name, options });

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.dropAll());

  it('adds a vehicle with details and MOT from the lookup, pending approval', async () => {
    const b = await signedIn('sam.taylor@example.com');
    expect((await b.get(api('/staff/my-vehicles'))).json()).toEqual({ data: [] });
    const doc = await uploadDocument(b);
    const res = await b.post(api('/staff/my-vehicles'), { registration: 'ab12 cde', insurance_document: doc.id });
    expect(res.status, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      registration: 'AB12CDE',
      make: 'FORD',
      model: 'FIESTA',
      colour: 'BLUE',
      fuel_type: 'PETROL',
      current_mot: { date_completed: '2026-03-14', expiry_date: '2027-03-13', passed: true },
      current_insurance_document: {
        approved_by: null,
        approval_error: null,
        processing_error: null,
        file: { id: doc.id, original_filename: 'insurance.pdf' },
      },
    });
    // Unknown to the lookup: added as unknown, without an MOT.
    const other = await b.post(api('/staff/my-vehicles'), {
      registration: 'W123 XYZ',
      insurance_document: (await uploadDocument(b)).id,
    });
    expect(other.json().data).toMatchObject({ registration: 'W123XYZ', make: 'Unknown', current_mot: null });
    expect(
      (await b.get(api('/staff/my-vehicles'))).json().data.map((v: { registration: string }) => v.registration),
    ).toEqual(['AB12CDE', 'W123XYZ']);
  });

  it('refuses bad registrations, duplicates and documents that are not the member’s', async () => {
    const b = await signedIn('sam.taylor@example.com');
    const doc = await uploadDocument(b);
    const bad = await b.post(api('/staff/my-vehicles'), { registration: 'NOT A REG!', insurance_document: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.json().errors.fields).toEqual([
      { field: 'registration', error: 'Enter a UK registration, like AB12 CDE' },
      { field: 'insurance_document', error: 'Upload the insurance document again' },
    ]);
    const dup = await b.post(api('/staff/my-vehicles'), { registration: 'AB12CDE', insurance_document: doc.id });
    expect(dup.status).toBe(409);
    expect(dup.json().errors.fields).toEqual([{ field: 'registration', error: 'You have already added this vehicle' }]);
    const jamie = await signedIn('jamie.patel@example.com');
    const stolen = await jamie.post(api('/staff/my-vehicles'), {
      registration: 'LS21 BAR',
      insurance_document: doc.id,
    });
    expect(stolen.status).toBe(400);
    expect(
      (
        await jamie.post(api('/staff/self-service/file'), {
          file_data: dataUrl('application/pdf', await simplePdf('x')),
          filename: 'x.pdf',
          bucket: 'selfies',
        })
      ).status,
    ).toBe(400);
  });

  it('goes pending → approved, or → rejected with a reason, from the CLI; a new document is pending again', async () => {
    const b = await signedIn('morgan.hughes@example.com');
    const vehicle = (
      await b.post(api('/staff/my-vehicles'), {
        registration: 'YK19 ALE',
        insurance_document: (await uploadDocument(b)).id,
      })
    ).json().data;
    const list = await admin('insurance list', {});
    const line = list.lines.find((l) => l.startsWith(vehicle.id));
    expect(line).toContain('YK19ALE');
    expect(line).toContain('morgan.hughes@example.com');

    const shownDocument = /document ([0-9a-f-]{36})/.exec(line!)![1]!;
    expect(shownDocument).toBe(vehicle.current_insurance_document.file.id);
    expect(
      (
        await admin('insurance approve', {
          vehicleId: vehicle.id,
          coverEnds: dayjs.utc(todayInUk()).add(1, 'year').format('YYYY-MM-DD'),
          by: 'Priya (HR)',
          document: shownDocument,
        })
      ).exitCode,
    ).toBe(0);
    let current = (await b.get(api('/staff/my-vehicles'))).json().data.find((v: { id: string }) => v.id === vehicle.id);
    expect(current.current_insurance_document).toMatchObject({ approved_by: 'Priya (HR)', approval_error: null });
    expect((await admin('insurance list', {})).lines.some((l) => l.startsWith(vehicle.id))).toBe(false);

    expect(
      (await admin('insurance reject', { vehicleId: vehicle.id, reason: 'No business class 2 cover' })).exitCode,
    ).toBe(0);
    current = (await b.get(api('/staff/my-vehicles'))).json().data.find((v: { id: string }) => v.id === vehicle.id);
    expect(current.current_insurance_document).toMatchObject({
      approved_by: null,
      approval_error: 'No business class 2 cover',
    });

    const replaced = await b.post(api(`/staff/vehicle/${vehicle.id}/insurance-document`), {
      file_id: (await uploadDocument(b, 'new-cover.pdf')).id,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json().data.current_insurance_document).toMatchObject({
      approved_by: null,
      approval_error: null,
      file: { original_filename: 'new-cover.pdf' },
    });
    // HR's decision on the document they saw does not land on the replacement.
    const stale = await admin('insurance approve', {
      vehicleId: vehicle.id,
      coverEnds: todayInUk(),
      document: shownDocument,
    });
    expect(stale.exitCode).toBe(1);
    expect(stale.error).toBe(
      'The member has replaced that document since: run insurance list again and check the new one.',
    );

    expect((await admin('insurance reject', { vehicleId: vehicle.id })).error).toContain('--reason is required');
    expect((await admin('insurance approve', { vehicleId: 'not-a-vehicle', coverEnds: todayInUk() })).error).toBe(
      'No vehicle has the id not-a-vehicle.',
    );
  });

  it('keeps vehicles and files to their owner, and download addresses short-lived', async () => {
    const sam = await signedIn('sam.taylor@example.com');
    const jamie = await signedIn('jamie.patel@example.com');
    const samVehicle = (await sam.get(api('/staff/my-vehicles'))).json().data[0];
    expect((await jamie.get(api('/staff/my-vehicles'))).json().data).toEqual([]);
    const replace = await jamie.post(api(`/staff/vehicle/${samVehicle.id}/insurance-document`), {
      file_id: (await uploadDocument(jamie)).id,
    });
    expect(replace.status).toBe(404);

    const fileId = samVehicle.current_insurance_document.file.id;
    expect((await jamie.get(api(`/rest/file/download/${fileId}`))).status).toBe(404);
    expect((await jamie.get(api('/rest/file/download/not-an-id'))).status).toBe(404);
    const download = await sam.get(api(`/rest/file/download/${fileId}`));
    expect(download.status).toBe(200);
    const uri = download.json().data.uri as string;
    const res = await t.app.inject({ method: 'GET', url: uri });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="insurance\.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Tampered or expired addresses are refused.
    expect(
      (await t.app.inject({ method: 'GET', url: uri.replace('disposition=attachment', 'disposition=inline') }))
        .statusCode,
    ).toBe(403);
    const old = signedFileUrl({
      services: t.app.services,
      fileId,
      disposition: 'attachment',
      now: new Date(Date.now() - 10 * 60_000),
    });
    const expired = await t.app.inject({ method: 'GET', url: old });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().errors.message).toContain('expired');
    expect((await t.app.inject({ method: 'GET', url: `/api/rest/file/content/${fileId}` })).statusCode).toBe(400);
  });
});
