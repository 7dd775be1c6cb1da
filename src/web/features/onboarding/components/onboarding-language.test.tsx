import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@web/i18n/stored-language';
import { api } from '@web/lib/api-client';
import { ok } from '@web/testing/http';
import { field, onboardingStatus } from '@web/testing/onboarding';
import { renderPage } from '@web/testing/render-page';
import { OnboardingScreen } from './onboarding-screen';

const TOKEN = 'join-ava';
const BASE = `/staff/self-service-onboard/${TOKEN}`;
const fields = [
  field({ id: 1, name: 'pay_title', label: 'Your pay', type: 'title' }),
  field({ id: 2, name: 'sort_code', label: 'Sort code', required: true }),
  field({ id: 3, name: 'known_as', label: 'Known as' }),
];

beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation(async (url: string) =>
    url === `${BASE}/draft` ? ok({ data: null }) : ok(onboardingStatus({ step: 'details' }, fields)),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OnboardingScreen in the joiner’s language', () => {
  it('reads Polish once the joiner picks it on the page, HR’s labels as written and UK terms explained', async () => {
    const post = vi.spyOn(api, 'post');
    renderPage(<OnboardingScreen token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Ava' })).toBeTruthy();
    // English keeps the form as HR wrote it, with nothing added.
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.queryByText(/6-digit number of your bank/)).toBeNull();

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'pl' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cześć, Ava' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dalej' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your pay' })).toBeTruthy();
    const sortCode = screen.getByRole('textbox', { name: 'Sort code' });
    expect(sortCode.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(sortCode.getAttribute('aria-describedby')!)?.textContent).toContain(
      'Sort code to 6-cyfrowy numer oddziału banku',
    );
    expect(screen.getByLabelText('Język')).toBeTruthy();
    // A joiner is not signed in: the choice stays on the device.
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('pl');
    expect(post).not.toHaveBeenCalledWith('/staff/self-service/language', expect.anything());
  });

  it('offers the language the browser prefers, in that language', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['pl-PL', 'en-GB'], language: 'pl-PL' });
    renderPage(<OnboardingScreen token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Przełącz na polski' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Cześć, Ava' })).toBeTruthy());
    expect(screen.queryByText('Wolisz polski?')).toBeNull();
  });
});
