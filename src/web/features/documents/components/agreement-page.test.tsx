import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Agreement } from '@shared/api/documents.js';
import { api } from '@web/lib/api-client';
import { FAKE_SIGNATURE } from '@web/testing/fake-signature-pad';
import { httpError, ok } from '@web/testing/http';
import { renderPage } from '@web/testing/render-page';
import { AgreementPage } from './agreement-page';

vi.mock('@web/components/signing/signature-pad', () => import('@web/testing/fake-signature-pad'));
vi.mock('@web/components/signing/pdf-viewer', () => ({
  default: ({ url }: { url: string }) => <p>{`PDF viewer at ${url}`}</p>,
}));

const TOKEN = 'a-42';

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

afterEach(cleanup);

describe('AgreementPage', () => {
  it("shows the template HTML and signs with 'Sign Agreement'", async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(ok({ data: agreement() }));
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(ok({ data: agreement({ status: { complete: true }, date_signed: '2026-04-02T11:00:00' }) }));
    renderPage(<AgreementPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' })).toBeTruthy();
    expect(screen.getByText('I will return my uniform when I leave.')).toBeTruthy();
    expect(get).toHaveBeenCalledWith(`/staff/agreement/${TOKEN}`, { params: { include: 'rendered' } });
    expect((screen.getByRole('button', { name: 'Sign Agreement' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Signature pad' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Agreement' }));
    expect(await screen.findByText('This agreement was signed on 02/04/2026')).toBeTruthy();
    expect(post).toHaveBeenCalledWith(`/staff/agreement/${TOKEN}`, { signature_data: FAKE_SIGNATURE });
    expect(screen.getByRole('link', { name: 'Download signed PDF' }).getAttribute('href')).toBe(`/api/staff/agreement/${TOKEN}/pdf`);
  });

  it('shows the PDF when the agreement has one', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: agreement({ pdf: { id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' } }) }));
    renderPage(<AgreementPage token={TOKEN} />);
    expect(await screen.findByText(`PDF viewer at /api/staff/agreement/${TOKEN}/pdf`)).toBeTruthy();
  });

  it('shows other load failures with Try again', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(httpError(503, { errors: { message: 'Please try again in a moment' } }));
    renderPage(<AgreementPage token={TOKEN} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Please try again in a moment');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('explains an unknown or expired link (404)', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(httpError(404, { errors: { message: 'Not found' } }));
    renderPage(<AgreementPage token={TOKEN} />);
    expect(await screen.findByText('This link has expired or is not valid')).toBeTruthy();
  });
});
