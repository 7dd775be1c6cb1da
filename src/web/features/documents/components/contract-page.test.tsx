import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contract } from '@shared/api/documents.js';
import { api } from '@web/lib/api-client';
import { FAKE_SIGNATURE } from '@web/testing/fake-signature-pad';
import { deferred, httpError, ok } from '@web/testing/http';
import { renderPage } from '@web/testing/render-page';
import { ContractPage } from './contract-page';

// jsdom has no canvas: a button stands in for the pad (clicking it "draws").
vi.mock('@web/components/signing/signature-pad', () => import('@web/testing/fake-signature-pad'));
// pdf.js needs a real browser; the viewer shows which PDF it was given.
vi.mock('@web/components/signing/pdf-viewer', () => ({
  default: ({ url, title }: { url: string; title: string }) => <p>{`PDF viewer: ${title} at ${url}`}</p>,
}));

const TOKEN = 'c-777';

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

afterEach(cleanup);

describe('ContractPage', () => {
  it('asks for the contract with its rendered HTML and shows it in a scrollable box', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(ok({ data: contract() }));
    renderPage(<ContractPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contracts' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Contract of employment' })).toBeTruthy();
    expect(screen.getByText(/Please read the contract below carefully/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Contract of employment' }).textContent).toContain('You will work 30 hours a week.');
    expect(get).toHaveBeenCalledWith(`/staff/employment/contract/${TOKEN}`, { params: { include: 'rendered' } });
  });

  it('shows the PDF when the contract has a file', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: contract({ file: { id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' } }) }));
    renderPage(<ContractPage token={TOKEN} />);
    expect(await screen.findByText(`PDF viewer: Contract of employment at /api/staff/employment/contract/${TOKEN}/pdf`)).toBeTruthy();
  });

  it("keeps 'Sign Contract' disabled until signed and while signing, then shows the signed date", async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: contract() }));
    const answer = deferred<ReturnType<typeof ok>>();
    const post = vi.spyOn(api, 'post').mockReturnValue(answer.promise);
    renderPage(<ContractPage token={TOKEN} />);
    const sign = (await screen.findByRole('button', { name: 'Sign Contract' })) as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Signature pad' }));
    expect(sign.disabled).toBe(false);
    fireEvent.click(sign);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Sign Contract' }) as HTMLButtonElement).disabled).toBe(true));
    expect(post).toHaveBeenCalledWith(`/staff/employment/contract/${TOKEN}/sign`, { signature_data: FAKE_SIGNATURE });

    answer.resolve(ok({ data: contract({ status: { complete: true }, date_accepted: '2026-03-09T10:30:00' }) }));
    expect(await screen.findByText('This contract was signed on 09/03/2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign Contract' })).toBeNull();
    expect(screen.queryByText(/Please read the contract/)).toBeNull();
    const download = screen.getByRole('link', { name: 'Download signed PDF' });
    expect(download.getAttribute('href')).toBe(`/api/staff/employment/contract/${TOKEN}/pdf`);
  });

  it('shows a signing error inline', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: contract() }));
    vi.spyOn(api, 'post').mockRejectedValue(httpError(400, { errors: { message: 'The signature image is too large' } }));
    renderPage(<ContractPage token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Signature pad' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Contract' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The signature image is too large');
  });

  it('reloads the contract when it was signed meanwhile (409)', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockResolvedValueOnce(ok({ data: contract() }))
      .mockResolvedValueOnce(ok({ data: contract({ status: { complete: true }, date_accepted: '2026-03-08T09:00:00' }) }));
    vi.spyOn(api, 'post').mockRejectedValue(httpError(409, { errors: { message: 'This contract has already been signed' } }));
    renderPage(<ContractPage token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Signature pad' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Contract' }));
    expect(await screen.findByText('This contract was signed on 08/03/2026')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('opens signed: the date and the download, no pad', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: contract({ status: { complete: true }, date_accepted: '2025-12-01T16:00:00' }) }));
    renderPage(<ContractPage token={TOKEN} />);
    expect(await screen.findByText('This contract was signed on 01/12/2025')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Signature pad' })).toBeNull();
  });

  it('explains an unknown or expired link (404)', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(httpError(404, { errors: { message: 'Not found' } }));
    renderPage(<ContractPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'This link has expired or is not valid' })).toBeTruthy();
    expect(screen.getByText('Ask your manager to send you a new one.')).toBeTruthy();
  });
});
