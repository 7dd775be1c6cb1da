import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { useLocale } from '@web/i18n/i18n';
import { englishErrorText, errorText } from '@web/lib/error-text';
import { useMyMethods } from '../api/get-my-methods';
import { useInitiateTwoFactor, type TwoFactorChallenge } from '../api/initiate-two-factor';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { methodKind, startLabel, usableMethods } from '../lib/method-kind';
import { useTwoFactorT } from '../i18n';
import { twoFactorProblem } from '../lib/texts';
import { ChooseMethodStep } from './choose-method-step';
import { CODE_LENGTH, EnterCodeStep } from './enter-code-step';

export interface TwoFactorDialogProps {
  open: boolean;
  /** Cancel calls this with false, a passed check with true. */
  onClose: (passed: boolean) => void;
}

/**
 * The two-factor dialog (docs/product.md#two-factor): 'Two Factor Auth Required', closed only by Cancel (not by
 * Escape nor the backdrop) or by passing the check. It loads my methods (set up, not deleted),
 * lets me choose one and start a check ('Send code', or 'Continue' for an authenticator app),
 * then takes the 6-digit code and verifies it; errors show inline (docs/product.md#two-factor). Once verified it
 * closes, and the change that asked for it goes through by itself (its own snackbar says so).
 */
export default function TwoFactorDialog({ open, onClose }: TwoFactorDialogProps) {
  const t = useTwoFactorT();
  const english = useLocale() === 'en-GB';
  const problem = (error: unknown) =>
    (english ? undefined : twoFactorProblem(englishErrorText(error))) ?? errorText(error);
  const methods = useMyMethods();
  const initiate = useInitiateTwoFactor();
  const verify = useVerifyTwoFactor();
  const [chosen, setChosen] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [code, setCode] = useState('');
  const [resent, setResent] = useState(false);

  const usable = usableMethods(methods.data ?? []);
  const method = usable.find((m) => m.id === chosen) ?? usable[0] ?? null;
  const kind = method ? methodKind(method) : 'email';
  const busy = initiate.isPending || verify.isPending;

  const start = (again: boolean) => {
    if (!method || busy) return;
    verify.reset();
    initiate.mutate(method.id, {
      onSuccess: (answer) => {
        setChallenge(answer);
        setCode('');
        setResent(again);
      },
    });
  };

  const check = () => {
    if (!method || !challenge || busy || code.length !== CODE_LENGTH) return;
    initiate.reset();
    verify.mutate(
      { challenge: challenge.code, attempt: { code, method: method.id } },
      {
        onSuccess: () => onClose(true),
      },
    );
  };

  const chooseAgain = () => {
    initiate.reset();
    verify.reset();
    setChallenge(null);
    setCode('');
  };

  let content;
  let action: { label: string; run: () => void; disabled: boolean } | undefined;
  if (challenge && method) {
    const failure = verify.error ?? initiate.error;
    content = (
      <EnterCodeStep
        kind={kind}
        challenge={challenge}
        code={code}
        onCodeChange={setCode}
        error={failure ? problem(failure) : null}
        onNewCode={() => start(true)}
        onOtherMethod={usable.length > 1 ? chooseAgain : undefined}
        resent={resent}
        busy={busy}
      />
    );
    action = { label: t('twoFactor.verify'), run: check, disabled: code.length !== CODE_LENGTH };
  } else if (methods.isPending) {
    content = <Spinner minHeight={160} />;
  } else if (methods.isError) {
    content = <QueryErrorAlert error={methods.error} onRetry={() => void methods.refetch()} />;
  } else if (usable.length === 0) {
    content = <Alert severity="warning">{t('twoFactor.noMethods')}</Alert>;
  } else {
    content = (
      <ChooseMethodStep
        methods={usable}
        selected={method?.id ?? null}
        onSelect={setChosen}
        error={initiate.error ? problem(initiate.error) : null}
        disabled={busy}
      />
    );
    action = { label: startLabel(kind, t), run: () => start(false), disabled: !method };
  }

  return (
    <ModalDialog
      open={open}
      title={t('twoFactor.title')}
      onClose={() => onClose(false)}
      dismissible={false}
      onSave={action?.run}
      saveLabel={action?.label}
      saveDisabled={action?.disabled}
      saving={busy}
    >
      {content}
    </ModalDialog>
  );
}
