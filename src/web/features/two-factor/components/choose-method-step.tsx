import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { TfaMethod } from '@shared/api/two-factor.js';
import { useLocale } from '@web/i18n/i18n';
import { useTwoFactorT } from '../i18n';
import { methodTexts } from '../lib/method-kind';

export interface ChooseMethodStepProps {
  methods: TfaMethod[];
  selected: string | null;
  onSelect: (methodId: string) => void;
  /** Why the last try to start a check failed, already as text. */
  error: string | null;
  disabled?: boolean;
}

/** Step 1 of the two-factor dialog (docs/product.md#two-factor): choose how to get a code, one radio per method. */
export function ChooseMethodStep({ methods, selected, onSelect, error, disabled }: ChooseMethodStepProps) {
  const t = useTwoFactorT();
  const english = useLocale() === 'en-GB';
  const labelId = useId();
  return (
    <Stack spacing={2}>
      <Typography>{t('twoFactor.why')}</Typography>
      {error && (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          {error}
        </Alert>
      )}
      <FormControl disabled={disabled}>
        <FormLabel id={labelId}>{t('twoFactor.howToGetCode')}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          name="two-factor-method"
          value={selected ?? ''}
          onChange={(event) => onSelect(event.target.value)}
        >
          {methods.map((method) => {
            const { name, description } = methodTexts(method, t, english);
            return (
              <FormControlLabel
                key={method.id}
                value={method.id}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { mt: -1 } }}
                label={
                  <span>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      {name}
                    </Typography>
                    {description && (
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {description}
                      </Typography>
                    )}
                  </span>
                }
              />
            );
          })}
        </RadioGroup>
      </FormControl>
    </Stack>
  );
}
