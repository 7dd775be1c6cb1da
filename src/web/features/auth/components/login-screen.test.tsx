import { configureStore } from '@reduxjs/toolkit';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '@shared/constants.js';
import { api } from '@web/lib/api-client';
import { keepOfflineCard, OFFLINE_CARD_STORAGE_KEY } from '@web/lib/offline-discount-card';
import { createQueryClient } from '@web/lib/query-client';
import { offlineStatus, selfieFetch, signInAs } from '@web/testing/offline-card';
import { authReducer } from '../stores/auth-slice';
import { LoginScreen } from './login-screen';

const user = { id: 'u1', forename: 'Priya', surname: 'Shah', email_address: 'priya.shah@example.com' };

function renderLogin(path: string) {
  const store = configureStore({ reducer: { auth: authReducer } });
  render(
    <StrictMode>
      <Provider store={store}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/login" element={<LoginScreen />} />
              <Route path="/dashboard" element={<p>Dashboard page</p>} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </Provider>
    </StrictMode>,
  );
  return store;
}

function rejection(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, {
    data,
    status,
    statusText: '',
    headers: {},
    config,
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('LoginScreen', () => {
  it('without a code shows the logo and the Login button, and calls nothing', () => {
    const post = vi.spyOn(api, 'post');
    renderLogin('/login');
    expect(screen.getByRole('img', { name: 'Lantern Inns' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('with code and state completes sign-in once, keeps the user and goes to /dashboard', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ data: { user } });
    const store = renderLogin('/login?code=abc&state=xyz');
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/staff/self-service/process-authentication', { code: 'abc', state: 'xyz' });
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(user);
    expect(store.getState().auth).toEqual({ isAuthenticated: true, userData: user });
  });

  it('shows a full-page loader while the code is processed', async () => {
    vi.spyOn(api, 'post').mockReturnValue(new Promise(() => {}));
    renderLogin('/login?code=abc&state=xyz');
    expect(await screen.findByRole('progressbar', { name: 'Signing you in' })).toBeTruthy();
  });

  it('on failure stops the loader and shows the error above the logo, with Login to try again', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(rejection(400, { errors: { message: 'The sign-in link has expired' } }));
    const store = renderLogin('/login?code=abc&state=xyz');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The sign-in link has expired');
    const logo = screen.getByRole('img', { name: 'Lantern Inns' });
    expect(alert.compareDocumentPosition(logo) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Signing you in' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('forgets the discount card kept for another member on this phone, and keeps the same member\'s', async () => {
    vi.stubGlobal('fetch', selfieFetch().fetch);
    signInAs('someone-else');
    await keepOfflineCard(offlineStatus, null);
    vi.spyOn(api, 'post').mockResolvedValue({ data: { user } });
    renderLogin('/login?code=abc&state=xyz');
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(window.localStorage.getItem(OFFLINE_CARD_STORAGE_KEY)).toBeNull();

    cleanup();
    await keepOfflineCard(offlineStatus, null);
    renderLogin('/login?code=def&state=uvw');
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(window.localStorage.getItem(OFFLINE_CARD_STORAGE_KEY)).not.toBeNull();
  });
});
