import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'wouter';
import type { StaffImportBody, StaffImportReport } from '@shared/api/console/staff-import';
import { errorText } from '@web/lib/error-text';
import { readFileAsDataUrl } from '@web/lib/read-file-as-data-url';
import { useConsoleMe } from '@web/features/console/shared/api/get-console-me';
import { useApplyStaffImport } from '../api/apply-staff-import';
import { useCheckStaffImport } from '../api/check-staff-import';
import { ImportCounts } from './import-counts';
import { ImportRows } from './import-rows';

/** The file as the calls take it: its name and its bytes in base64. */
async function fileBody(file: File): Promise<Pick<StaffImportBody, 'filename' | 'content'>> {
  const dataUrl = await readFileAsDataUrl(file);
  return { filename: file.name, content: dataUrl.slice(dataUrl.indexOf(',') + 1) };
}

/** When the last invitation goes out, as people read it (`14:35`, or with the day when not today). */
function doneBy(iso: string): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === new Date().toDateString() ? time : `${at.toLocaleDateString('en-GB')} ${time}`;
}

/** What Import will do, in words: `Nothing has changed yet. Import creates 50 people and sends them …`. */
function importSentence(counts: StaffImportReport['counts'], invitations: boolean): string {
  const people = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'person' : 'people'}`;
  const parts = [
    counts.create ? `creates ${people(counts.create)}` : '',
    counts.update ? `updates ${people(counts.update)}` : '',
  ].filter(Boolean);
  const invite =
    invitations && counts.create
      ? `, and sends ${counts.create === 1 ? 'the new person an invitation' : 'each new person an invitation'} to sign in, a few a minute`
      : '';
  return `Nothing has changed yet. Import ${parts.join(' and ')}${invite}.`;
}

/**
 * HR's staff import (docs/product.md#staff-import), `/admin/people/import`: choose a CSV file, which is
 * checked at once (a dry run: counts, then every row with what it will do and why a row is refused,
 * paged), then **Import** applies it whole, a spinner meanwhile, and a summary links to the people list.
 * A refused row keeps Import off: the file is corrected and chosen again. "Send invitations" sends each
 * new person a sign-in invitation, paced by the server. Anyone but HR is told it is HR's.
 */
export function StaffImportPage() {
  const me = useConsoleMe();
  const input = useRef<HTMLInputElement>(null);
  const [body, setBody] = useState<Pick<StaffImportBody, 'filename' | 'content'> | null>(null);
  const [readProblem, setReadProblem] = useState<string | null>(null);
  const [sendInvitations, setSendInvitations] = useState(true);
  const check = useCheckStaffImport();
  const apply = useApplyStaffImport();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again (corrected) must fire a change.
    event.target.value = '';
    if (!file) return;
    apply.reset();
    check.reset();
    setReadProblem(null);
    try {
      const chosen = await fileBody(file);
      setBody(chosen);
      check.mutate({ ...chosen, send_invitations: sendInvitations });
    } catch {
      setReadProblem(`${file.name} could not be read: choose it again.`);
    }
  };

  // What a step ends with is shown where the eye is: on a phone, the results start below the fold,
  // and Import is pressed far down the page, below the summary that replaces it at the top.
  const results = useRef<HTMLHeadingElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (check.data) results.current?.scrollIntoView?.({ block: 'start' });
  }, [check.data]);
  useEffect(() => {
    if (apply.data) summary.current?.scrollIntoView?.({ block: 'center' });
  }, [apply.data]);

  const report: StaffImportReport | undefined = apply.data ?? check.data;
  const ready = check.data && !apply.data;
  const changes = check.data ? check.data.counts.create + check.data.counts.update : 0;

  if (me.data && me.data.role !== 'hr') {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 4 } }}>
        <Alert severity="info">Only HR can import people.</Alert>
      </Container>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
      <Stack spacing={{ xs: 2, sm: 3 }}>
        <Typography component="h1" variant="h1">
          Import people
        </Typography>
        {!apply.data && (
          <Card>
            <CardContent>
              <Stack spacing={2}>
                <Typography>
                  Bring in the people already at work from a spreadsheet or your payroll system, saved as{' '}
                  <strong>CSV UTF-8</strong>. Columns: forename, surname, email and venue, and if you have them known
                  as, mobile, position, start date, date of birth, payroll id and NI number. Dates as DD/MM/YYYY or
                  YYYY-MM-DD.
                </Typography>
                <Typography color="text.secondary">
                  A person is matched on their payroll id, else their email, so importing the same file again changes
                  nothing. You see what will happen before anything changes.
                </Typography>
                <FormControlLabel
                  control={
                    <Checkbox checked={sendInvitations} onChange={(_, checked) => setSendInvitations(checked)} />
                  }
                  label="Send each new person an invitation to sign in"
                />
                <Box>
                  <input
                    ref={input}
                    type="file"
                    accept=".csv,text/csv"
                    hidden
                    aria-label="CSV file"
                    onChange={(event) => void choose(event)}
                  />
                  <Button
                    variant={check.data ? 'outlined' : 'contained'}
                    startIcon={<UploadFileIcon />}
                    onClick={() => input.current?.click()}
                    disabled={check.isPending || apply.isPending}
                  >
                    {check.data || check.isError ? 'Choose another file' : 'Choose CSV file'}
                  </Button>
                </Box>
              </Stack>
            </CardContent>
          </Card>
        )}

        {check.isPending && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={24} />
            <Typography>Checking {body?.filename}…</Typography>
          </Stack>
        )}
        {readProblem && <Alert severity="error">{readProblem}</Alert>}
        {check.isError && (
          <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
            <AlertTitle>{body?.filename} was not checked</AlertTitle>
            {errorText(check.error)}
          </Alert>
        )}

        {apply.data && (
          <Alert ref={summary} severity="success" sx={{ overflowWrap: 'anywhere', scrollMarginTop: 120 }}>
            <AlertTitle>{body?.filename} is imported</AlertTitle>
            {apply.data.counts.create} created, {apply.data.counts.update} updated, {apply.data.counts.unchanged}{' '}
            unchanged.{' '}
            {apply.data.invitations > 0 && apply.data.invitations_done_by
              ? `${apply.data.invitations} invitations to sign in are on their way; the last goes out by ${doneBy(apply.data.invitations_done_by)}.`
              : 'No invitations were sent.'}
          </Alert>
        )}
        {apply.data && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button variant="contained" component={RouterLink} href="/admin/people">
              Open the people list
            </Button>
            <Button
              variant="outlined"
              onClick={() => {
                apply.reset();
                check.reset();
                setBody(null);
              }}
            >
              Import another file
            </Button>
          </Stack>
        )}

        {report && (
          <Stack spacing={2}>
            {ready && (
              <Typography ref={results} component="h2" variant="h2" sx={{ scrollMarginTop: 120 }}>
                What {body?.filename} will do
              </Typography>
            )}
            <ImportCounts counts={report.counts} applied={report.applied} />
            {ready && report.counts.refused > 0 && (
              <Alert severity="warning">
                {report.counts.refused === 1 ? 'One row is' : `${report.counts.refused} rows are`} refused, so nothing
                can be imported yet: correct {report.counts.refused === 1 ? 'it' : 'them'} in your spreadsheet, save it
                as CSV UTF-8 and choose it again.
              </Alert>
            )}
            {ready && report.counts.refused === 0 && (
              <Card variant="outlined">
                <CardContent>
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={2}
                    sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
                  >
                    <Typography>
                      {changes === 0
                        ? 'Everyone in the file is already here as it says: there is nothing to import.'
                        : importSentence(report.counts, sendInvitations)}
                    </Typography>
                    <Button
                      variant="contained"
                      disabled={changes === 0}
                      loading={apply.isPending}
                      onClick={() => body && apply.mutate({ ...body, send_invitations: sendInvitations })}
                      sx={{ flexShrink: 0 }}
                    >
                      Import
                    </Button>
                  </Stack>
                  {apply.isError && (
                    <Alert severity="error" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
                      {errorText(apply.error)}
                    </Alert>
                  )}
                </CardContent>
              </Card>
            )}
            <ImportRows
              key={`${body?.filename}-${String(report.applied)}`}
              rows={report.rows}
              counts={report.counts}
              applied={report.applied}
            />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
