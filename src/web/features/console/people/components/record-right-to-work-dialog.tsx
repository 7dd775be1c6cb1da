import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type {
  IdspDocument,
  RecordRightToWorkBody,
  RightToWorkFile,
  RightToWorkKind,
} from '@shared/api/console/right-to-work.js';
import { IDSP_DOCUMENT_LABELS, RIGHT_TO_WORK_KIND_LABELS } from '@shared/right-to-work';
import { DOCUMENT_ACCEPT } from '@shared/upload-rules';
import { ukToday } from '@shared/uk-today';
import { LazyDateField } from '@web/components/onboarding-fields/lazy-date-field';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { errorText } from '@web/lib/error-text';
import { formatDisplayDate } from '@web/lib/format-date';
import { fieldHelp, useServerErrors } from '@web/lib/form-errors';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';
import { showNotification } from '@web/stores/notification-store';
import { useRecordRightToWork } from '../api/record-right-to-work';
import { useUploadRightToWorkCopy } from '../api/upload-right-to-work-copy';

interface Values {
  kind: RightToWorkKind;
  share_code: string;
  idsp_document: IdspDocument | '';
  checked_on: string | null;
  time_limited: boolean;
  permission_expires_on: string | null;
  follow_up_on: string | null;
  file_ids: string[];
}
const FIELDS = [
  'kind',
  'share_code',
  'idsp_document',
  'checked_on',
  'permission_expires_on',
  'follow_up_on',
  'file_ids',
] as const;

/** The body of the record call from what was filled in: only the fields the kind of check has. */
export function recordBodyOf(values: Values): RecordRightToWorkBody {
  const limited = values.kind !== 'idsp' && values.time_limited;
  return {
    kind: values.kind,
    share_code: values.kind === 'home_office_online' ? values.share_code : undefined,
    idsp_document: values.kind === 'idsp' && values.idsp_document ? values.idsp_document : undefined,
    checked_on: values.checked_on ?? '',
    permission_expires_on: limited ? values.permission_expires_on : null,
    follow_up_on: limited ? values.follow_up_on : null,
    file_ids: values.file_ids,
  };
}

export interface RecordRightToWorkDialogProps {
  open: boolean;
  personId: string;
  name: string;
  /** The person's uploads a check may rest on. */
  copies: RightToWorkFile[];
  /** A follow-up check (the person has one already): said in the title. */
  followUp: boolean;
  onClose: () => void;
}

/**
 * Record a right-to-work check (docs/product.md#right-to-work-records): the kind of check (with the share
 * code of an online check, or the passport an identity service provider checked), its date, whether the
 * permission is time-limited (then its expiry and the follow-up date), and the copies it rests on,
 * chosen from the person's uploads or uploaded here. The server's refusals show under their fields;
 * what was filled in stays.
 */
export function RecordRightToWorkDialog({
  open,
  personId,
  name,
  copies,
  followUp,
  onClose,
}: RecordRightToWorkDialogProps) {
  const record = useRecordRightToWork(personId);
  const upload = useUploadRightToWorkCopy(personId);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { control, handleSubmit, setError, clearErrors, reset, setValue, getValues, formState } = useForm<Values>({
    defaultValues: {
      kind: 'manual_document',
      share_code: '',
      idsp_document: '',
      checked_on: ukToday(),
      time_limited: false,
      permission_expires_on: null,
      follow_up_on: null,
      file_ids: [],
    },
  });
  const server = useServerErrors(setError, FIELDS);
  const kind = useWatch({ control, name: 'kind' });
  const timeLimited = useWatch({ control, name: 'time_limited' });
  useUnsavedChanges(open && formState.isDirty);

  const submit = handleSubmit((values) => {
    server.clear();
    record.mutate(recordBodyOf(values), {
      onSuccess: () => {
        showNotification({ message: `Right-to-work check recorded for ${name}.`, severity: 'success' });
        reset();
        onClose();
      },
      onError: server.fail,
    });
  });
  const close = () => {
    server.clear();
    clearErrors();
    onClose();
  };
  const uploadCopy = (file: File | undefined) => {
    if (!file) return;
    setUploadProblem(null);
    upload.mutate(file, {
      onSuccess: (stored) => {
        setValue('file_ids', [...getValues('file_ids'), stored.id], { shouldDirty: true });
        clearErrors('file_ids');
      },
      onError: (error) => setUploadProblem(errorText(error)),
    });
  };

  return (
    <ModalDialog
      open={open}
      title={`${followUp ? 'Record a follow-up check' : 'Record a right-to-work check'} for ${name}`}
      onClose={close}
      onSave={() => void submit()}
      saveLabel="Record check"
      saving={record.isPending}
      saveDisabled={upload.isPending}
      problem={server.problem}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Controller
          name="kind"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              select
              label="Kind of check"
              required
              fullWidth
              {...fieldHelp(fieldState.error)}
            >
              {Object.entries(RIGHT_TO_WORK_KIND_LABELS).map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {kind === 'home_office_online' && (
          <Controller
            name="share_code"
            control={control}
            rules={{
              validate: (v) => (v.replace(/[\s-]/g, '').length === 9 ? true : 'Enter the 9-character share code'),
            }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                label="Share code"
                required
                fullWidth
                autoComplete="off"
                {...fieldHelp(fieldState.error, 'The code the person gave you, like W2X 4Y7 Z9A')}
                slotProps={{ htmlInput: { maxLength: 20, style: { textTransform: 'uppercase' } } }}
              />
            )}
          />
        )}
        {kind === 'idsp' && (
          <Controller
            name="idsp_document"
            control={control}
            rules={{ validate: (v) => (v ? true : 'Choose the passport that was checked') }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                select
                label="Passport checked"
                required
                fullWidth
                {...fieldHelp(fieldState.error, 'A provider can check British and Irish passports only')}
              >
                {Object.entries(IDSP_DOCUMENT_LABELS).map(([value, label]) => (
                  <MenuItem key={value} value={value}>
                    {label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        )}
        <Controller
          name="checked_on"
          control={control}
          rules={{ validate: (v) => (v ? true : 'Enter the date of the check') }}
          render={({ field, fieldState }) => (
            <LazyDateField
              label="Date of the check"
              name="checked_on"
              required
              maxDate="today"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        {kind !== 'idsp' && (
          <Controller
            name="time_limited"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label="Permission to work is time-limited"
              />
            )}
          />
        )}
        {kind !== 'idsp' && timeLimited && (
          <>
            <Controller
              name="permission_expires_on"
              control={control}
              rules={{ validate: (v) => (v ? true : 'Enter when the permission ends') }}
              render={({ field, fieldState }) => (
                <LazyDateField
                  label="Permission expires on"
                  name="permission_expires_on"
                  required
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              name="follow_up_on"
              control={control}
              rules={{ validate: (v) => (v ? true : 'Choose when to check again') }}
              render={({ field, fieldState }) => (
                <LazyDateField
                  label="Follow-up check on"
                  name="follow_up_on"
                  required
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message ?? undefined}
                />
              )}
            />
            <Typography variant="body2" color="text.secondary">
              Check again before the permission ends, or the person no longer has a right to work here.
            </Typography>
          </>
        )}
        <Controller
          name="file_ids"
          control={control}
          rules={{ validate: (v) => (v.length > 0 ? true : 'Choose or upload the copies the check rests on') }}
          render={({ field, fieldState }) => (
            <FormControl error={Boolean(fieldState.error)} component="fieldset" variant="standard">
              <FormLabel component="legend">Copies the check rests on</FormLabel>
              <FormGroup>
                {copies.length === 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                    {name} has uploaded no documents yet.
                  </Typography>
                )}
                {copies.map((copy) => (
                  <FormControlLabel
                    key={copy.id}
                    control={
                      <Checkbox
                        checked={field.value.includes(copy.id)}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked ? [...field.value, copy.id] : field.value.filter((id) => id !== copy.id),
                          )
                        }
                      />
                    }
                    label={
                      <span>
                        <Link href={copy.uri} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>
                          {copy.original_filename}
                        </Link>{' '}
                        <Typography component="span" variant="body2" color="text.secondary">
                          {formatDisplayDate(copy.created_at)}
                        </Typography>
                      </span>
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText>{fieldState.error?.message}</FormHelperText>
            </FormControl>
          )}
        />
        <div>
          <input
            ref={fileInput}
            type="file"
            accept={DOCUMENT_ACCEPT}
            hidden
            onChange={(e) => {
              uploadCopy(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button
            variant="outlined"
            startIcon={upload.isPending ? <CircularProgress size={18} /> : <UploadFileIcon />}
            disabled={upload.isPending}
            onClick={() => fileInput.current?.click()}
          >
            {upload.isPending ? 'Uploading…' : 'Upload a copy'}
          </Button>
          {uploadProblem && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {uploadProblem}
            </Alert>
          )}
        </div>
      </Stack>
    </ModalDialog>
  );
}
