import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { lazy, Suspense, useId, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import type { QuestionResult } from '@shared/api/console/surveys.js';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { formatDisplayDate } from '@web/lib/format-date';
import { useConsoleMe } from '@web/features/console/shared/api/get-console-me';
import { surveyCsvHref, useSurveyResults } from '../api/get-survey-results';

const loadSurveyChart = () => import('./survey-chart');
// MUI X Charts load on this screen only, never with the console's other screens.
const SurveyChart = lazy(loadSurveyChart);

/** Starts fetching the charts' code with the screen's own, rather than at the first chart. */
export function prefetchSurveyChart(): void {
  void loadSurveyChart();
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The numbers of a chart as a table, for screen readers (and tests): the chart itself is a drawing. */
function CountsTable({ question, counts }: { question: string; counts: NonNullable<QuestionResult['counts']> }) {
  return (
    <Box component="table" sx={visuallyHidden}>
      <caption>{question}</caption>
      <thead>
        <tr>
          <th scope="col">Answer</th>
          <th scope="col">Responses</th>
        </tr>
      </thead>
      <tbody>
        {counts.map((option) => (
          <tr key={option.key}>
            <th scope="row">{option.label}</th>
            <td>{option.count}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/** One question's card: its chart (counts) or its newest answers (text); display-only types say so. */
function QuestionCard({ result }: { result: QuestionResult }) {
  const titleId = useId();
  let body;
  if (result.counts) {
    body = (
      <Box role="figure" aria-labelledby={titleId}>
        <Box aria-hidden sx={{ minWidth: 0 }}>
          <Suspense fallback={<Spinner minHeight={160} />}>
            <SurveyChart type={result.type} counts={result.counts} title={result.question} />
          </Suspense>
        </Box>
        <CountsTable question={result.question} counts={result.counts} />
      </Box>
    );
  } else if (result.answers) {
    body =
      result.answers.length === 0 ? (
        <Typography color="text.secondary">No answers yet.</Typography>
      ) : (
        <List dense aria-labelledby={titleId} sx={{ py: 0 }}>
          {result.answers.map((answer, index) => (
            <ListItem
              key={index}
              divider={index < result.answers!.length - 1}
              sx={{ px: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
              {answer}
            </ListItem>
          ))}
        </List>
      );
  } else {
    body = <Typography color="text.secondary">Answers to this kind of question are in the CSV.</Typography>;
  }
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} component="h2" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
          {result.question}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {count(result.answered, 'answer', 'answers')}
          {result.answers && result.answers.length > 0 && result.answers.length < result.answered
            ? ` · the newest ${result.answers.length} shown`
            : ''}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}

/**
 * A survey's results (docs/product.md#console-surveys) at `/admin/surveys/:id`: one version's answers
 * within the console's scope (the current version first; a selector when there are several), a card
 * per question with a chart of the counts (bars 1..5 as columns; radio, select and locations as
 * horizontal bars), each chart named by its question with its numbers in a table screen readers read,
 * or the newest answers for text. HR gets "Download CSV" of the version shown, a same-origin link.
 */
export function SurveyResultsPage({ surveyId }: { surveyId: number }) {
  const [version, setVersion] = useState<number | undefined>(undefined);
  const results = useSurveyResults(surveyId, version);
  const hr = useConsoleMe().data?.role === 'hr';
  const data = results.data;

  let content;
  if (results.isError && !data) {
    content = <QueryErrorAlert error={results.error} onRetry={() => void results.refetch()} />;
  } else if (!data) {
    content = <Spinner />;
  } else {
    const shown = data.versions.find((v) => v.version === data.version);
    content = (
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography color="text.secondary">
            {`Version ${data.version}${data.version === data.current_version ? ' (current)' : ''}`}
            {shown ? ` · from ${formatDisplayDate(shown.created_at)}` : ''}
            {` · ${count(data.responses, 'response', 'responses')}`}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {data.versions.length > 1 && (
              <TextField
                select
                size="small"
                label="Version"
                value={data.version}
                onChange={(event) => setVersion(Number(event.target.value))}
                sx={{ minWidth: 220 }}
              >
                {[...data.versions].reverse().map((v) => (
                  <MenuItem key={v.version} value={v.version}>
                    {`Version ${v.version}${v.version === data.current_version ? ' (current)' : ''} · ${count(v.responses, 'response', 'responses')}`}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {hr && (
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                href={surveyCsvHref(data.id, data.version)}
                download={`survey-${data.id}-v${data.version}.csv`}
              >
                Download CSV
              </Button>
            )}
          </Stack>
        </Stack>
        {results.isFetching && results.isPlaceholderData && <Spinner minHeight={40} />}
        {data.responses === 0 && (
          <Alert severity="info">
            {data.version === data.current_version
              ? `No answers to this version yet: staff answer it at /survey/${data.id}.`
              : 'No answers to this version.'}
          </Alert>
        )}
        {data.questions.map((question) => (
          <QuestionCard key={`${data.version}:${question.id}`} result={question} />
        ))}
      </Stack>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 } }}>
      <Stack spacing={{ xs: 2, sm: 3 }}>
        <div>
          <Link component={RouterLink} href="/admin/surveys" variant="body2">
            All surveys
          </Link>
          <Typography component="h1" variant="h1" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {data?.name ?? 'Survey results'}
          </Typography>
        </div>
        {content}
      </Stack>
    </Container>
  );
}
