import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'wouter';
import type { ConsoleSurvey } from '@shared/api/console/surveys.js';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { errorText } from '@web/lib/error-text';
import { showNotification } from '@web/stores/notification-store';
import { useConsoleMe } from '@web/features/console/shared/api/get-console-me';
import { useSurveys } from '../api/get-surveys';
import { useImportSurvey } from '../api/import-survey';

/** The files a survey may come in, as `survey import` reads them. */
export const SURVEY_ACCEPT = '.yaml,.yml,.json';
/** The server takes at most a million characters of file. */
const MAX_SURVEY_BYTES = 1_000_000;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "v1: 2 · v2: 0": each version's responses, when there is more than one. */
const versionsText = (survey: ConsoleSurvey) => survey.versions.map((v) => `v${v.version}: ${v.responses}`).join(' · ');

/** A file that failed: its name, kept, and the server's words. */
type Failure = { filename: string; surveyName?: string; message: string };

/**
 * The console's Surveys (docs/product.md#console-surveys): every survey with its question count, the
 * answers the console's scope may see and its current version (each version's count when there are
 * several), as cards on a phone and a table from `md` up, each opening its results. HR gets "New
 * survey" and, per survey, "New version": a .yaml, .yml or .json file whose text is sent and validated
 * by the server as `survey import` does; a refusal shows in an Alert with the file's name and the
 * server's message, a success in the snackbar.
 */
export function SurveysPage() {
  const surveys = useSurveys();
  const hr = useConsoleMe().data?.role === 'hr';
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const upload = useImportSurvey();
  const input = useRef<HTMLInputElement>(null);
  // The survey a "New version" was asked for; null for a new survey.
  const [target, setTarget] = useState<ConsoleSurvey | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const pick = (survey: ConsoleSurvey | null) => {
    setTarget(survey);
    input.current?.click();
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again (after fixing it) must fire a change too.
    event.target.value = '';
    if (!file) return;
    const surveyName = target?.name;
    if (file.size > MAX_SURVEY_BYTES) {
      setFailure({
        filename: file.name,
        surveyName,
        message: `${file.name} is too large: a survey file is at most 1 MB.`,
      });
      return;
    }
    setFailure(null);
    const content = await file.text();
    upload.mutate(
      { filename: file.name, content, ...(target ? { id: target.id } : {}) },
      {
        onSuccess: (imported) =>
          showNotification({
            severity: 'success',
            message: imported.created
              ? `${file.name} is imported as survey ${imported.id}: staff answer it at /survey/${imported.id}.`
              : `${file.name} is now version ${imported.version} of survey ${imported.id}; earlier answers stay with their version.`,
          }),
        onError: (error) => setFailure({ filename: file.name, surveyName, message: errorText(error) }),
      },
    );
  };

  const newVersion = (survey: ConsoleSurvey) => (
    <Button
      size="small"
      startIcon={<UploadFileIcon />}
      onClick={() => pick(survey)}
      disabled={upload.isPending}
      aria-label={`New version of ${survey.name}`}
    >
      New version
    </Button>
  );
  const resultsLink = (survey: ConsoleSurvey) => (
    <Link
      component={RouterLink}
      href={`/admin/surveys/${survey.id}`}
      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
    >
      {survey.name}
    </Link>
  );

  let content;
  if (surveys.isError && !surveys.data) {
    content = <QueryErrorAlert error={surveys.error} onRetry={() => void surveys.refetch()} />;
  } else if (!surveys.data) {
    content = <Spinner />;
  } else if (surveys.data.length === 0) {
    content = (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>No surveys yet</Typography>
        <Typography color="text.secondary">
          {hr ? 'Upload a survey file to start one.' : 'HR adds surveys; they show here with their answers.'}
        </Typography>
      </Paper>
    );
  } else if (phone) {
    content = (
      <Stack component="ul" spacing={1.5} aria-label="Surveys" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {surveys.data.map((survey) => (
          <Card component="li" key={survey.id} aria-label={survey.name}>
            <CardContent sx={{ pb: hr ? 0 : undefined }}>
              <Typography component="h2" variant="h3">
                {resultsLink(survey)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {`Survey ${survey.id} · version ${survey.version} · ${count(survey.questions, 'question', 'questions')} · ${count(survey.responses, 'response', 'responses')}`}
              </Typography>
              {survey.versions.length > 1 && (
                <Typography variant="body2" color="text.secondary">
                  {`Responses by version: ${versionsText(survey)}`}
                </Typography>
              )}
            </CardContent>
            {hr && <CardActions>{newVersion(survey)}</CardActions>}
          </Card>
        ))}
      </Stack>
    );
  } else {
    content = (
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="Surveys">
          <TableHead>
            <TableRow>
              <TableCell>Survey</TableCell>
              <TableCell align="right">Questions</TableCell>
              <TableCell align="right">Responses</TableCell>
              <TableCell>Current version</TableCell>
              {hr && (
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {surveys.data.map((survey) => (
              <TableRow key={survey.id}>
                <TableCell>
                  {resultsLink(survey)}
                  <Typography
                    variant="body2"
                    color="text.secondary"
                  >{`Survey ${survey.id} · /survey/${survey.id}`}</Typography>
                </TableCell>
                <TableCell align="right">{survey.questions}</TableCell>
                <TableCell align="right">{survey.responses}</TableCell>
                <TableCell>
                  {`Version ${survey.version}`}
                  {survey.versions.length > 1 && (
                    <Typography variant="body2" color="text.secondary">
                      {versionsText(survey)}
                    </Typography>
                  )}
                </TableCell>
                {hr && <TableCell align="right">{newVersion(survey)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
      <Stack spacing={{ xs: 2, sm: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <div>
            <Typography component="h1" variant="h1">
              Surveys
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              Staff surveys with the answers you may see. A new version keeps earlier answers with the version they
              answered.
            </Typography>
          </div>
          {hr && (
            <Box sx={{ flexShrink: 0 }}>
              <Button
                variant="contained"
                startIcon={<UploadFileIcon />}
                loading={upload.isPending}
                loadingPosition="start"
                onClick={() => pick(null)}
              >
                New survey
              </Button>
            </Box>
          )}
        </Stack>
        {failure && (
          <Alert
            severity="error"
            onClose={() => setFailure(null)}
            sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          >
            <AlertTitle>
              {failure.surveyName
                ? `${failure.filename} was not added to ${failure.surveyName}`
                : `${failure.filename} was not imported`}
            </AlertTitle>
            {failure.message}
          </Alert>
        )}
        {content}
      </Stack>
      {hr && (
        <Box
          component="input"
          ref={input}
          type="file"
          accept={SURVEY_ACCEPT}
          aria-label="Survey file"
          onChange={(event) => void choose(event)}
          sx={visuallyHidden}
          tabIndex={-1}
        />
      )}
    </Container>
  );
}
