import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import KeyIcon from '@mui/icons-material/Key';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import NoPhotographyIcon from '@mui/icons-material/NoPhotography';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import type { ConsoleMe } from '@shared/api/console/shared.js';
import type { Person } from '@shared/api/console/people.js';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { statusOf } from '@web/lib/api-client';
import { errorText } from '@web/lib/error-text';
import { formatDisplayDate } from '@web/lib/format-date';
import { showNotification } from '@web/stores/notification-store';
import { useCancelLeaving } from '../api/cancel-leaving';
import { useCompleteTraining } from '../api/complete-training';
import { useDownloadSubjectAccess } from '../api/download-subject-access';
import { useResetSelfie } from '../api/reset-selfie';
import { useSendPasswordLink } from '../api/send-password-link';
import { ConsoleRoleDialog } from './console-role-dialog';
import { ErasureDialog } from './erasure-dialog';

// The leaving and re-hire forms (and their date picker) load when opened.
const LeavingDialog = lazy(() => import('./leaving-dialog').then((m) => ({ default: m.LeavingDialog })));
const RehireDialog = lazy(() => import('./rehire-dialog').then((m) => ({ default: m.RehireDialog })));

type Dialog = 'reset-picture' | 'role' | 'leaving' | 'cancel-leaving' | 'rehire' | 'password-link' | 'erase';

/**
 * The actions on a person (docs/product.md#people): Reset picture (when they have one, after a
 * confirmation), Mark training complete (when it is not), Send password link (members sign in with a
 * Staffroom password, and this one is neither a leaver nor still onboarding; docs/product.md#password-links),
 * and for HR, Console role, Download their data (the subject-access zip, leavers too;
 * docs/product.md#subject-access) and, on a leaver's page, Erase personal data
 * (docs/product.md#erasure-on-request). Each shows
 * progress while it runs and a notice when it is done; the person is refreshed from the answer.
 */
export function PersonActions({ person, consoleMe }: { person: Person; consoleMe: ConsoleMe }) {
  const [dialog, setDialog] = useState<{ kind: Dialog; session: number } | null>(null);
  const resetSelfie = useResetSelfie();
  const completeTraining = useCompleteTraining();
  const cancelLeaving = useCancelLeaving();
  const passwordLink = useSendPasswordLink();
  const subjectAccess = useDownloadSubjectAccess();

  const open = (kind: Dialog) => () => {
    resetSelfie.reset();
    cancelLeaving.reset();
    passwordLink.reset();
    setDialog((current) => ({ kind, session: (current?.session ?? 0) + 1 }));
  };
  const close = () => setDialog(null);

  const confirmReset = () =>
    resetSelfie.mutate(
      { id: person.id },
      {
        onSuccess: (saved) => {
          showNotification({
            severity: 'success',
            message: `${saved.name}'s picture has been removed: they can take a new one.`,
          });
          close();
        },
      },
    );

  const markTrainingComplete = () =>
    completeTraining.mutate(
      { id: person.id },
      {
        onSuccess: (saved) =>
          showNotification({ severity: 'success', message: `Training marked complete for ${saved.name}.` }),
        onError: (error) => showNotification({ severity: 'error', message: errorText(error) }),
      },
    );

  const confirmCancelLeaving = () =>
    cancelLeaving.mutate(
      { id: person.id },
      {
        onSuccess: (saved) => {
          showNotification({ severity: 'success', message: `${saved.name} is no longer leaving.` });
          close();
        },
      },
    );

  const confirmPasswordLink = () =>
    passwordLink.mutate(
      { id: person.id },
      {
        onSuccess: (sent) => {
          if (sent.mail_problem) return;
          showNotification({ severity: 'success', message: `A password link was emailed to ${person.name}.` });
          close();
        },
      },
    );
  // A mail that did not go leaves the dialog open with the link to hand over.
  const unsent = passwordLink.data?.mail_problem ? passwordLink.data : null;

  const downloadData = () =>
    subjectAccess.mutate(person.id, {
      // A second factor not given (402) needs no message: the dialog was the answer.
      onError: (error) => {
        if (statusOf(error) !== 402) showNotification({ severity: 'error', message: errorText(error) });
      },
    });

  const isHr = consoleMe.role === 'hr';
  const offersPasswordLink =
    consoleMe.password_links && !person.left && (person.onboarding === 'complete' || person.onboarding === 'none');
  const leaving = person.leaving_date !== null && !person.left;

  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {!person.initial_training_complete && !person.left && (
          <Button
            variant="contained"
            startIcon={<TaskAltIcon />}
            loading={completeTraining.isPending}
            loadingPosition="start"
            onClick={markTrainingComplete}
          >
            Mark training complete
          </Button>
        )}
        {person.has_selfie && (
          <Button variant="outlined" startIcon={<NoPhotographyIcon />} onClick={open('reset-picture')}>
            Reset picture
          </Button>
        )}
        {offersPasswordLink && (
          <Button variant="outlined" startIcon={<KeyIcon />} onClick={open('password-link')}>
            Send password link
          </Button>
        )}
        {isHr && !person.left && (
          <Button variant="outlined" startIcon={<AdminPanelSettingsIcon />} onClick={open('role')}>
            Console role
          </Button>
        )}
        {isHr && (
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            loading={subjectAccess.isPending}
            loadingPosition="start"
            onClick={downloadData}
          >
            Download their data
          </Button>
        )}
        {person.left ? (
          <Button variant="outlined" startIcon={<PersonAddAlt1Icon />} onClick={open('rehire')}>
            Re-hire
          </Button>
        ) : (
          <Button variant="outlined" color="warning" startIcon={<EventBusyIcon />} onClick={open('leaving')}>
            {leaving ? 'Change leaving' : 'Record leaving'}
          </Button>
        )}
        {leaving && (
          <Button variant="text" color="warning" onClick={open('cancel-leaving')}>
            Cancel leaving
          </Button>
        )}
        {isHr && person.left && (
          <Button variant="outlined" color="error" startIcon={<DeleteForeverIcon />} onClick={open('erase')}>
            Erase personal data
          </Button>
        )}
      </Stack>

      <ModalDialog
        open={dialog?.kind === 'cancel-leaving'}
        title="Cancel this leaving?"
        onClose={close}
        onSave={confirmCancelLeaving}
        saveLabel="Yes, cancel it"
        saving={cancelLeaving.isPending}
        problem={cancelLeaving.isError ? errorText(cancelLeaving.error) : null}
      >
        <Typography>
          {person.name} stays: their leaving on {person.leaving_date ? formatDisplayDate(person.leaving_date) : ''} is
          cancelled and they keep their access.
        </Typography>
      </ModalDialog>

      {(dialog?.kind === 'leaving' || dialog?.kind === 'rehire') && (
        <Suspense fallback={null}>
          {dialog.kind === 'leaving' ? (
            <LeavingDialog key={dialog.session} person={person} onClose={close} />
          ) : (
            <RehireDialog key={dialog.session} person={person} onClose={close} />
          )}
        </Suspense>
      )}

      <ModalDialog
        open={dialog?.kind === 'password-link'}
        title="Send a password link?"
        onClose={close}
        onSave={unsent ? undefined : confirmPasswordLink}
        saveLabel="Send link"
        saving={passwordLink.isPending}
        problem={passwordLink.isError ? errorText(passwordLink.error) : null}
      >
        {unsent ? (
          <Stack spacing={1.5}>
            <Typography>
              {`The email could not be sent${unsent.mail_problem!.will_retry ? ' yet' : ''} (${unsent.mail_problem!.reason}). Give ${person.name} this link yourself; it works until ${formatDisplayDate(unsent.expires_at)}:`}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>{unsent.link}</Typography>
          </Stack>
        ) : (
          <Typography>
            This emails {person.name} a link to set a new password for the portal. A link sent before stops working;
            their current password, if they have one, works until they set the new one.
          </Typography>
        )}
      </ModalDialog>

      <ModalDialog
        open={dialog?.kind === 'reset-picture'}
        title="Reset picture?"
        onClose={close}
        onSave={confirmReset}
        saveLabel="Reset picture"
        saving={resetSelfie.isPending}
        problem={resetSelfie.isError ? errorText(resetSelfie.error) : null}
      >
        <Typography>
          This removes {person.name}'s profile picture so they can take a new one. Their team discount card asks for the
          new picture until they do.
        </Typography>
      </ModalDialog>

      {dialog?.kind === 'erase' && <ErasureDialog key={dialog.session} person={person} onClose={close} />}

      {dialog?.kind === 'role' && (
        <ConsoleRoleDialog key={dialog.session} open person={person} venues={consoleMe.venues} onClose={close} />
      )}
    </>
  );
}
