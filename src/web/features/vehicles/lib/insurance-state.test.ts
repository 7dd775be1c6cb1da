import { describe, expect, it } from 'vitest';
import { insuranceState } from './insurance-state';

const file = { id: 'f1', original_filename: 'policy.pdf', size: 10 };
const doc = (approved_by: string | null, approval_error: string | null) => ({
  approved_by,
  approval_error,
  processing_error: null,
  file,
});

describe('insuranceState (docs/product.md#vehicles)', () => {
  it('is pending until approved or rejected', () => {
    expect(insuranceState(doc(null, null))).toEqual({ kind: 'pending' });
  });
  it('is approved when approved_by is set', () => {
    expect(insuranceState(doc('Jane Hughes', null))).toEqual({ kind: 'approved', by: 'Jane Hughes' });
  });
  it('is rejected, with the reason, when approval_error is set', () => {
    expect(insuranceState(doc(null, 'Expired policy'))).toEqual({ kind: 'rejected', reason: 'Expired policy' });
  });
  it('is missing without a document', () => {
    expect(insuranceState(null)).toEqual({ kind: 'missing' });
  });
});
