import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getBrand } from '@shared/brands.js';
import { usefulLinksOf } from '@shared/useful-links.js';
import type { StaffMember } from '@shared/api/my-details.js';
import { staffMember } from '@web/testing/staff-member';
import { Dashboard } from './dashboard';

const brand = getBrand('lantern-inns');
const QOL = 'https://survey.example.com/qol/abc123';

function renderDashboard(staff: StaffMember, hour = 9) {
  return render(<Dashboard staff={staff} brand={brand} hour={hour} />);
}

/** Card titles in document order. */
function cardTitles(): string[] {
  return screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent ?? '');
}

/** The card (article) with this title. */
function card(title: string): HTMLElement {
  return screen.getByRole('article', { name: title });
}

const FIVE = ['Training App', 'Scheduling App', 'Careers', 'Tipjar App', 'Perks & Benefits App'];

afterEach(cleanup);

describe('Dashboard cards', () => {
  it('puts Atmosphere audit first and Quality of Life second, then the five useful links', () => {
    renderDashboard(staffMember({ show_audit: true, qol_link: QOL }));
    expect(cardTitles()).toEqual(['Atmosphere audit', 'Quality of Life', ...FIVE]);
  });

  it('links the audit card to the internal survey route, in the same tab', () => {
    renderDashboard(staffMember({ show_audit: true, qol_link: QOL }));
    const link = within(card('Atmosphere audit')).getByRole('link');
    expect(link.getAttribute('href')).toBe('/survey/6');
    expect(link.hasAttribute('target')).toBe(false);
  });

  it("opens the Quality of Life survey link in a new tab with 'Start my survey'", () => {
    renderDashboard(staffMember({ qol_link: QOL }));
    const link = within(card('Quality of Life')).getByRole('link', { name: 'Start my survey' });
    expect(link.getAttribute('href')).toBe(QOL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows Quality of Life first when there is no audit', () => {
    renderDashboard(staffMember({ qol_link: QOL }));
    expect(cardTitles()).toEqual(['Quality of Life', ...FIVE]);
  });

  it('shows the audit first when there is no survey link', () => {
    renderDashboard(staffMember({ show_audit: true }));
    expect(cardTitles()).toEqual(['Atmosphere audit', ...FIVE]);
  });

  it('shows only the five useful links when neither applies', () => {
    renderDashboard(staffMember());
    expect(cardTitles()).toEqual(FIVE);
  });

  it("opens every useful link in a new tab from an 'Open' button", () => {
    renderDashboard(staffMember());
    for (const link of usefulLinksOf(brand)) {
      const open = within(card(link.title)).getByRole('link', { name: 'Open' });
      expect(open.getAttribute('href')).toBe(link.url);
      expect(open.getAttribute('target')).toBe('_blank');
      expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });
});

describe('Dashboard quick-action chips', () => {
  it('offers initial training while it is not complete, opening the brand training site', () => {
    renderDashboard(staffMember({ initial_training_complete: false }));
    const chip = screen.getByRole('link', { name: 'Complete my initial training' });
    expect(chip.getAttribute('href')).toBe(brand.trainingUrl);
    expect(chip.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('link', { name: 'Start my quality of life survey' })).toBeNull();
  });

  it('offers the quality of life survey when a link exists, opening that link', () => {
    renderDashboard(staffMember({ qol_link: QOL }));
    const chip = screen.getByRole('link', { name: 'Start my quality of life survey' });
    expect(chip.getAttribute('href')).toBe(QOL);
    expect(chip.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('link', { name: 'Complete my initial training' })).toBeNull();
  });

  it('shows both chips when both apply', () => {
    renderDashboard(staffMember({ initial_training_complete: false, qol_link: QOL }));
    expect(screen.getByRole('link', { name: 'Complete my initial training' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start my quality of life survey' })).toBeTruthy();
  });

  it('shows no chips when training is done and there is no survey', () => {
    renderDashboard(staffMember({ initial_training_complete: true, qol_link: null }));
    expect(screen.getByRole('heading', { name: 'What do you want to do today?' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Complete my initial training' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Start my quality of life survey' })).toBeNull();
  });
});

describe('Dashboard greeting and intro', () => {
  it('greets by the hour and the first name', () => {
    renderDashboard(staffMember({ known_as: 'Pri' }), 14);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Good Afternoon, Priya');
  });

  it('asks new starters to familiarise themselves with the links until onboarding is complete', () => {
    renderDashboard(staffMember({ onboard_complete: false }));
    expect(screen.getByText(/familiarise yourself with the links/)).toBeTruthy();
    cleanup();
    renderDashboard(staffMember({ onboard_complete: true }));
    expect(screen.queryByText(/familiarise yourself with the links/)).toBeNull();
  });
});
