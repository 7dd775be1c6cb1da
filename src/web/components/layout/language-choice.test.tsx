import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageOffer } from '@web/i18n/language-offer';
import { OFFER_DISMISSED_KEY, preferredLanguage } from '@web/i18n/offer';
import { LANGUAGE_STORAGE_KEY } from '@web/i18n/stored-language';
import { startAt } from '@web/testing/address';
import { Frame } from './frame';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The browser's languages, as `navigator.languages` gives them. */
function browserPrefers(languages: string[]) {
  vi.stubGlobal('navigator', { ...navigator, languages, language: languages[0] });
}

describe('The language of the staff side', () => {
  it('is English until the member picks Polish in the menu, then the frame reads Polish and the device keeps it', async () => {
    startAt('/team-discount');
    render(<Frame>{null}</Frame>);
    expect(screen.getByRole('banner').textContent).toContain('Team Discount');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const language = await screen.findByLabelText('Language');
    fireEvent.change(language, { target: { value: 'pl' } });
    // The menu is open: the page behind it (the top bar among it) is hidden from assistive technology.
    await waitFor(() =>
      expect(screen.getByRole('banner', { hidden: true }).textContent).toContain('Zniżka pracownicza'),
    );
    expect(screen.getByRole('button', { name: 'Moje dane' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Menu główne' })).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('pl');
    expect(document.documentElement.lang).toBe('pl');

    fireEvent.change(screen.getByLabelText('Język'), { target: { value: 'en-GB' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'My Details' })).toBeTruthy());
    expect(screen.getByRole('banner', { hidden: true }).textContent).toContain('Team Discount');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en-GB');
  });

  it('offers the language the browser prefers to English, in that language, until dismissed for good', async () => {
    browserPrefers(['pl-PL', 'en-GB']);
    const { unmount } = render(<LanguageOffer signedIn={false} />);
    expect(await screen.findByText('Wolisz polski?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nie, dziękuję' }));
    expect(screen.queryByText('Wolisz polski?')).toBeNull();
    expect(localStorage.getItem(OFFER_DISMISSED_KEY)).toBe('1');
    unmount();
    render(<LanguageOffer signedIn={false} />);
    expect(screen.queryByText('Wolisz polski?')).toBeNull();
  });

  it('switches the page when the offer is taken', async () => {
    browserPrefers(['es-ES', 'es', 'en']);
    startAt('/dashboard');
    render(
      <>
        <LanguageOffer signedIn={false} />
        <Frame>{null}</Frame>
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cambiar a español' }));
    await waitFor(() => expect(screen.getByRole('banner').textContent).toContain('Inicio'));
    expect(screen.queryByText('¿Prefieres español?')).toBeNull();
  });

  it('offers nothing when English comes first, or the language is not one the staff side has', () => {
    expect(preferredLanguage(['en-GB', 'pl'])).toBeNull();
    expect(preferredLanguage(['de-DE', 'fr', 'en'])).toBeNull();
    expect(preferredLanguage(['de-DE', 'pt-BR', 'en'])).toBe('pt');
    browserPrefers(['en-GB', 'pl']);
    const { container } = render(<LanguageOffer signedIn={false} />);
    expect(container.textContent).toBe('');
  });
});
