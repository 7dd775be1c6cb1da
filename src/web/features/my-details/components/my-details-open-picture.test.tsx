import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { afterEach, describe, expect, it } from 'vitest';
import { PROFILE_PICTURE_PATH, returnTo } from '@web/lib/profile-picture-link';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import { MyDetails } from './my-details';

/** The address the router is at, shown beside the page. */
function Where() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <p data-testid="where">{`${pathname}${search ? `?${search}` : ''}`}</p>;
}

function renderAt(at: Parameters<typeof renderSignedIn>[2]) {
  return renderSignedIn(
    (current) => (
      <>
        <Switch>
          <Route path="/my-details">
            <MyDetails staff={current} />
          </Route>
          <Route path="/team-discount">
            <p>Team Discount page</p>
          </Route>
        </Switch>
        <Where />
      </>
    ),
    staffMember(),
    at,
  );
}

afterEach(cleanup);

describe('My Details reached with ?open=picture', () => {
  it('opens the Profile Picture modal; closing it drops the parameter', async () => {
    expect(PROFILE_PICTURE_PATH).toBe('/my-details?open=picture');
    renderAt(PROFILE_PICTURE_PATH);
    const dialog = await screen.findByRole('dialog', { name: 'Profile Picture' });
    expect(within(dialog).getByRole('button', { name: 'Take Picture' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/my-details'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'My Details' })).toBeTruthy();
  });

  it('goes back to the page that sent it when the modal closes', async () => {
    renderAt({ pathname: '/my-details', search: '?open=picture', state: returnTo('/team-discount') });
    const dialog = await screen.findByRole('dialog', { name: 'Profile Picture' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Team Discount page')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/team-discount');
  });

  it('ignores a return address outside the app', async () => {
    renderAt({ pathname: '/my-details', search: '?open=picture', state: { returnTo: '//evil.example.com' } });
    const dialog = await screen.findByRole('dialog', { name: 'Profile Picture' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/my-details'));
  });

  it('opens no modal without the parameter', () => {
    renderAt('/my-details');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
