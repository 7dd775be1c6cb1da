import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OnboardingDraft } from '@shared/api/onboarding.js';
import { api } from '@web/lib/api-client';
import { httpError, networkError, ok } from '@web/testing/http';
import { field, onboardingStatus } from '@web/testing/onboarding';
import { renderPage } from '@web/testing/render-page';
import { DetailsStep, RestoredDetailsStep } from './details-step';
import { answerFetch } from '@web/testing/fetch-answers';

const TOKEN = 'tok-draft';
const DETAILS = `/staff/self-service-onboard/${TOKEN}`;
const DRAFT = `${DETAILS}/draft`;

const fields = [
  field({ id: 1, name: 'intro', label: 'About you', type: 'title' }),
  field({ id: 2, name: 'known_as', label: 'Known as' }),
  field({ id: 3, name: 'ni_number', label: 'National Insurance number', required: true }),
  field({
    id: 4,
    name: 'has_licence',
    label: 'Do you hold a driving licence?',
    type: 'radio',
    allowed_values: [
      { key: 'yes', value: 'Yes' },
      { key: 'no', value: 'No' },
    ],
  }),
  field({ id: 5, name: 'licence_number', label: 'Licence number', dependent_field: 4, dependent_value: 'yes' }),
  field({ id: 6, name: 'passport', label: 'Passport', type: 'file' }),
];
const status = onboardingStatus({}, fields);
const passport = {
  id: '3f1c2a4e-1b2c-4d3e-8f90-1234567890ab',
  original_filename: 'passport.pdf',
  size: 2048,
  content_type: 'application/pdf',
};
const draft: OnboardingDraft = {
  fields: { known_as: 'Av', ni_number: 'QQ123', has_licence: 'yes', licence_number: 'SMITH901', passport },
  revision: 3,
  updated_at: '2026-11-30T09:00:00.000Z',
};

const input = (label: string | RegExp) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const draftSaves = (post: { mock: { calls: unknown[][] } }) =>
  post.mock.calls.filter(([path]) => path === DRAFT).map(([, body]) => body);

afterEach(cleanup);

describe('DetailsStep drafts: restoring', () => {
  it('fills the form from the kept draft before anything can be typed, the uploaded file included', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(ok({ data: draft }));
    renderPage(<RestoredDetailsStep token={TOKEN} status={status} />);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Known as/ })).toBeNull();

    expect(((await screen.findByRole('textbox', { name: /Known as/ })) as HTMLInputElement).value).toBe('Av');
    // The fields below the first few draw a moment later, and Continue after them.
    await screen.findByRole('button', { name: 'Continue' });
    expect(get).toHaveBeenCalledWith(DRAFT);
    expect(input(/National Insurance number/).value).toBe('QQ123');
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    expect(input('Licence number').value).toBe('SMITH901');
    expect(input('Passport').value).toBe('passport.pdf');
    expect(screen.getByRole('button', { name: 'Replace' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Saved');
  });

  it('starts from the saved answers when the draft cannot be read', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(networkError());
    renderPage(
      <RestoredDetailsStep token={TOKEN} status={onboardingStatus({ fields: { known_as: 'Ava' } }, fields)} />,
    );
    expect(((await screen.findByRole('textbox', { name: /Known as/ })) as HTMLInputElement).value).toBe('Ava');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('DetailsStep drafts: saving', () => {
  it('keeps the form as a draft once typing pauses, every answer with it, counting on from the restored revision', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(ok({ data: { revision: 4, updated_at: '2026-11-30T09:01:00.000Z' } }));
    renderPage(<DetailsStep token={TOKEN} status={status} draft={draft} />);
    fireEvent.change(input(/Known as/), { target: { value: 'Ava' } });
    // A choice that hides a field keeps its answer in the draft, for when it shows again.
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(draftSaves(post)).toEqual([]);
    await waitFor(() => expect(draftSaves(post)).toHaveLength(1));
    expect(draftSaves(post)[0]).toEqual({
      fields: { known_as: 'Ava', ni_number: 'QQ123', has_licence: 'no', licence_number: 'SMITH901', passport },
      revision: 4,
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
  });

  it('saves at once when a field is left, showing Saving… meanwhile', () => {
    const post = vi.spyOn(api, 'post').mockReturnValue(new Promise(() => {}));
    renderPage(<DetailsStep token={TOKEN} status={status} />);
    fireEvent.change(input(/National Insurance number/), { target: { value: 'AB123456C' } });
    fireEvent.blur(input(/National Insurance number/));
    expect(draftSaves(post)).toEqual([{ fields: { ni_number: 'AB123456C' }, revision: 1 }]);
    expect(screen.getByRole('status').textContent).toBe('Saving…');
  });

  it('sends what is unsaved with keepalive as the page goes away', async () => {
    document.cookie = 'XSRF-TOKEN=nonce.mac';
    const calls = answerFetch(() => ({
      status: 200,
      data: { data: { revision: 1, updated_at: '2026-11-30T09:01:00.000Z' } },
    }));
    renderPage(<DetailsStep token={TOKEN} status={status} />);
    fireEvent.change(input(/Known as/), { target: { value: 'Ava' } });
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: DRAFT,
      keepalive: true,
      body: JSON.stringify({ fields: { known_as: 'Ava' }, revision: 1 }),
    });
    expect(calls[0]!.headers.get('X-XSRF-TOKEN')).toBe('nonce.mac');
    expect(calls[0]!.headers.get('X-Application-version')).toBe('0.0.1');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('keeps every answer in the draft when the server refuses Continue', async () => {
    const post = vi.spyOn(api, 'post').mockImplementation(async (path: string) => {
      if (path === DRAFT) return ok({ data: { revision: 1, updated_at: '2026-11-30T09:01:00.000Z' } });
      throw httpError(400, {
        errors: {
          message: 'Some answers need another look.',
          fields: [{ field: 'ni_number', error: 'is not in the right format' }],
        },
      });
    });
    renderPage(<DetailsStep token={TOKEN} status={status} />);
    fireEvent.change(input(/National Insurance number/), { target: { value: 'QQ123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('is not in the right format')).toBeTruthy();
    await waitFor(() => expect(draftSaves(post)).toEqual([{ fields: { ni_number: 'QQ123' }, revision: 1 }]));
    expect(input(/National Insurance number/).value).toBe('QQ123');
  });

  it('says when a save got no answer, and keeps the answers on screen', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(networkError());
    renderPage(<DetailsStep token={TOKEN} status={status} />);
    fireEvent.change(input(/Known as/), { target: { value: 'Ava' } });
    fireEvent.blur(input(/Known as/));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Not saved yet'));
    expect(input(/Known as/).value).toBe('Ava');
  });
});
