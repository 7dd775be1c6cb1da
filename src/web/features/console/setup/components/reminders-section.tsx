import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { REMINDER_LABELS } from '@shared/reminders';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { errorText } from '@web/lib/error-text';
import { showNotification } from '@web/stores/notification-store';
import { SectionCard } from '@web/features/console/shared/components/section-card';
import { useReminderSwitches } from '../api/get-reminder-switches';
import { useSwitchReminder } from '../api/switch-reminder';

/**
 * Set-up's Reminders (HR, docs/product.md#reminders): one switch a kind of reminder, with whom it goes
 * to and when; a change is saved at once, a spinner beside the switch meanwhile, and a refusal shown.
 */
export function RemindersSection() {
  const switches = useReminderSwitches();
  const change = useSwitchReminder();
  let content;
  if (switches.isError) content = <QueryErrorAlert error={switches.error} onRetry={() => void switches.refetch()} />;
  else if (!switches.data) content = <Spinner minHeight={120} />;
  else {
    content = (
      <Stack spacing={1.5}>
        <Typography color="text.secondary">
          Reminders go by email, and by text message to a mobile number between 08:00 and 21:00. Each goes once.
        </Typography>
        {switches.data.map(({ kind, enabled }) => {
          const busy = change.isPending && change.variables?.kind === kind;
          return (
            <Stack key={kind} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <FormControlLabel
                sx={{ flex: 1, mr: 0, alignItems: 'flex-start' }}
                control={
                  <Switch
                    checked={enabled}
                    disabled={busy}
                    onChange={(e) =>
                      change.mutate(
                        { kind, enabled: e.target.checked },
                        { onError: (error) => showNotification({ severity: 'error', message: errorText(error) }) },
                      )
                    }
                  />
                }
                label={
                  <Stack sx={{ pt: 1 }}>
                    <Typography>{REMINDER_LABELS[kind].title}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {REMINDER_LABELS[kind].detail}
                    </Typography>
                  </Stack>
                }
              />
              {busy && <CircularProgress size={20} aria-label="Saving" />}
            </Stack>
          );
        })}
      </Stack>
    );
  }
  return <SectionCard title="Reminders">{content}</SectionCard>;
}
