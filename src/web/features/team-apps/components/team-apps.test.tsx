import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRANDS, getBrand } from '@shared/brands.js';
import { TeamApps } from './team-apps';

const EMAIL = 'riley.evans@example.com';

afterEach(cleanup);

describe('Team apps page', () => {
  it("shows both brands' order-and-pay apps, the portal's own one connected and the other not", () => {
    render(<TeamApps brand={getBrand('salt-and-ember')} email={EMAIL} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Team apps' })).toBeTruthy();
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(
      BRANDS.map((brand) => brand.orderAndPayApp.name),
    );
    const own = screen.getByRole('article', { name: 'Salt & Ember Table' });
    expect(within(own).getByText('Connected')).toBeTruthy();
    expect(within(own).queryByRole('button', { name: 'Connect' })).toBeNull();
    const other = screen.getByRole('article', { name: 'Lantern Inns Order & Pay' });
    expect(within(other).getByText('Not connected')).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Connect' })).toBeTruthy();
    expect(within(other).getByRole('link', { name: 'Get the app' }).getAttribute('href')).toBe(
      'https://order.lanterninns.example.com',
    );
  });

  it('follows the brand the portal is served for', () => {
    render(<TeamApps brand={getBrand('lantern-inns')} email={EMAIL} />);
    expect(
      within(screen.getByRole('article', { name: 'Lantern Inns Order & Pay' })).getByText('Connected'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Salt & Ember Table' })).getByRole('button', { name: 'Connect' }),
    ).toBeTruthy();
  });

  it('Connect only logs, as it is not implemented', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    render(<TeamApps brand={getBrand('lantern-inns')} email={EMAIL} />);
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(info).toHaveBeenCalledWith('Connect Salt & Ember Table: not implemented yet');
  });

  it('gives the steps with the profile email, the venues without order-and-pay discount and the reset note', () => {
    render(<TeamApps brand={getBrand('lantern-inns')} email={EMAIL} />);
    const steps = screen
      .getAllByRole('listitem')
      .slice(0, 3)
      .map((item) => item.textContent);
    expect(steps[0]).toBe(
      `Create an account in each app with your personal email address as it is on your profile: ${EMAIL}`,
    );
    expect(steps[1]).toBe('Tap Connect.');
    expect(steps[2]).toBe('Pull down to refresh, or restart the app, to see your team discount tile.');
    expect(
      screen.getByText(/do not support team discount for order and pay, because their apps have no user accounts/),
    ).toBeTruthy();
    for (const venue of ['The Lantern, Harrogate', 'The Lantern, Whitby', 'Salt & Ember, Chester']) {
      expect(screen.getByText(venue).tagName).toBe('LI');
    }
    expect(screen.getByText(/If you change your email address, your line manager must reset/)).toBeTruthy();
  });
});
