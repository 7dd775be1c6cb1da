import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type DefaultValues, type Path, type PathValue } from 'react-hook-form';
import type { StaffMember } from '@shared/api/my-details.js';
import { errorText } from '@web/lib/error-text';
import { showServerErrors } from '@web/lib/form-errors';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';
import { useSavedNotice } from './use-saved-notice';

/** How one My Details modal fills in, sends and announces its form (docs/product.md#my-details). */
export interface DetailsFormOptions<V extends Record<string, string>, B> {
  /** Whether the modal is open: what was typed into a closed one is gone. */
  open: boolean;
  /** The fields' starting values, read once as the modal opens (it starts afresh each time); their names are the fields the server's errors show under. */
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
 * The react-hook-form form and save flow of every My Details modal that edits fields (docs/product.md#my-details):
 * `form` (started from `initial`; fields render with DetailTextField or a Controller), `typed()` for a field to call
 * when the member types, `submit` (a successful save shows `savedText` in the snackbar and closes; a failed one keeps
 * what was typed and puts the server's errors under their fields, each hidden once its field is edited,
 * docs/product.md#errors), `saving`, the failure's text for the modals that show it in an alert, and `fill(values)`
 * for values the page fetched rather than the member typed (not counted as unsaved typing). While the open modal holds
 * typing that is not saved, a new version of the app waits before reloading the page (docs/product.md#frame).
 */
export function useDetailsForm<V extends Record<string, string>, B>({
  open,
  initial,
  save,
  body,
  savedText,
  onClose,
}: DetailsFormOptions<V, B>) {
  const [defaults] = useState(initial);
  const form = useForm<V>({ defaultValues: defaults as DefaultValues<V> });
  const [typed, setTyped] = useState(false);
  useUnsavedChanges(open && typed);
  const notice = useSavedNotice();
  const fields = Object.keys(defaults) as Path<V>[];
  const fill = (filled: Partial<V>) => {
    for (const [name, value] of Object.entries(filled)) form.setValue(name as Path<V>, value as PathValue<V, Path<V>>);
  };
  const submit = form.handleSubmit((values) => {
    save.mutate(body(values), {
      onSuccess: () => {
        notice(savedText);
        onClose();
      },
      // Every field of the form is on screen; a modal that shows an alert reads `failure` instead.
      onError: (error) => void showServerErrors(error, form.setError, fields),
    });
  });
  return {
    form,
    typed: () => setTyped(true),
    fill,
    submit: () => void submit(),
    saving: save.isPending,
    failure: save.isError ? errorText(save.error) : null,
  };
}
