import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import type { DiscountStatus } from '@shared/api/team-discount.js';
import type { StaffMember } from '@shared/api/my-details.js';
import { SELFIE_REQUIRED_MESSAGE } from '@shared/team-discount-messages.js';
import { api } from '@web/lib/api-client';
import { ME_QUERY_KEY } from '@web/lib/me-query-key';
import { keepOfflineCard, loadOfflineCard } from '@web/lib/offline-discount-card';
import { deferred, httpError, networkError, ok } from '@web/testing/http';
import { offlineStatus, SELFIE_DATA_URL, selfieFetch, signInAs } from '@web/testing/offline-card';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import { NO_OFFLINE_CARD_TEXT, OfflineDiscountCard } from './offline-discount-card';
import { TeamDiscount, TeamDiscountOffline } from './team-discount';

const STATUS_PATH = '/staff/self-service/staff-discount-status';

const card: DiscountStatus = {
  name: 'Priya Shah',
  location: 'The Lantern, York',
  position: 'Bar Supervisor',
  selfie: '/api/staff/self-service/selfie/s1?sig=abc',
  // Local time, so the expected DD/MM/YYYY HH:mm does not depend on the machine's zone.
  expires: '2030-03-09T17:05:00',
  code: '7-K3Q9ZT2M',
  qr: 'data:image/png;base64,iVBORw0KGgo=',
};

const withSelfie = (overrides: Partial<StaffMember> = {}) =>
  staffMember({ selfie: { data: { id: 's1', uri: '/api/staff/self-service/selfie/s1' } }, ...overrides });

/** Where My Details would be: shows the address and history state it was reached with. */
function MyDetailsProbe() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <p data-testid="arrived">{`${pathname}?${search} ${JSON.stringify(window.history.state)}`}</p>;
}

function renderTeamDiscount(staff: StaffMember = withSelfie()) {
  return renderSignedIn(
    (current) => (
      <Switch>
        <Route path="/team-discount">
          <TeamDiscount staff={current} />
        </Route>
        <Route path="/my-details" component={MyDetailsProbe} />
      </Switch>
    ),
    staff,
    '/team-discount',
  );
}

afterEach(cleanup);

describe('Team Discount page', () => {
  it('shows a spinner while the card loads', async () => {
    const answer = deferred<ReturnType<typeof ok<{ data: DiscountStatus }>>>();
    vi.spyOn(api, 'get').mockReturnValue(answer.promise);
    renderTeamDiscount();
    expect(screen.getByRole('heading', { level: 1, name: 'Team Discount' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    answer.resolve(ok({ data: card }));
    expect(await screen.findByRole('article', { name: 'Priya Shah' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows name, venue, position, selfie, QR with its code, the live clock and when the code regenerates', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(ok({ data: card }));
    renderTeamDiscount();
    const article = await screen.findByRole('article', { name: 'Priya Shah' });
    expect(get).toHaveBeenCalledWith(STATUS_PATH);
    expect(within(article).getByText('The Lantern, York')).toBeTruthy();
    expect(within(article).getByText('Bar Supervisor')).toBeTruthy();
    expect(within(article).getByRole('img', { name: 'Picture of Priya Shah' }).getAttribute('src')).toBe(card.selfie);
    expect(within(article).getByRole('img', { name: 'Team discount QR code' }).getAttribute('src')).toBe(card.qr);
    expect(within(article).getByText('7-K3Q9ZT2M')).toBeTruthy();
    expect(within(article).getByText(/Code Regenerates/).parentElement?.textContent).toBe(
      'Code Regenerates: 09/03/2030 17:05',
    );
    expect(within(article).getByRole('timer', { name: 'Live time' }).textContent).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows "Not set" for a venue or position the record lacks', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: { ...card, location: null, position: null } }));
    renderTeamDiscount();
    const article = await screen.findByRole('article', { name: 'Priya Shah' });
    expect(within(article).getAllByText('Not set')).toHaveLength(2);
  });

  it('warns when the member is under 18, with their name and age', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: { ...card, name: 'Riley Evans' } }));
    renderTeamDiscount(withSelfie({ forename: 'Riley', surname: 'Evans', age: 17 }));
    const article = await screen.findByRole('article', { name: 'Riley Evans' });
    expect(within(article).getByRole('alert').textContent).toBe(
      'Riley Evans is 17: under 18s cannot buy alcohol with team discount',
    );
  });

  it('does not warn at 18, nor when the age is unknown', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: card }));
    renderTeamDiscount(withSelfie({ age: 18 }));
    await screen.findByRole('article', { name: 'Priya Shah' });
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    renderTeamDiscount(withSelfie({ age: null }));
    await screen.findByRole('article', { name: 'Priya Shah' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("without a selfie, prompts for one; 'Update my picture' opens the picture modal of My Details", async () => {
    vi.spyOn(api, 'get').mockRejectedValue(
      httpError(409, { errors: { message: SELFIE_REQUIRED_MESSAGE, code: 'SELFIE_REQUIRED' } }),
    );
    renderTeamDiscount(staffMember());
    expect(await screen.findByText(SELFIE_REQUIRED_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update my picture' }));
    expect(screen.getByTestId('arrived').textContent).toBe('/my-details?open=picture {"returnTo":"/team-discount"}');
  });

  it('shows any other failure in an alert, with Try again', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockRejectedValueOnce(httpError(409, { errors: { message: SELFIE_REQUIRED_MESSAGE, code: 'CONFLICT' } }))
      .mockResolvedValueOnce(ok({ data: card }));
    renderTeamDiscount();
    // The same words under another code are not the missing selfie: the web reads the code, not the text.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SELFIE_REQUIRED_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Update my picture' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Priya Shah' })).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('asks for the card again when the staff member changes (a selfie is saved)', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockRejectedValueOnce(httpError(409, { errors: { message: SELFIE_REQUIRED_MESSAGE, code: 'SELFIE_REQUIRED' } }))
      .mockResolvedValueOnce(ok({ data: card }));
    const staff = staffMember();
    const { queryClient } = renderTeamDiscount(staff);
    await screen.findByRole('button', { name: 'Update my picture' });
    act(() =>
      queryClient.setQueryData(ME_QUERY_KEY, {
        ...staff,
        selfie: { data: { id: 's2', uri: '/api/staff/self-service/selfie/s2' } },
      }),
    );
    expect(await screen.findByRole('article', { name: 'Priya Shah' })).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('links to Team apps', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: card }));
    renderTeamDiscount();
    await screen.findByRole('article', { name: 'Priya Shah' });
    expect(screen.getByRole('link', { name: 'Team apps' }).getAttribute('href')).toBe('/team-apps');
  });
});

describe('Team Discount with no signal', () => {
  /** A minute before the kept card's code expires (17:05 local time). */
  const BEFORE_EXPIRY = new Date(2026, 2, 9, 17, 4, 0);

  /** A member signed in on this phone whose card was kept when it was last shown. */
  async function keptCard(age: number | null = 24) {
    vi.stubGlobal('fetch', selfieFetch().fetch);
    signInAs('u1');
    await keepOfflineCard(offlineStatus, age);
  }

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('keeps the card it shows on this phone', async () => {
    vi.stubGlobal('fetch', selfieFetch().fetch);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BEFORE_EXPIRY);
    signInAs('u1');
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: { ...offlineStatus, selfie: card.selfie } }));
    renderTeamDiscount();
    await screen.findByRole('article', { name: 'Priya Shah' });
    await waitFor(() =>
      expect(loadOfflineCard(Date.now())).toEqual({ status: { ...offlineStatus, selfie: SELFIE_DATA_URL }, age: 24 }),
    );
  });

  it("shows the kept card under 'Offline: this code is valid until HH:mm', with its code, selfie and ticking clock", async () => {
    await keptCard();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BEFORE_EXPIRY);
    vi.spyOn(api, 'get').mockRejectedValue(networkError());
    renderTeamDiscount();
    expect((await screen.findByRole('status')).textContent).toBe('Offline: this code is valid until 17:05');
    const article = screen.getByRole('article', { name: 'Priya Shah' });
    expect(within(article).getByText('7-K3Q9ZT2M')).toBeTruthy();
    expect(within(article).getByRole('img', { name: 'Picture of Priya Shah' }).getAttribute('src')).toBe(
      SELFIE_DATA_URL,
    );
    expect(within(article).getByRole('img', { name: 'Team discount QR code' }).getAttribute('src')).toBe(
      offlineStatus.qr,
    );
    expect(within(article).getByRole('timer', { name: 'Live time' })).toBeTruthy();
    expect(screen.queryByText(/could not be refreshed/)).toBeNull();
  });

  it('keeps the under-18 warning offline', async () => {
    await keptCard(17);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BEFORE_EXPIRY);
    vi.spyOn(api, 'get').mockRejectedValue(networkError());
    renderTeamDiscount(withSelfie({ age: 17 }));
    const article = await screen.findByRole('article', { name: 'Priya Shah' });
    expect(within(article).getByRole('alert').textContent).toBe(
      'Priya Shah is 17: under 18s cannot buy alcohol with team discount',
    );
  });

  it('shows no kept card for an answer from the server, only its error', async () => {
    await keptCard();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BEFORE_EXPIRY);
    vi.spyOn(api, 'get').mockRejectedValue(
      httpError(500, { errors: { message: 'Something went wrong on our side. Please try again.' } }),
    );
    renderTeamDiscount();
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('without a kept card says so, and Try again asks the server again', async () => {
    vi.spyOn(api, 'get')
      .mockRejectedValueOnce(networkError())
      .mockResolvedValueOnce(ok({ data: card }));
    renderTeamDiscount();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(NO_OFFLINE_CARD_TEXT);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Priya Shah' })).toBeTruthy();
  });

  it('never shows a kept card whose code has expired', async () => {
    await keptCard();
    vi.spyOn(api, 'get').mockRejectedValue(networkError());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 9, 17, 5, 0));
    renderTeamDiscount();
    expect((await screen.findByRole('alert')).textContent).toContain(NO_OFFLINE_CARD_TEXT);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('takes the kept card away the moment its code expires', async () => {
    await keptCard();
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 2, 9, 17, 4, 58));
    render(<OfflineDiscountCard onRetry={() => {}} />);
    const clock = screen.getByRole('timer', { name: 'Live time' });
    expect(clock.textContent).toBe('17:04:58');
    act(() => vi.advanceTimersByTime(1000));
    expect(clock.textContent).toBe('17:04:59');
    expect(screen.getByRole('article', { name: 'Priya Shah' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(NO_OFFLINE_CARD_TEXT);
  });

  it('is not shown to another member signed in on the same phone', async () => {
    await keptCard();
    signInAs('u2');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BEFORE_EXPIRY);
    vi.spyOn(api, 'get').mockRejectedValue(networkError());
    renderTeamDiscount();
    expect((await screen.findByRole('alert')).textContent).toContain(NO_OFFLINE_CARD_TEXT);
  });

  it('shows the kept card when the frame could not load the member (TeamDiscountOffline)', async () => {
    await keptCard();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BEFORE_EXPIRY);
    const retry = vi.fn();
    render(<TeamDiscountOffline onRetry={retry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Team Discount' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Offline: this code is valid until 17:05');
    expect(screen.getByRole('article', { name: 'Priya Shah' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Team apps' })).toBeTruthy();
  });
});
