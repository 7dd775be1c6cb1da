import { describe, expect, it } from 'vitest';
import { languageOfDevice, renderProviderError, renderSignInPage } from './sign-in-page.js';

const FORM = { brandId: 'lantern-inns', action: '/interaction/abc/login' };

describe('the embedded provider’s sign-in page', () => {
  it('reads English, as it always has, when the device chose no language', () => {
    const page = renderSignInPage({ ...FORM, language: languageOfDevice({}) });
    expect(page).toContain('<html lang="en-GB">');
    expect(page).toContain('<title>Sign in · Lantern Inns</title>');
    expect(page).toContain('<h1>Sign in to Staffroom</h1>');
    expect(page).toContain('<p class="lead">Use the email address and password you set when you joined.</p>');
    expect(page).toContain('<label for="email">Email address</label>');
    expect(page).toContain('<button type="submit">Sign in</button>');
    expect(page).toContain(
      '<p class="help">Forgotten your password? Ask your line manager to send you a new link.</p>',
    );
  });

  it('reads Polish when the device’s cookie says so, its error too', () => {
    const language = languageOfDevice({ 'staffroom.language': 'pl' });
    expect(language).toBe('pl');
    const page = renderSignInPage({
      ...FORM,
      language,
      email: 'sam@example.com',
      error: 'Wpisz adres e-mail i hasło.',
    });
    expect(page).toContain('<html lang="pl">');
    expect(page).toContain('<title>Logowanie · Lantern Inns</title>');
    expect(page).toContain('<h1>Zaloguj się do Staffroom</h1>');
    expect(page).toContain('<button type="submit">Zaloguj się</button>');
    expect(page).toContain('<div class="error" role="alert">Wpisz adres e-mail i hasło.</div>');
    expect(page).not.toMatch(/Sign in|Password|Email address/);
    const problem = renderProviderError({ brandId: 'lantern-inns', language, message: 'Coś poszło nie tak.' });
    expect(problem).toContain('<h1>Nie udało się Cię zalogować</h1>');
    expect(problem).toContain('<a href="/login">Wróć do portalu i spróbuj ponownie</a>');
  });

  it('stays English for a choice the server has no pages in', () => {
    for (const value of ['en-GB', 'pseudo', 'de', undefined])
      expect(languageOfDevice({ 'staffroom.language': value })).toBeNull();
    expect(languageOfDevice(undefined)).toBeNull();
  });
});
