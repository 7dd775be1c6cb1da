/** Server field errors (spec §5, §8): shared with other forms, see lib/field-errors.ts. */
export { envelopeFieldErrors, groupFieldErrors } from '../../../lib/field-errors';
