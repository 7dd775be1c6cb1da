import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api-client';
import { httpError, ok } from '@web/testing/http';
import { renderPage } from '@web/testing/render-page';
import { SetPasswordScreen } from './set-password-screen';

const TOKEN = 'kit-link';
const PATH = `/staff/password-link/${TOKEN}`;
const LINK = { data: { forename: 'Kit', brand: { id: 'salt-and-ember', name: 'Salt & Ember' } } };

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(cleanup);

describe('SetPasswordScreen', () => {
  it('names the member and the portal, sets the password, then offers Login', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok(LINK));
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { password_set: true } }));
    renderPage(<SetPasswordScreen token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Set your password' })).toBeTruthy();
    expect(screen.getByText(/Hi Kit, please choose a password for the Salt & Ember team member portal/)).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(PATH);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pints0fbitter' } });
    fireEvent.change(screen.getByLabelText('Repeat password'), { target: { value: 'pints0fbitter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(await screen.findByRole('heading', { name: 'Your password is set' })).toBeTruthy();
    expect(post).toHaveBeenCalledWith(PATH, { password: 'pints0fbitter', password_check: 'pints0fbitter' });
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it('shows the live hints and the server’s refusal inline, keeping what was typed', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok(LINK));
    vi.spyOn(api, 'post').mockRejectedValue(
      httpError(400, {
        errors: {
          message: 'Choose a password that meets the rules.',
          fields: [{ field: 'password', error: 'must contain at least 1 digit' }],
        },
      }),
    );
    renderPage(<SetPasswordScreen token={TOKEN} />);
    const password = (await screen.findByLabelText('Password')) as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'nodigits' } });
    expect(screen.getByText('At least 1 number').closest('li')!.getAttribute('data-state')).toBe('invalid');
    expect(screen.getByText('At least 8 characters').closest('li')!.getAttribute('data-state')).toBe('valid');
    fireEvent.click(screen.getByRole('button', { name: 'Set my password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Choose a password that meets the rules.');
    expect(password.value).toBe('nodigits');
  });

  it('says an unknown or used link has expired', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(httpError(404, { errors: { message: 'gone' } }));
    renderPage(<SetPasswordScreen token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'This link has expired or is not valid' })).toBeTruthy();
  });
});
