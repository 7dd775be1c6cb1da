import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { LazyDateField } from '@web/components/onboarding-fields/lazy-date-field';
import { errorText } from '@web/lib/error-text';
import { ukToday } from '@shared/uk-today';
import { useConsoleMe } from '@web/features/console/shared/api/get-console-me';
import { payrollFilename, useDownloadPayroll } from '../api/download-payroll';

/** The first day of this month in the UK as YYYY-MM-DD: payroll is usually run monthly. */
export function startOfThisMonth(now = new Date()): string {
  return `${ukToday(now).slice(0, 7)}-01`;
}

/**
 * Payroll hand-off (HR only, docs/product.md#payroll-hand-off): "New starters since" (the app's date
 * picker, loaded when the page opens) and Download CSV, which fetches the file through the api client
 * (a session without a recent second factor gets the two-factor dialog first, then the download goes on
 * by itself) and saves it, with a spinner meanwhile. Says that the file holds bank details and NI
 * numbers and that every export is recorded. Anyone else is told it is HR's.
 */
export function PayrollPage() {
  const me = useConsoleMe();
  const [since, setSince] = useState<string | null>(startOfThisMonth);
  const [missing, setMissing] = useState(false);
  const download = useDownloadPayroll();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (download.isPending) return;
    if (!since) {
      setMissing(true);
      return;
    }
    download.mutate(since);
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 4 } }}>
      <Stack spacing={{ xs: 2, sm: 3 }}>
        <Typography component="h1" variant="h1">
          Payroll hand-off
        </Typography>
        {me.data?.role !== 'hr' ? (
          <Alert severity="info">Only HR can export new starters for payroll.</Alert>
        ) : (
          <Card>
            <CardContent>
              <Box component="form" noValidate onSubmit={submit} aria-label="Payroll export">
                <Stack spacing={2}>
                  <Typography>
                    A CSV of everyone who started, or finished onboarding, on or after the date: their details, address,
                    venue, position and start date for payroll.
                  </Typography>
                  <Alert severity="warning">
                    The file holds bank details and National Insurance numbers in full: keep it only where payroll needs
                    it. Each export is recorded with who made it, and asks you to confirm it is you when you have not
                    done so in the last 15 minutes.
                  </Alert>
                  <LazyDateField
                    label="New starters since"
                    name="since"
                    value={since}
                    onChange={(value) => {
                      setSince(value);
                      setMissing(false);
                      download.reset();
                    }}
                    required
                    maxDate="today"
                    error={missing ? 'Choose a date' : null}
                  />
                  {download.isError && (
                    <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
                      {errorText(download.error)}
                    </Alert>
                  )}
                  {download.isSuccess && download.variables && (
                    <Alert severity="success">Saved {payrollFilename(download.variables)}.</Alert>
                  )}
                  <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                    <Button
                      type="submit"
                      variant="contained"
                      startIcon={<DownloadIcon />}
                      loading={download.isPending}
                      loadingPosition="start"
                    >
                      Download CSV
                    </Button>
                  </Box>
                </Stack>
              </Box>
            </CardContent>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
