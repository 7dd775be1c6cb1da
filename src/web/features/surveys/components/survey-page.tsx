import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { statusOf } from '@web/lib/api-client';
import { useDrawnInSteps } from '@web/lib/use-drawn-in-steps';
import { setTitle, themeStore } from '@web/stores/theme-store';
import { useSurvey } from '../api/get-survey';
import { useSurveyPageT } from '../i18n/page';
import { AuthMismatchAlert } from './auth-mismatch-alert';

/**
 * The questions and Save, fetched once the title has painted: the title is the page's largest paint,
 * and the question fields' code (about 30 KiB brotli in a dozen files) arriving first kept it off a
 * slow phone's screen (docs/decisions/0045-survey-questions-after-the-title.md).
 */
const SurveyForm = lazy(() => import('./survey-form').then(({ SurveyForm }) => ({ default: SurveyForm })));
/** The thanks after a save, fetched when it is first shown: no first load of the page needs it. */
const SurveySent = lazy(() => import('./survey-sent').then(({ SurveySent }) => ({ default: SurveySent })));

function Page({ children }: { children: ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 4 }, px: { xs: 2, sm: 3 } }}>
      {children}
    </Container>
  );
}

/** 'Survey not found' (an unknown survey id, docs/product.md#surveys), with the way back to the dashboard. */
export function SurveyNotFound() {
  const t = useSurveyPageT();
  return (
    <Page>
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography component="h1" variant="h1" gutterBottom>
          {t('survey.page.notFound')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('survey.page.notFoundText')}
        </Typography>
        <Button component={RouterLink} to="/dashboard" variant="outlined">
          {t('survey.page.backToDashboard')}
        </Button>
      </Paper>
    </Page>
  );
}

/** Shows the survey's name in the top bar while the page is open, then puts back what was there. */
function useTopBarTitle(title: string | undefined) {
  const before = useRef<string | null>(null);
  useEffect(() => {
    if (!title) return undefined;
    before.current ??= themeStore.getState().title;
    const previous = before.current;
    setTitle(title);
    return () => {
      // Leave a title someone else set since (a menu choice) alone.
      if (themeStore.getState().title === title) setTitle(previous);
    };
  }, [title]);
}

/** Surveys sent in this tab's session, so that a second submission asks first (sessionStorage). */
const SENT_KEY = 'staffroom.surveys-sent';

function sentThisSession(id: number): boolean {
  try {
    return (JSON.parse(sessionStorage.getItem(SENT_KEY) ?? '[]') as unknown[]).includes(id);
  } catch {
    return false;
  }
}

function markSent(id: number): void {
  try {
    const sent = JSON.parse(sessionStorage.getItem(SENT_KEY) ?? '[]') as unknown[];
    if (!sent.includes(id)) sessionStorage.setItem(SENT_KEY, JSON.stringify([...sent, id]));
  } catch {
    // Storage refused: the thank-you still shows now; a later visit shows the form.
  }
}

/**
 * The survey page (docs/product.md#surveys: Survey): the survey's name as the title, its questions and Save. A
 * spinner while loading; 'Survey not found' for an unknown id; the authentication-mismatch message
 * for a 401 (docs/product.md#surveys); other failures with 'Try again'. Once sent, a thank-you with the
 * way back to the dashboard; coming back in the same session asks before a second submission.
 */
export function SurveyPage({ id }: { id: number }) {
  const t = useSurveyPageT();
  const survey = useSurvey(id);
  useTopBarTitle(survey.data?.name);
  // 0 in the commit that draws the title, 1 once it has painted.
  const formDrawn = useDrawnInSteps(1, { first: 0 }) > 0;
  // 'just-sent' after a save here; 'sent-before' when it was sent earlier in this tab; null shows the form.
  const [sent, setSent] = useState<'just-sent' | 'sent-before' | null>(() =>
    sentThisSession(id) ? 'sent-before' : null,
  );

  if (survey.isPending) return <Spinner minHeight="60vh" />;
  if (survey.isError) {
    const status = statusOf(survey.error);
    if (status === 404) return <SurveyNotFound />;
    return (
      <Page>
        {status === 401 ? (
          <AuthMismatchAlert />
        ) : (
          <QueryErrorAlert error={survey.error} onRetry={() => void survey.refetch()} />
        )}
      </Page>
    );
  }

  if (sent)
    return (
      <Suspense fallback={<Spinner minHeight="60vh" />}>
        <SurveySent name={survey.data.name} justNow={sent === 'just-sent'} onAgain={() => setSent(null)} />
      </Suspense>
    );

  const anyRequired = survey.data.questions.some((question) => question.required);
  return (
    <Page>
      <Typography id="survey-title" component="h1" variant="h1" sx={{ overflowWrap: 'anywhere' }}>
        {survey.data.name}
      </Typography>
      {anyRequired && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('survey.page.requiredNote')}
        </Typography>
      )}
      <Box sx={{ mt: 3 }}>
        {formDrawn ? (
          <Suspense fallback={<Spinner minHeight={160} />}>
            <SurveyForm
              key={survey.data.id}
              survey={survey.data}
              onSaved={() => {
                markSent(id);
                setSent('just-sent');
                window.scrollTo?.({ top: 0 });
              }}
            />
          </Suspense>
        ) : (
          <Spinner minHeight={160} />
        )}
      </Box>
    </Page>
  );
}
