import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Agreement, Contract } from '@shared/api/documents.js';
import { activateLocale } from '@web/i18n/i18n';
import { api } from '@web/lib/api-client';
import { FAKE_SIGNATURE } from '@web/testing/fake-signature-pad';
import { deferred, httpError, ok } from '@web/testing/http';
import { renderPage } from '@web/testing/render-page';
import type { DocumentKind } from './document-kinds';
import { DocumentPage } from './document-page';

// jsdom has no canvas: a button stands in for the pad (clicking it "draws").
vi.mock('@web/components/signing/signature-pad', () => import('@web/testing/fake-signature-pad'));
// pdf.js needs a real browser; the viewer shows which PDF it was given.
vi.mock('@web/components/signing/pdf-viewer', () => ({
  default: ({ url, title }: { url: string; title: string }) => <p>{`PDF viewer: ${title} at ${url}`}</p>,
}));

const CONTRACT_TOKEN = 'c-777';
const AGREEMENT_TOKEN = 'a-42';
const PDF_FILE = { id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' };

function contract(overrides: Partial<Contract> = {}): Contract {
  return {
    title: 'Contract of employment',
    file: null,
    rendered: '<h2>Terms</h2><p>You will work 30 hours a week.</p>',
    status: { complete: false },
    date_accepted: null,
    ...overrides,
  };
}

function agreement(overrides: Partial<Agreement> = {}): Agreement {
  return {
    title: 'Uniform agreement',
    pdf: null,
    template: '<p>I will return my uniform when I leave.</p>',
    status: { complete: false },
    date_signed: false,
    ...overrides,
  };
}

const renderKind = (kind: DocumentKind, token: string) => renderPage(<DocumentPage kind={kind} token={token} />);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DocumentPage, contract', () => {
  const renderContract = () => renderKind('contract', CONTRACT_TOKEN);

  it('asks for the contract with its rendered HTML and shows it in a scrollable box', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(ok({ data: contract() }));
    renderContract();
    expect(await screen.findByRole('heading', { level: 1, name: 'Contracts' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Contract of employment' })).toBeTruthy();
    expect(screen.getByText(/Please read the contract below carefully/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Contract of employment' }).textContent).toContain(
      'You will work 30 hours a week.',
    );
    expect(get).toHaveBeenCalledWith(`/staff/employment/contract/${CONTRACT_TOKEN}`, {
      params: { include: 'rendered' },
    });
    // Read in English, there is nothing to say about the document's language.
    expect(screen.queryByText(/is in English/)).toBeNull();
  });

  it("keeps 'Sign Contract' disabled until signed and while signing, then shows the signed date", async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: contract() }));
    const answer = deferred<ReturnType<typeof ok>>();
    const post = vi.spyOn(api, 'post').mockReturnValue(answer.promise);
    renderContract();
    const sign = (await screen.findByRole('button', { name: 'Sign Contract' })) as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Signature pad' }));
    expect(sign.disabled).toBe(false);
    fireEvent.click(sign);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Sign Contract' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(post).toHaveBeenCalledWith(`/staff/employment/contract/${CONTRACT_TOKEN}/sign`, {
      signature_data: FAKE_SIGNATURE,
    });

    answer.resolve(ok({ data: contract({ status: { complete: true }, date_accepted: '2026-03-09T10:30:00' }) }));
    expect(await screen.findByText('This contract was signed on 09/03/2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign Contract' })).toBeNull();
    expect(screen.queryByText(/Please read the contract/)).toBeNull();
    const download = screen.getByRole('link', { name: 'Download signed PDF' });
    expect(download.getAttribute('href')).toBe(`/api/staff/employment/contract/${CONTRACT_TOKEN}/pdf`);
  });

  it('shows a signing error inline', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: contract() }));
    vi.spyOn(api, 'post').mockRejectedValue(
      httpError(400, { errors: { message: 'The signature image is too large' } }),
    );
    renderContract();
    fireEvent.click(await screen.findByRole('button', { name: 'Signature pad' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Contract' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The signature image is too large');
  });

  it('reloads the contract when it was signed meanwhile (409)', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockResolvedValueOnce(ok({ data: contract() }))
      .mockResolvedValueOnce(
        ok({ data: contract({ status: { complete: true }, date_accepted: '2026-03-08T09:00:00' }) }),
      );
    vi.spyOn(api, 'post').mockRejectedValue(
      httpError(409, { errors: { message: 'This contract has already been signed' } }),
    );
    renderContract();
    fireEvent.click(await screen.findByRole('button', { name: 'Signature pad' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Contract' }));
    expect(await screen.findByText('This contract was signed on 08/03/2026')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('opens signed: the date and the download, no pad', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(
      ok({ data: contract({ status: { complete: true }, date_accepted: '2025-12-01T16:00:00' }) }),
    );
    renderContract();
    expect(await screen.findByText('This contract was signed on 01/12/2025')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Signature pad' })).toBeNull();
  });
});

describe('DocumentPage, agreement', () => {
  const renderAgreement = () => renderKind('agreement', AGREEMENT_TOKEN);

  it("shows the template HTML and signs with 'Sign Agreement'", async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(ok({ data: agreement() }));
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(ok({ data: agreement({ status: { complete: true }, date_signed: '2026-04-02T11:00:00' }) }));
    renderAgreement();
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' })).toBeTruthy();
    expect(screen.getByText('I will return my uniform when I leave.')).toBeTruthy();
    expect(get).toHaveBeenCalledWith(`/staff/agreement/${AGREEMENT_TOKEN}`, { params: { include: 'rendered' } });
    expect((screen.getByRole('button', { name: 'Sign Agreement' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Signature pad' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Agreement' }));
    expect(await screen.findByText('This agreement was signed on 02/04/2026')).toBeTruthy();
    expect(post).toHaveBeenCalledWith(`/staff/agreement/${AGREEMENT_TOKEN}`, { signature_data: FAKE_SIGNATURE });
    expect(screen.getByRole('link', { name: 'Download signed PDF' }).getAttribute('href')).toBe(
      `/api/staff/agreement/${AGREEMENT_TOKEN}/pdf`,
    );
  });

  it('reads in Polish on a phone set to Polish, the agreement itself as HR wrote it, and says so', async () => {
    await act(() => activateLocale('pl'));
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: agreement() }));
    vi.spyOn(api, 'post').mockResolvedValue(
      ok({ data: agreement({ status: { complete: true }, date_signed: '2026-04-02T11:00:00' }) }),
    );
    renderAgreement();
    expect(await screen.findByRole('heading', { level: 1, name: 'Porozumienia' })).toBeTruthy();
    expect(
      screen.getByText('To porozumienie jest w języku angielskim, w którym przygotował je dział kadr.'),
    ).toBeTruthy();
    const document = screen.getByRole('region', { name: 'Uniform agreement' });
    expect(document.textContent).toBe('I will return my uniform when I leave.');
    expect(document.getAttribute('lang')).toBe('en-GB');
    expect(screen.getByText('Podpisz się w polu poniżej myszką lub palcem.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Signature pad' }));
    fireEvent.click(screen.getByRole('button', { name: 'Podpisz porozumienie' }));
    // The date as the UK writes it, in every language.
    expect(await screen.findByText('To porozumienie zostało podpisane dnia 02/04/2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pobierz podpisany PDF' })).toBeTruthy();
  });

  it('offers the language the browser prefers, in that language, above the agreement', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['ro-RO', 'en-GB'], language: 'ro-RO' });
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: agreement() }));
    renderAgreement();
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Treci la română' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acorduri' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Semnează acordul' })).toBeTruthy();
    expect(screen.queryByText('Preferi română?')).toBeNull();
  });

  it('shows other load failures with Try again', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(httpError(503, { errors: { message: 'Please try again in a moment' } }));
    renderAgreement();
    expect((await screen.findByRole('alert')).textContent).toContain('Please try again in a moment');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe.each([
  {
    kind: 'contract',
    token: CONTRACT_TOKEN,
    withPdf: contract({ file: PDF_FILE }),
    pdf: `/api/staff/employment/contract/${CONTRACT_TOKEN}/pdf`,
  },
  {
    kind: 'agreement',
    token: AGREEMENT_TOKEN,
    withPdf: agreement({ pdf: PDF_FILE }),
    pdf: `/api/staff/agreement/${AGREEMENT_TOKEN}/pdf`,
  },
] as const)('DocumentPage, either kind ($kind)', ({ kind, token, withPdf, pdf }) => {
  it(`shows the PDF when the ${kind} has one`, async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: withPdf }));
    renderKind(kind, token);
    expect(await screen.findByText(`PDF viewer: ${withPdf.title} at ${pdf}`)).toBeTruthy();
  });

  it('explains an unknown or expired link (404)', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(httpError(404, { errors: { message: 'Not found' } }));
    renderKind(kind, token);
    expect(await screen.findByRole('heading', { name: 'This link has expired or is not valid' })).toBeTruthy();
    expect(screen.getByText('This link has expired or is not valid')).toBeTruthy();
    expect(screen.getByText('Ask your manager to send you a new one.')).toBeTruthy();
  });
});
