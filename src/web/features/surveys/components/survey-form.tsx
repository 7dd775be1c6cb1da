import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { Survey } from '@shared/api/surveys.js';
import { statusOf } from '@web/lib/api-client';
import { fieldErrorsOf } from '@web/lib/field-errors';
import { useFieldErrors } from '@web/lib/use-field-errors';
import { useDrawnInSteps } from '@web/lib/use-drawn-in-steps';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';
import { signedInUserId } from '@web/lib/user-storage';
import { useLocale } from '@web/i18n/i18n';
import { showNotification } from '@web/stores/notification-store';
import { useSubmitSurvey } from '../api/submit-survey';
import { useSurveyFormT } from '../i18n/form';
import { answerProblemText } from '../lib/answer-problems';
import { initialAnswers, toSubmission, type AnswerValue, type Answers } from '../lib/answers';
import { surveySaveErrorText } from '../lib/save-error-text';
import { AuthMismatchAlert } from './auth-mismatch-alert';
import { QuestionField, questionIds } from './question-field';

export interface SurveyFormProps {
  survey: Survey;
  /** Called after a successful save, once the form is back to its defaults. */
  onSaved?: () => void;
}

/**
 * The questions of a survey with their defaults applied, and Save (docs/product.md#surveys). Save sends
 * every answer with the signed-in user's id as completed_by (headings excluded, no client-side
 * required checks: the server validates) and is disabled while pending. Success shows 'Survey saved
 * successfully' and starts the form afresh from the defaults; a 400 shows the error snackbar and
 * each field error under its question; a 401 the authentication-mismatch message with a Logout link.
 */
export function SurveyForm({ survey, onSaved }: SurveyFormProps) {
  const t = useSurveyFormT();
  // The server words a refused answer in English; another language reads the problem in its own.
  const fieldText = useLocale() === 'en-GB' ? undefined : answerProblemText;
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(survey.questions));
  // A new round after each save remounts the inputs, so pickers and uploads start afresh too.
  const [round, setRound] = useState(0);
  // Answers given but not saved keep a new version of the app from reloading the page.
  const [answered, setAnswered] = useState(false);
  useUnsavedChanges(answered);
  const submit = useSubmitSurvey(survey.id);
  // The questions draw one at a time, the top first, and Save once all have drawn, so it never moves
  // down the screen as they arrive and every refused answer finds its field: one commit of a dozen MUI
  // fields was a long task that blocked a tap on a slow phone, and kept the title (the largest paint)
  // off the screen until all were drawn. One per step scored best in Lighthouse (medians of 3, against
  // four then two per step, as the onboarding form draws).
  const drawn = useDrawnInSteps(survey.questions.length, { first: 1, step: 1 });
  const allDrawn = drawn >= survey.questions.length;
  const { errors: refused, edited } = useFieldErrors(submit.error);
  const errors = fieldText
    ? Object.fromEntries(Object.entries(refused).map(([field, message]) => [field, fieldText(message)]))
    : refused;
  const mismatch = statusOf(submit.error) === 401;
  const mismatchRef = useRef<HTMLDivElement>(null);

  const shown = new Set(survey.questions.map((question) => String(question.id)));
  const strayErrors = Object.entries(errors).filter(([field]) => !shown.has(field));

  // After a failure, bring what needs attention into view: the message, or the first refused answer.
  useEffect(() => {
    if (!submit.error) return;
    if (statusOf(submit.error) === 401) {
      mismatchRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      mismatchRef.current?.focus({ preventScroll: true });
      return;
    }
    const refused = fieldErrorsOf(submit.error);
    const first = survey.questions.find((question) => refused[String(question.id)]);
    if (first)
      document.getElementById(questionIds(first.id).block)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [submit.error, survey.questions]);

  const change = (id: number, value: AnswerValue) => {
    setAnswers((current) => ({ ...current, [id]: value }));
    setAnswered(true);
    edited(String(id));
  };
  // One handler per question for the life of the form, calling the latest `change`: the questions are
  // memoised (QuestionField), and a new handler on every render would draw them all again.
  const latestChange = useRef(change);
  useLayoutEffect(() => {
    latestChange.current = change;
  });
  const [onChangeOf] = useState(() => {
    const handlers = new Map<number, (value: AnswerValue) => void>();
    return (id: number) => {
      if (!handlers.has(id)) handlers.set(id, (value) => latestChange.current(id, value));
      return handlers.get(id)!;
    };
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    // An unknown user is sent as '' so the server answers the mismatch (401) rather than guessing.
    // The version the form shows: if HR has published a newer one since, the server refuses (409, its
    // message in the snackbar) rather than counting these answers under questions they never saw.
    const body = toSubmission(signedInUserId() ?? '', survey.questions, answers);
    submit.mutate(survey.version === undefined ? body : { ...body, version: survey.version }, {
      onSuccess: () => {
        showNotification({ message: t('survey.form.saved'), severity: 'success' });
        setAnswers(initialAnswers(survey.questions));
        setAnswered(false);
        setRound((current) => current + 1);
        onSaved?.();
      },
      onError: (error) => {
        // The mismatch has its own message with the way out (docs/product.md#surveys).
        if (statusOf(error) !== 401)
          showNotification({ message: surveySaveErrorText(error, fieldText), severity: 'error' });
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={save} aria-label={survey.name}>
      <Stack key={round} spacing={3.5}>
        {survey.questions.slice(0, drawn).map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            value={answers[question.id] ?? null}
            onChange={onChangeOf(question.id)}
            error={errors[String(question.id)]}
            disabled={submit.isPending}
          />
        ))}
      </Stack>
      {allDrawn && (
        <Stack spacing={2} sx={{ mt: 4 }}>
          {strayErrors.length > 0 && (
            <Alert severity="error">
              {strayErrors.map(([field, message]) => (
                <div key={field}>{message}</div>
              ))}
            </Alert>
          )}
          {mismatch && <AuthMismatchAlert ref={mismatchRef} />}
          <Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={submit.isPending}
              startIcon={submit.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 160 } }}
            >
              {t('survey.form.save')}
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
