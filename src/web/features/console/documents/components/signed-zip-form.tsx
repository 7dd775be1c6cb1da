import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ukToday } from '@shared/uk-today';
import { LazyDateField } from '@web/components/onboarding-fields/lazy-date-field';
import { useConsoleMe } from '@web/features/console/shared/api/get-console-me';
import { documentsZipUrl } from '../api/documents-zip';

/** The first day of this month in the UK (YYYY-MM-DD): a period usually starts there. */
const startOfMonth = () => `${ukToday().slice(0, 7)}-01`;

/**
 * "Download signed documents" (docs/product.md#signed-documents-as-a-zip): one of the caller's venues
 * and a period of UK days; the zip of what its people signed then, with each document's evidence,
 * downloads as the server streams it. A last day before the first is said, and nothing is asked.
 */
export function SignedZipForm() {
  const me = useConsoleMe();
  const venues = me.data?.venues ?? [];
  const [venueId, setVenueId] = useState('');
  const [from, setFrom] = useState<string | null>(startOfMonth);
  const [to, setTo] = useState<string | null>(() => ukToday());
  const backwards = Boolean(from && to && to < from);
  const ready = Boolean(venueId && from && to && !backwards);
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Every document signed by a venue’s people in a period, each signed PDF with its evidence, as one zip. Each
        download is recorded.
      </Typography>
      <TextField
        select
        label="Venue"
        value={venueId}
        onChange={(event) => setVenueId(event.target.value)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="" disabled>
          Choose a venue
        </MenuItem>
        {venues.map((venue) => (
          <MenuItem key={venue.id} value={venue.id}>
            {venue.name}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <LazyDateField label="Signed from" name="from" value={from} onChange={setFrom} required maxDate="today" />
        <LazyDateField
          label="Signed to"
          name="to"
          value={to}
          onChange={setTo}
          required
          maxDate="today"
          error={backwards ? 'The last day cannot be before the first' : null}
        />
      </Stack>
      <div>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={!ready}
          sx={{ minHeight: 44 }}
          {...(ready
            ? { component: 'a', href: documentsZipUrl({ venueId, from: from!, to: to! }), download: true }
            : {})}
        >
          Download zip
        </Button>
      </div>
    </Stack>
  );
}
