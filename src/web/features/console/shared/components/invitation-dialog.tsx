import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import type { Invitation } from '@shared/api/console/joiners.js';
import { showNotification } from '@web/stores/notification-store';
import type { Invited } from './invite-form';

/**
 * What to say when the email could not go (docs/product.md#joiners: the answer carries the link, to
 * hand over when the mail could not go): why, whether Staffroom keeps trying, and to pass it on.
 */
export function mailProblemText(problem: NonNullable<Invitation['mail_problem']>): string {
  return problem.will_retry
    ? `The email could not be sent (${problem.reason}). Staffroom will keep trying; meanwhile, give them this link yourself.`
    : `The email could not be sent (${problem.reason}): give them this link yourself.`;
}

/**
 * The link of an invitation just made or sent again: that it was emailed, or why it was not and that
 * HR should pass it on, with the link to select and a Copy button. Closed with Done; the page keeps
 * `invited` while it animates out, so its text does not change as it goes.
 */
export function InvitationDialog({ open, invited, onClose }: { open: boolean; invited: Invited; onClose: () => void }) {
  const titleId = useId();
  const linkRef = useRef<HTMLInputElement>(null);
  const { name, email, invitation } = invited;
  const problem = invitation.mail_problem;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.link);
      showNotification({ severity: 'success', message: 'Link copied.' });
    } catch {
      // No clipboard here (an older browser, or permission refused): select it for the user to copy.
      linkRef.current?.select();
      showNotification({
        severity: 'error',
        message: 'The link could not be copied: it is selected, so copy it yourself.',
      });
    }
  };

  let title: string;
  if (problem) title = 'Email not sent';
  else title = invitation.reissued ? 'New link sent' : 'Invitation sent';

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {problem ? (
            <Alert severity="warning" sx={{ overflowWrap: 'anywhere' }}>
              {mailProblemText(problem)}
            </Alert>
          ) : (
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              We have emailed {name} at {email} a link to start onboarding. If it does not arrive, give them this link
              yourself.
            </Typography>
          )}
          <TextField
            label="Onboarding link"
            value={invitation.link}
            fullWidth
            inputRef={linkRef}
            onFocus={(event) => event.target.select()}
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy link
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
