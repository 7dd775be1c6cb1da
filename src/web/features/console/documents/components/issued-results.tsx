import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PersonRow } from '@shared/api/console/people.js';
import { showNotification } from '@web/stores/notification-store';
import type { IssuedDocument } from '../api/issue-documents';
import { mailProblemText } from '@web/features/console/shared/components/invitation-dialog';

/** Copies a link, or says to copy it by hand where there is no clipboard. */
async function copy(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    showNotification({ severity: 'success', message: 'Link copied.' });
  } catch {
    showNotification({ severity: 'error', message: 'The link could not be copied: select it and copy it yourself.' });
  }
}

/**
 * What was sent, person by person (docs/product.md#console-documents): that the link was emailed, or why
 * not and whether Staffroom keeps trying (as the invitation dialog says it), with the link to copy.
 */
export function IssuedResults({ results, people }: { results: IssuedDocument[]; people: PersonRow[] }) {
  const nameOf = (id: string) => people.find((person) => person.id === id)?.name ?? 'Someone';
  return (
    <List aria-label="Sent" disablePadding>
      {results.map((result) => (
        <ListItem key={result.document_id} divider disableGutters sx={{ display: 'block', py: 1.5 }}>
          <Stack spacing={1}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{nameOf(result.staff_id)}</Typography>
            {result.mail_problem ? (
              <Alert severity="warning" sx={{ overflowWrap: 'anywhere' }}>
                {mailProblemText(result.mail_problem)}
              </Alert>
            ) : (
              <Typography variant="body2" color="text.secondary">
                Emailed. If it does not arrive, give them this link yourself.
              </Typography>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                label={`Link for ${nameOf(result.staff_id)}`}
                value={result.link}
                size="small"
                fullWidth
                onFocus={(event) => event.target.select()}
                slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
              />
              <Button
                variant="outlined"
                startIcon={<ContentCopyIcon />}
                onClick={() => void copy(result.link)}
                sx={{ flexShrink: 0 }}
              >
                Copy link
              </Button>
            </Stack>
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
