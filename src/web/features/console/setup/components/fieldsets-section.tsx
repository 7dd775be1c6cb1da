import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useRef, useState, type ChangeEvent } from 'react';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { errorText } from '@web/lib/error-text';
import { formatDisplayDate } from '@web/lib/format-date';
import { showNotification } from '@web/stores/notification-store';
import { useFieldsets } from '@web/features/console/shared/api/get-fieldsets';
import { useImportFieldset } from '../api/import-fieldset';
import { FieldsetPreviewDialog } from './fieldset-preview-dialog';
import { SectionCard } from '@web/features/console/shared/components/section-card';
import { SetupList, SetupRow } from './setup-row';

/** The files a fieldset may come in, as `fieldset import` reads them. */
export const FIELDSET_ACCEPT = '.yaml,.yml,.json';
/** The server takes at most a million characters of file. */
const MAX_FIELDSET_BYTES = 1_000_000;

const fieldsText = (n: number) => (n === 1 ? '1 field' : `${n} fields`);

/**
 * Set-up's Onboarding fieldsets (HR, docs/product.md#set-up): the fieldsets, newest first (the one an
 * invitation without a fieldset gets), each with its field count and a Preview of the form as the joiner
 * sees it; "Upload fieldset" takes a .yaml, .yml or .json file, validated by the server as
 * `fieldset import` does: its message (every problem with its path) shows in an Alert.
 */
export function FieldsetsSection() {
  const fieldsets = useFieldsets();
  const upload = useImportFieldset();
  const input = useRef<HTMLInputElement>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [tooBig, setTooBig] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again (after fixing it) must fire a change too.
    event.target.value = '';
    if (!file) return;
    upload.reset();
    if (file.size > MAX_FIELDSET_BYTES) {
      setTooBig(`${file.name} is too large: a fieldset file is at most 1 MB.`);
      return;
    }
    setTooBig(null);
    const content = await file.text();
    upload.mutate(
      { filename: file.name, content },
      {
        onSuccess: (imported) => {
          showNotification({
            severity: 'success',
            message: imported.created
              ? `${file.name} is imported.`
              : `${file.name} replaced the fieldset of that name.`,
          });
          setPreviewing(imported.id);
        },
      },
    );
  };

  let list;
  if (fieldsets.isError) list = <QueryErrorAlert error={fieldsets.error} onRetry={() => void fieldsets.refetch()} />;
  else if (!fieldsets.data) list = <Spinner />;
  else if (fieldsets.data.length === 0)
    list = <Typography color="text.secondary">No fieldsets yet: upload one before inviting joiners.</Typography>;
  else {
    list = (
      <SetupList label="Onboarding fieldsets">
        {fieldsets.data.map((fieldset, index) => (
          <SetupRow
            key={fieldset.id}
            title={fieldset.name}
            detail={`${fieldsText(fieldset.fields)} · updated ${formatDisplayDate(fieldset.updated_at)}${index === 0 ? ' · used when an invitation names none' : ''}`}
            actions={
              <Button size="small" onClick={() => setPreviewing(fieldset.id)} aria-label={`Preview ${fieldset.name}`}>
                Preview
              </Button>
            }
          />
        ))}
      </SetupList>
    );
  }

  const problem = tooBig ?? (upload.isError ? errorText(upload.error) : null);
  return (
    <SectionCard title="Onboarding fieldsets">
      <Stack spacing={1}>
        <Typography color="text.secondary">
          The details form a joiner fills in. A file with the name of a fieldset already here replaces it for joiners
          invited afterwards.
        </Typography>
        {list}
        {problem && (
          <Alert severity="error" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {problem}
          </Alert>
        )}
        <div>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            loading={upload.isPending}
            loadingPosition="start"
            onClick={() => input.current?.click()}
          >
            Upload fieldset
          </Button>
          <Box
            component="input"
            ref={input}
            type="file"
            accept={FIELDSET_ACCEPT}
            aria-label="Fieldset file"
            onChange={(event) => void choose(event)}
            sx={visuallyHidden}
            tabIndex={-1}
          />
        </div>
      </Stack>
      {previewing && <FieldsetPreviewDialog fieldsetId={previewing} onClose={() => setPreviewing(null)} />}
    </SectionCard>
  );
}
