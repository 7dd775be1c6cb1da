import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { FieldValue, OnboardingDraft, OnboardingStatus } from '@shared/api/onboarding.js';
import { useOnboardingDraft } from '../api/get-onboarding-draft';
import { useOnboardingDraftSaver } from '../api/save-onboarding-draft';
import { useSaveOnboardingDetails } from '../api/save-onboarding-details';
import { uploadOnboardingFile } from '../api/upload-onboarding-file';
import { isDisplayOnly } from '@shared/field-rules.js';
import { Spinner } from '@web/components/ui/spinner';
import { envelopeFieldErrors, groupFieldErrors } from '@web/lib/field-errors';
import { useDrawnInSteps } from '@web/lib/use-drawn-in-steps';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';
import type { DraftSaveState } from '../lib/draft-saver';
import { draftFields, valuesToSubmit } from '../lib/values-to-submit';
import { visibleFields, type FormValues } from '../lib/visible-fields';
import { OnboardingField } from '@web/components/onboarding-fields/onboarding-field';
import { useLocale, type MessageId } from '@web/i18n/i18n';
import { useOnboardingT } from '../i18n';
import { WelcomeText } from './welcome-text';

export interface DetailsStepProps {
  token: string;
  /** The status on the details step: its fieldset and the answers so far. */
  status: OnboardingStatus;
  /** The draft kept from earlier visits (docs/product.md#drafts): its answers fill the form. */
  draft?: OnboardingDraft | null;
}

/** The quiet line above Continue saying whether the draft is kept (docs/product.md#drafts). */
const DRAFT_STATE_TEXT: Record<DraftSaveState, MessageId | null> = {
  idle: null,
  saving: 'onboarding.draft.saving',
  saved: 'onboarding.draft.saved',
  failed: 'onboarding.draft.failed',
};

/**
 * The details step with the draft kept on the server (docs/product.md#drafts): a spinner until
 * it is read, then the form filled from it, before anything can be typed. Without an answer (no signal,
 * a server error) the form starts from the saved answers: the draft only saves time.
 */
export function RestoredDetailsStep({ token, status }: Omit<DetailsStepProps, 'draft'>) {
  const draft = useOnboardingDraft(token);
  if (draft.isPending) return <Spinner minHeight="40vh" />;
  return <DetailsStep token={token} status={status} draft={draft.data ?? null} />;
}

/**
 * The details step (docs/product.md#onboarding onboarding details form): the welcome text, the fieldset's
 * fields in a grid (title and content across the width, the others half from md up), then an
 * outlined full-width Continue. Submits without client checks; the server's errors show under
 * their fields only after a submit, several for one field joined by ', '. Continue is disabled
 * while saving; typed values stay after a failure; on success the answer replaces the status.
 * Every change is kept as the server's draft once typing pauses, when a field is left and when the
 * page is hidden, and at once after a refused Continue, so a reload or the next visit finds it.
 */
export function DetailsStep({ token, status, draft = null }: DetailsStepProps) {
  const t = useOnboardingT();
  const definitions = status.fieldset.data.fields;
  const [values, setValues] = useState<FormValues>(() => ({ ...status.fields, ...draft?.fields }));
  const keeper = useOnboardingDraftSaver(token, draft?.revision ?? 0, draft ? 'saved' : 'idle');
  const [submitted, setSubmitted] = useState(false);
  const [typed, setTyped] = useState(false);
  // Answers not yet sent keep a new version of the app from reloading the page; a sent step moves on.
  useUnsavedChanges(typed);
  const save = useSaveOnboardingDetails(token);
  const formRef = useRef<HTMLFormElement>(null);

  const shown = useMemo(() => visibleFields(definitions, values), [definitions, values]);
  const upload = useMemo(() => (file: File) => uploadOnboardingFile(token, file), [token]);
  // The fields draw a few at a time (the top first), and Continue once all have drawn, so it never
  // moves down the screen as they arrive. Two per step: Lighthouse's mobile TBT was lowest with two
  // (medians of 5 runs, against four per step and one).
  const drawn = useDrawnInSteps(shown.length, { first: 4, step: 2 });
  const allDrawn = drawn >= shown.length;

  const refused = useMemo(() => {
    if (submitted && save.isError) return envelopeFieldErrors(save.error);
    if (submitted && save.isSuccess) return status.errors;
    return [];
  }, [submitted, save.isError, save.isSuccess, save.error, status.errors]);
  // In the member's language (groupFieldErrors): worded afresh when it changes, kept otherwise so drawn fields stay memoised.
  const locale = useLocale();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const errors = useMemo(() => groupFieldErrors(refused), [refused, locale]);

  // Errors about fields that are not on screen would otherwise be invisible.
  const shownNames = new Set(shown.filter((field) => !isDisplayOnly(field.type)).map((field) => field.name));
  const otherErrors = Object.entries(errors).filter(([field]) => !shownNames.has(field));

  // After a failed submit, bring the first field in error into view (phones show few fields at once).
  const errorCount = Object.keys(errors).length;
  useEffect(() => {
    if (errorCount === 0) return;
    formRef.current
      ?.querySelector('[aria-invalid="true"], .Mui-error')
      ?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [errorCount, save.submittedAt]);

  const setValue = useCallback((name: string, value: FieldValue) => {
    setTyped(true);
    // By updater: an upload finishing late must not undo what was typed while it ran.
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  // Kept between the drawing steps: React then skips the fields already drawn, and each step only
  // draws its own new ones.
  const fieldItems = useMemo(
    () =>
      shown.map((field) => (
        <Grid key={field.id} size={isDisplayOnly(field.type) ? 12 : { xs: 12, md: 6 }}>
          <OnboardingField
            field={field}
            value={values[field.name]}
            onChange={(value) => setValue(field.name, value)}
            error={errors[field.name]}
            upload={upload}
          />
        </Grid>
      )),
    [shown, values, errors, upload, setValue],
  );

  // Only the joiner's own changes are saved: the form as it opened is already the draft (or empty).
  const { change: keepDraft, flush: flushDraft } = keeper;
  useEffect(() => {
    if (typed) keepDraft(draftFields(definitions, values));
  }, [typed, values, definitions, keepDraft]);

  const draftText = DRAFT_STATE_TEXT[keeper.state];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    // A refused Continue leaves the joiner reading errors, perhaps about to reload: keep the draft now.
    save.mutate({ fields: valuesToSubmit(shown, values) }, { onError: flushDraft });
  };

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={submit}
      onBlur={flushDraft}
      aria-label={t('onboarding.details.label')}
    >
      <WelcomeText />
      <Grid container spacing={2} sx={{ mt: 3 }}>
        {fieldItems.slice(0, drawn)}
      </Grid>
      {allDrawn && otherErrors.length > 0 && (
        <Alert severity="error" sx={{ mt: 3 }}>
          {otherErrors.map(([field, message]) => (
            <div key={field}>{message}</div>
          ))}
        </Alert>
      )}
      {/* Always there: a live region added later is not announced. */}
      <Typography
        role="status"
        variant="body2"
        color="text.secondary"
        sx={{ mt: 3, minHeight: '1.5em', textAlign: 'right' }}
      >
        {draftText && t(draftText)}
      </Typography>
      {allDrawn && (
        <Button type="submit" variant="outlined" size="large" fullWidth loading={save.isPending} sx={{ mt: 1 }}>
          {t('onboarding.details.continue')}
        </Button>
      )}
    </Box>
  );
}
