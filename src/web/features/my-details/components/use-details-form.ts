import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffMember } from '@shared/api/my-details.js';
import { errorText } from '@web/lib/error-text';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';
import { useFieldErrors } from '@web/lib/use-field-errors';
import { useSavedNotice } from './use-saved-notice';

/** How one My Details modal fills in, sends and announces its form (docs/product.md#my-details). */
export interface DetailsFormOptions<V extends Record<string, string>, B> {
  /** Whether the modal is open: what was typed into a closed one is gone. */
  open: boolean;
  /** The fields' starting values, read once as the modal opens (it starts afresh each time). */
  initial: () => V;
  /** The modal's save (api/save-*), which also replaces the cached staff member. */
  save: UseMutationResult<StaffMember, Error, B>;
  /** The body sent from the values as typed. */
  body: (values: V) => B;
  /** The success snackbar's text, e.g. 'Your bank details have been saved.' */
  savedText: string;
  /** Closes the modal after a successful save. */
  onClose: () => void;
}

/**
 * The state and save flow of every My Details modal that edits fields (docs/product.md#my-details): the
 * values (started from `initial`), `change(name, value)` that also hides that field's old server
 * error (docs/product.md#errors), the errors of the last failed save, `submit` (a successful save shows
 * `savedText` in the snackbar and closes; a failed one keeps what was typed), `saving`, and the
 * failure's text for the modals that show it in an alert, and `fill(values)` for values the page
 * fetched rather than the member typed (not counted as unsaved typing). While the open modal holds typing that is
 * not saved, a new version of the app waits before reloading the page (docs/product.md#frame).
 */
export function useDetailsForm<V extends Record<string, string>, B>({ open, initial, save, body, savedText, onClose }: DetailsFormOptions<V, B>) {
  const [values, setValues] = useState(initial);
  const [typed, setTyped] = useState(false);
  useUnsavedChanges(open && typed);
  const { errors, edited } = useFieldErrors(save.error);
  const notice = useSavedNotice();
  const change = (name: string, value: string) => {
    edited(name);
    setTyped(true);
    setValues((current) => ({ ...current, [name]: value }));
  };
  const fill = (filled: Partial<V>) => setValues((current) => ({ ...current, ...filled }));
  const submit = () => {
    save.mutate(body(values), {
      onSuccess: () => {
        notice(savedText);
        onClose();
      },
    });
  };
  return { values, change, fill, errors, submit, saving: save.isPending, failure: save.isError ? errorText(save.error) : null };
}
