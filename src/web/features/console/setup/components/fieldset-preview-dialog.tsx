import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import type { FieldDefinition } from '@shared/api/onboarding.js';
import { isDisplayOnly } from '@shared/field-rules.js';
import { OnboardingField } from '@web/components/onboarding-fields/onboarding-field';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { useFieldset } from '../api/get-fieldset';

/** Nothing is uploaded from a preview. */
const noUpload = () => Promise.reject(new Error('This is a preview'));

/** When a field shows only for one answer of another, in the words of that field's options. */
export function shownWhen(field: FieldDefinition, fields: readonly FieldDefinition[]): string | null {
  if (field.dependent_field === null || field.dependent_value === null) return null;
  const parent = fields.find((each) => each.id === field.dependent_field);
  if (!parent) return null;
  const answer =
    parent.allowed_values?.find((option) => option.key === field.dependent_value)?.value ?? field.dependent_value;
  return `Shown when “${parent.label}” is “${answer}”`;
}

/**
 * A fieldset's details form as a joiner sees it (docs/product.md#set-up): the same field components as the
 * onboarding details step (src/web/components/onboarding-fields), laid out the same way, every field
 * disabled inside a disabled fieldset so nothing can be typed or uploaded. Unlike the joiner's form it
 * shows every field, a field shown only for another's answer marked with when.
 */
export function FieldsetPreviewDialog({ fieldsetId, onClose }: { fieldsetId: string; onClose: () => void }) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const fieldset = useFieldset(fieldsetId);

  let content;
  if (fieldset.isError) content = <QueryErrorAlert error={fieldset.error} onRetry={() => void fieldset.refetch()} />;
  else if (!fieldset.data) content = <Spinner />;
  else {
    const fields = fieldset.data.fields;
    content = (
      <>
        <Alert severity="info" sx={{ mb: 3 }}>
          A preview: the joiner fills these in on the first step of onboarding. Fields that depend on an answer are all
          shown here.
        </Alert>
        <Box
          component="fieldset"
          disabled
          aria-label={`Preview of ${fieldset.data.name}`}
          sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
        >
          <Grid container spacing={2}>
            {fields.map((field) => {
              const when = shownWhen(field, fields);
              return (
                <Grid key={field.id} size={isDisplayOnly(field.type) ? 12 : { xs: 12, md: 6 }}>
                  <OnboardingField field={field} value={undefined} onChange={() => {}} upload={noUpload} disabled />
                  {when && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                      {when}
                    </Typography>
                  )}
                </Grid>
              );
            })}
          </Grid>
        </Box>
      </>
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{fieldset.data ? `${fieldset.data.name}: preview` : 'Preview'}</DialogTitle>
      <DialogContent>{content}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
