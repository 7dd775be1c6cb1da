import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyDocument, MyDocumentDetail } from '@shared/api/documents.js';
import { activateLocale } from '@web/i18n/i18n';
import { api } from '@web/lib/api-client';
import { FAKE_SIGNATURE } from '@web/testing/fake-signature-pad';
import { httpError, ok } from '@web/testing/http';
import { renderPage } from '@web/testing/render-page';
import MyDocumentPage from './my-document-page';
import { MyDocumentsPage } from './my-documents-page';

// jsdom has no canvas: a button stands in for the pad (clicking it "draws").
vi.mock('@web/components/signing/signature-pad', () => import('@web/testing/fake-signature-pad'));
// pdf.js needs a real browser; the viewer shows which PDF it was given.
vi.mock('@web/components/signing/pdf-viewer', () => ({
  default: ({ url, title }: { url: string; title: string }) => <p>{`PDF viewer: ${title} at ${url}`}</p>,
}));

const ID = '5d7c0b1e-2a3f-4c5d-8e9f-0a1b2c3d4e5f';

function row(overrides: Partial<MyDocument> = {}): MyDocument {
  return {
    id: ID,
    kind: 'agreement',
    title: 'Locker agreement',
    status: 'waiting',
    issued_at: '2026-11-20T10:00:00.000Z',
    signed_at: null,
    expires_at: '2026-12-04T10:00:00.000Z',
    ...overrides,
  };
}

const detail = (overrides: Partial<MyDocumentDetail> = {}): MyDocumentDetail => ({
  ...row(),
  is_pdf: false,
  html: '<p>Locker 12 is yours.</p>',
  ...overrides,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('My Documents', () => {
  it('lists each document with its kind, date and state, each leading to its own page', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(
      ok({
        data: [
          row({ id: 'a', title: 'Tips policy' }),
          row({
            id: 'b',
            kind: 'contract',
            title: 'Contract of employment',
            status: 'signed',
            signed_at: '2026-11-21T09:00:00.000Z',
          }),
          row({ id: 'c', kind: 'contract', title: 'Old contract', status: 'expired' }),
        ],
      }),
    );
    renderPage(<MyDocumentsPage />);
    const list = await screen.findByRole('list', { name: 'Your documents' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/my-documents/a',
      '/my-documents/b',
      '/my-documents/c',
    ]);
    expect(links[0]!.textContent).toContain('Agreement · issued 20/11/2026');
    expect(links[0]!.textContent).toContain('Waiting for your signature');
    expect(links[1]!.textContent).toContain('Signed 21/11/2026');
    expect(links[2]!.textContent).toContain('Time to sign ran out');
  });

  it('reads in Polish, each title as HR wrote it and each date as the UK writes it', async () => {
    await act(() => activateLocale('pl'));
    vi.spyOn(api, 'get').mockResolvedValue(
      ok({
        data: [
          row({ id: 'a', title: 'Tips policy' }),
          row({
            id: 'b',
            kind: 'contract',
            title: 'Contract',
            status: 'signed',
            signed_at: '2026-11-21T09:00:00.000Z',
          }),
        ],
      }),
    );
    renderPage(<MyDocumentsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Moje dokumenty' })).toBeTruthy();
    const links = within(await screen.findByRole('list', { name: 'Twoje dokumenty' })).getAllByRole('link');
    expect(links[0]!.textContent).toBe('Tips policyPorozumienie · wystawione 20/11/2026Czeka na Twój podpis');
    expect(links[1]!.textContent).toBe('ContractUmowa o pracę · wystawiona 20/11/2026Podpisano 21/11/2026');
  });

  it('says so when there is nothing yet', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: [] }));
    renderPage(<MyDocumentsPage />);
    expect(await screen.findByText('No documents yet')).toBeTruthy();
  });
});

describe('One of My Documents', () => {
  it('signs a waiting one with the pad, then shows the signed PDF in the viewer with its download', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: detail() }));
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(ok({ data: detail({ status: 'signed', signed_at: '2026-11-22T12:00:00.000Z' }) }));
    renderPage(<MyDocumentPage id={ID} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' })).toBeTruthy();
    const sign = await screen.findByRole('button', { name: 'Sign Agreement' });
    fireEvent.click(screen.getByRole('button', { name: 'Signature pad' }));
    fireEvent.click(sign);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/staff/self-service/documents/${ID}/sign`, { signature_data: FAKE_SIGNATURE }),
    );
    expect(await screen.findByText('This agreement was signed on 22/11/2026')).toBeTruthy();
    const pdf = `/api/staff/self-service/documents/${ID}/pdf`;
    expect(screen.getByRole('link', { name: 'Download signed PDF' }).getAttribute('href')).toBe(pdf);
    // An HTML agreement, once signed, shows its signed PDF.
    expect(await screen.findByText(`PDF viewer: Locker agreement at ${pdf}`)).toBeTruthy();
  });

  it('shows why one cannot be signed here instead of the pad', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: detail({ kind: 'contract', status: 'onboarding' }) }));
    renderPage(<MyDocumentPage id={ID} />);
    expect(
      await screen.findByText(
        'You sign this contract as part of your onboarding: open the link in your invitation email.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign Contract' })).toBeNull();
  });

  it('shows the server’s answer for another member’s document', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(httpError(404, { errors: { message: 'That document was not found.' } }));
    renderPage(<MyDocumentPage id={ID} />);
    await waitFor(() => expect(screen.getByText('That document was not found.')).toBeTruthy());
  });
});
