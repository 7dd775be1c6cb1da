import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { FieldValue, OnboardingStatus } from '@shared/api/onboarding.js';
import { useSaveOnboardingDetails } from '../api/save-onboarding-details';
import { uploadOnboardingFile } from '../api/upload-onboarding-file';
import { isDisplayOnly } from '@shared/field-rules.js';
import { envelopeFieldErrors, groupFieldErrors } from '@web/lib/field-errors';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';
import { valuesToSubmit } from '../lib/values-to-submit';
import { visibleFields, type FormValues } from '../lib/visible-fields';
import { OnboardingField } from './onboarding-field';
import { WelcomeText } from './welcome-text';

export interface DetailsStepProps {
  token: string;
  /** The status on the details step: its fieldset and the answers so far. */
  status: OnboardingStatus;
}

/**
 * The details step (docs/product.md#onboarding onboarding details form): the welcome text, the fieldset's
 * fields in a grid (title and content across the width, the others half from md up), then an
 * outlined full-width Continue. Submits without client checks; the server's errors show under
 * their fields only after a submit, several for one field joined by ', '. Continue is disabled
 * while saving; typed values stay after a failure; on success the answer replaces the status.
 */
export function DetailsStep({ token, status }: DetailsStepProps) {
  const definitions = status.fieldset.data.fields;
  const [values, setValues] = useState<FormValues>(() => ({ ...status.fields }));
  const [submitted, setSubmitted] = useState(false);
  const [typed, setTyped] = useState(false);
  // Answers not yet sent keep a new version of the app from reloading the page; a sent step moves on.
  useUnsavedChanges(typed);
  const save = useSaveOnboardingDetails(token);
  const formRef = useRef<HTMLFormElement>(null);

  const shown = useMemo(() => visibleFields(definitions, values), [definitions, values]);
  const upload = useMemo(() => (file: File) => uploadOnboardingFile(token, file), [token]);

  let errors: Record<string, string> = {};
  if (submitted && save.isError) errors = groupFieldErrors(envelopeFieldErrors(save.error));
  else if (submitted && save.isSuccess) errors = groupFieldErrors(status.errors);

  // Errors about fields that are not on screen would otherwise be invisible.
  const shownNames = new Set(shown.filter((field) => !isDisplayOnly(field.type)).map((field) => field.name));
  const otherErrors = Object.entries(errors).filter(([field]) => !shownNames.has(field));

  // After a failed submit, bring the first field in error into view (phones show few fields at once).
  const errorCount = Object.keys(errors).length;
  useEffect(() => {
    if (errorCount === 0) return;
    formRef.current?.querySelector('[aria-invalid="true"], .Mui-error')?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [errorCount, save.submittedAt]);

  const setValue = (name: string, value: FieldValue) => {
    setTyped(true);
    setValues((current) => ({ ...current, [name]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    save.mutate({ fields: valuesToSubmit(shown, values) });
  };

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={submit} aria-label="Your details">
      <WelcomeText />
      <Grid container spacing={2} sx={{ mt: 3 }}>
        {shown.map((field) => (
          <Grid key={field.id} size={isDisplayOnly(field.type) ? 12 : { xs: 12, md: 6 }}>
            <OnboardingField
              field={field}
              value={values[field.name]}
              onChange={(value) => setValue(field.name, value)}
              error={errors[field.name]}
              upload={upload}
            />
          </Grid>
        ))}
      </Grid>
      {otherErrors.length > 0 && (
        <Alert severity="error" sx={{ mt: 3 }}>
          {otherErrors.map(([field, message]) => (
            <div key={field}>{message}</div>
          ))}
        </Alert>
      )}
      <Button type="submit" variant="outlined" size="large" fullWidth loading={save.isPending} sx={{ mt: 3 }}>
        Continue
      </Button>
    </Box>
  );
}
