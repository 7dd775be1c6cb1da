import LinkOffIcon from '@mui/icons-material/LinkOff';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { OnboardingStage } from '@shared/api/console/shared.js';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { errorText } from '@web/lib/error-text';
import { showNotification } from '@web/stores/notification-store';
import { useResendJoinerLink } from '../api/resend-joiner-link';
import { useRevokeJoinerLink } from '../api/revoke-joiner-link';
import type { Invited } from './invite-form';

export interface OnboardingLinkActionsProps {
  /** The joiner: their id, name and email address (the confirmation names them). */
  joiner: { id: string; name: string; email_address: string };
  stage: OnboardingStage;
  /** A new link was made but not emailed: the page shows it to hand over. */
  onUnsent: (invited: Invited) => void;
  /** `small` on the board's cards, the page's own size on a person's page. */
  size?: 'small' | 'medium';
}

/** Whether a joiner at `stage` is still on their way: their link can be sent again or revoked. */
export const onTheirWay = (stage: OnboardingStage) =>
  stage === 'details' || stage === 'contract' || stage === 'password';

/**
 * A joiner's onboarding link actions (docs/product.md#joiners), on the board and on their page:
 * "Send link again" while they are on their way or once the link has expired (the old one stops
 * working), "Revoke link" after a confirmation while they are on their way; nothing once they have
 * finished or for someone who never onboarded. Each shows progress, then a notice.
 */
export function OnboardingLinkActions({ joiner, stage, onUnsent, size = 'small' }: OnboardingLinkActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const resend = useResendJoinerLink();
  const revoke = useRevokeJoinerLink();
  const onTheWay = onTheirWay(stage);
  if (!onTheWay && stage !== 'expired') return null;

  const sendAgain = () =>
    resend.mutate(
      { id: joiner.id },
      {
        onSuccess: (invitation) => {
          if (invitation.mail_problem) onUnsent({ name: joiner.name, email: joiner.email_address, invitation });
          else showNotification({ severity: 'success', message: `A new link has been sent to ${joiner.name}.` });
        },
        onError: (error) => showNotification({ severity: 'error', message: errorText(error) }),
      },
    );

  const openConfirm = () => {
    revoke.reset();
    setConfirming(true);
  };

  const confirmRevoke = () =>
    revoke.mutate(
      { id: joiner.id },
      {
        onSuccess: () => {
          setConfirming(false);
          showNotification({ severity: 'success', message: `${joiner.name}'s link no longer works.` });
        },
      },
    );

  return (
    <>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, ...(size === 'small' && { columnGap: 1, rowGap: 0, ml: -1 }) }}
      >
        <Button
          size={size}
          variant={size === 'small' ? 'text' : 'outlined'}
          startIcon={<SendIcon />}
          loading={resend.isPending}
          loadingPosition="start"
          onClick={sendAgain}
        >
          Send link again
        </Button>
        {onTheWay && (
          <Button
            size={size}
            variant={size === 'small' ? 'text' : 'outlined'}
            color="error"
            startIcon={<LinkOffIcon />}
            onClick={openConfirm}
          >
            Revoke link
          </Button>
        )}
      </Stack>
      {onTheWay && (
        <ModalDialog
          open={confirming}
          title="Revoke link?"
          onClose={() => setConfirming(false)}
          onSave={confirmRevoke}
          saveLabel="Revoke link"
          saving={revoke.isPending}
          problem={revoke.isError ? errorText(revoke.error) : null}
        >
          <Typography>
            The onboarding link sent to {joiner.name} ({joiner.email_address}) stops working at once. What they have
            done so far is kept, and you can send them a new link.
          </Typography>
        </ModalDialog>
      )}
    </>
  );
}
