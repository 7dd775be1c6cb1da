import { describe, expect, it } from 'vitest';
import { actionText, actorText } from './history';
import { insuranceText, vehicleInsuranceText } from './in-words';

const ava = { id: '0b1c6a52-6f8e-4d4a-9a51-5a7b2c4d0e01', name: 'Ava Clarke' };

describe("a person's history in words", () => {
  it('says what happened, naming areas other than the staff record', () => {
    expect(actionText('staff.training_completed')).toBe('Training completed');
    expect(actionText('vehicle.insurance_approved')).toBe('Vehicle: insurance approved');
    expect(actionText('sign-in.password.failed')).toBe('Sign in: password failed');
    expect(actionText('seeded')).toBe('Seeded');
  });

  it('says who did it', () => {
    expect(actorText(`staff:${ava.id}`, ava)).toBe('Ava Clarke');
    expect(actorText(`joiner:${ava.id}`, ava)).toBe('Ava Clarke (onboarding)');
    expect(actorText('staff:9f8e7d6c-0000-4000-8000-000000000000', ava)).toBe('Staff member 9f8e7d6c');
    expect(actorText('staff:9f8e7d6c-0000-4000-8000-000000000000', ava, 'Riley Evans')).toBe('Riley Evans');
    expect(actorText('admin-cli', ava)).toBe('Admin command line');
    expect(actorText('something-new', ava)).toBe('something-new');
  });

  it("says a vehicle's insurance state", () => {
    expect(['none', 'pending', 'approved', 'rejected', 'under_review'].map(insuranceText)).toEqual([
      'no document',
      'awaiting approval',
      'approved',
      'rejected',
      'under review',
    ]);
  });

  it('gives the last day of approved cover, ended or not, and nothing for a document approved without one', () => {
    const today = '2026-11-27';
    expect(vehicleInsuranceText({ insurance: 'approved', cover_ends: '2026-11-27' }, today)).toBe(
      'approved, cover ends 27/11/2026',
    );
    expect(vehicleInsuranceText({ insurance: 'approved', cover_ends: '2026-11-26' }, today)).toBe(
      'approved, cover ended 26/11/2026',
    );
    expect(vehicleInsuranceText({ insurance: 'approved', cover_ends: null }, today)).toBe('approved');
    expect(vehicleInsuranceText({ insurance: 'pending', cover_ends: null }, today)).toBe('awaiting approval');
  });
});
