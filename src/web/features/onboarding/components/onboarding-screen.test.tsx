import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_ONBOARDING_ELEMENT_ID } from '@shared/onboarding-link-page.js';
import { api } from '@web/lib/api-client';
import { FAKE_SIGNATURE } from '@web/testing/fake-signature-pad';
import { httpError, ok } from '@web/testing/http';
import { field, onboardingStatus } from '@web/testing/onboarding';
import { renderPage } from '@web/testing/render-page';
import { OnboardingScreen } from './onboarding-screen';

// jsdom has no canvas: a button stands in for the pad (clicking it "draws").
vi.mock('@web/components/signing/signature-pad', () => import('@web/testing/fake-signature-pad'));

const TOKEN = 'join-ava';
const BASE = `/staff/self-service-onboard/${TOKEN}`;
const fields = [field({ id: 1, name: 'known_as', label: 'Known as' })];
const at = (step: 'details' | 'contract' | 'password' | 'complete') => onboardingStatus({ step }, fields);

function renderScreen() {
  return renderPage(<OnboardingScreen token={TOKEN} />);
}

/** Answers the status calls with `status`, and the draft (asked for beside it) with none. */
function answerGets(status: ReturnType<typeof at>) {
  return vi
    .spyOn(api, 'get')
    .mockImplementation(async (url: string) => (url === `${BASE}/draft` ? ok({ data: null }) : ok(status)));
}

beforeEach(() => {
  // jsdom does not scroll; the screen returns to the top when the step changes.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(cleanup);

describe('OnboardingScreen loading', () => {
  it('shows a spinner, then greets the joiner by forename above the brand banner', async () => {
    answerGets(at('details'));
    renderScreen();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Ava' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Lantern Inns' })).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(BASE);
  });

  it('draws the form from the status and draft the page carried, without asking for them, once', async () => {
    const get = vi.spyOn(api, 'get');
    const carried = document.createElement('script');
    carried.type = 'application/json';
    carried.id = EMBEDDED_ONBOARDING_ELEMENT_ID;
    const draft = { fields: { known_as: 'Avie' }, revision: 3, updated_at: '2026-11-24T09:00:00.000Z' };
    carried.textContent = JSON.stringify({ token: TOKEN, status: at('details'), draft });
    document.head.append(carried);
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Ava' })).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: 'Known as' })) as HTMLInputElement).value).toBe('Avie');
    expect(get).not.toHaveBeenCalled();
    expect(document.getElementById(EMBEDDED_ONBOARDING_ELEMENT_ID)).toBeNull();
  });

  it("asks for the status when the page carried another link's", async () => {
    answerGets(at('details'));
    const carried = document.createElement('script');
    carried.type = 'application/json';
    carried.id = EMBEDDED_ONBOARDING_ELEMENT_ID;
    carried.textContent = JSON.stringify({
      token: 'someone-else',
      status: onboardingStatus({ step: 'password' }, fields),
      draft: null,
    });
    document.head.append(carried);
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Ava' })).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(BASE);
    expect(screen.getByRole('textbox', { name: 'Known as' })).toBeTruthy();
  });

  it('explains an unknown or expired link (404)', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(httpError(404, { errors: { message: 'Not found' } }));
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'This link has expired or is not valid' })).toBeTruthy();
    expect(screen.getByText('Ask your manager to send you a new one.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Lantern Inns' })).toBeTruthy();
  });

  it('shows other failures with Try again, which loads again', async () => {
    const answers = [
      Promise.reject(httpError(500, { errors: { message: 'The service is unavailable' } })),
      Promise.resolve(ok(at('details'))),
    ];
    answers[0]!.catch(() => {});
    const get = vi
      .spyOn(api, 'get')
      .mockImplementation((url: string) =>
        url === `${BASE}/draft` ? Promise.resolve(ok({ data: null })) : answers.shift()!,
      );
    renderScreen();
    expect((await screen.findByRole('alert')).textContent).toContain('The service is unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Hi Ava' })).toBeTruthy();
    expect(get.mock.calls.filter(([url]) => url === BASE)).toHaveLength(2);
  });
});

describe('OnboardingScreen steps', () => {
  it('moves from details to the contract when the submit answers the contract step', async () => {
    vi.spyOn(api, 'get').mockImplementation(async (url: string) =>
      url.endsWith('/contract/text')
        ? ok({ data: '<p>Your contract of employment.</p>', meta: { url: null, title: 'Bar team contract' } })
        : url.endsWith('/draft')
          ? ok({ data: null })
          : ok(at('details')),
    );
    vi.spyOn(api, 'post').mockResolvedValue(ok(at('contract')));
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'The legal bit...' })).toBeTruthy();
    expect(await screen.findByText('Your contract of employment.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Bar team contract' })).toBeTruthy();
  });

  it("on the contract step shows 'Sign Contract' only once signed, then moves to the password step", async () => {
    vi.spyOn(api, 'get').mockImplementation(async (url: string) =>
      url.endsWith('/contract/text')
        ? ok({ data: '<p>Terms.</p>', meta: { url: null, title: 'Contract' } })
        : ok(at('contract')),
    );
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok(at('password')));
    renderScreen();
    expect(await screen.findByText(/sign it in the box at the bottom with your mouse or finger/)).toBeTruthy();
    await screen.findByText('Terms.');
    expect(screen.queryByRole('button', { name: 'Sign Contract' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Signature pad' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Contract' }));
    expect(await screen.findByRole('heading', { name: 'One more thing...' })).toBeTruthy();
    expect(post).toHaveBeenCalledWith(`${BASE}/contract/sign`, { signature_data: FAKE_SIGNATURE });
  });

  it('shows a signing error inline and keeps the step', async () => {
    vi.spyOn(api, 'get').mockImplementation(async (url: string) =>
      url.endsWith('/contract/text')
        ? ok({ data: '<p>Terms.</p>', meta: { url: null, title: 'Contract' } })
        : ok(at('contract')),
    );
    vi.spyOn(api, 'post').mockRejectedValue(httpError(400, { errors: { message: 'Please sign before submitting' } }));
    renderScreen();
    await screen.findByText('Terms.');
    fireEvent.click(screen.getByRole('button', { name: 'Signature pad' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Contract' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please sign before submitting');
    expect(screen.getByRole('heading', { name: 'The legal bit...' })).toBeTruthy();
  });

  it('sets the password and moves to the last step, which offers sign-in', async () => {
    answerGets(at('password'));
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok(at('complete')));
    renderScreen();
    expect(await screen.findByText(/set a password for the team member portal/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pints0fbitter' } });
    fireEvent.change(screen.getByLabelText('Repeat password'), { target: { value: 'pints0fbitter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(await screen.findByRole('heading', { name: 'Almost done!' })).toBeTruthy();
    expect(post).toHaveBeenCalledWith(`${BASE}/password`, {
      password: 'pints0fbitter',
      password_check: 'pints0fbitter',
    });
    expect(screen.getByText(/email asking you to complete your initial training/)).toBeTruthy();
    expect(screen.getByText(/training is paid, and you cannot be added to any rotas/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to Staffroom' }).getAttribute('href')).toBe('/login');
  });

  it('shows a password error inline', async () => {
    answerGets(at('password'));
    vi.spyOn(api, 'post').mockRejectedValue(
      httpError(400, {
        errors: {
          message: 'Please check your password',
          fields: [{ field: 'password', error: 'needs at least 1 digit' }],
        },
      }),
    );
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Set my password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please check your password');
  });

  it('lets the joiner show what they typed', async () => {
    answerGets(at('password'));
    renderScreen();
    const password = (await screen.findByLabelText('Password')) as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it('opens on the complete step for a joiner who has finished', async () => {
    answerGets(at('complete'));
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Almost done!' })).toBeTruthy();
    await waitFor(() => expect(window.scrollTo).not.toHaveBeenCalled());
  });
});
