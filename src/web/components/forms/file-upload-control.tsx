import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import visuallyHidden from '@mui/utils/visuallyHidden';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef, useState, type ChangeEvent } from 'react';
import type { StoredFile } from '@shared/api/files.js';
import { DOCUMENT_ACCEPT, MAX_UPLOAD_BYTES } from '@shared/upload-rules.js';
import type { Translate } from '@web/i18n/i18n';
import { isApiError } from '@web/lib/api-error';
import { inMemberLanguage } from '@web/lib/error-text';
import { useCommonFormsT } from './i18n';

/**
 * The text under the control for a failed upload (docs/product.md#files): 'Something went wrong, please
 * try again', then the
 * server's reason when it refused the file (a 4xx answer's `errors.message`, such as 'That type of file
 * is not accepted. Upload one of: PDF, JPG, PNG, WEBP.'), so nobody retries a file that cannot go.
 * A call with no answer, or a fault on the server's side, has no reason about the file to add.
 */
function uploadFailedText(error: unknown, t: Translate): string {
  const answer = isApiError(error) ? error.response : undefined;
  if (!answer || answer.status < 400 || answer.status > 499) return t('common.forms.uploadFailed');
  const reason = (answer.data as { errors?: { message?: unknown } } | undefined)?.errors?.message;
  return typeof reason === 'string' && reason.trim()
    ? t('common.forms.uploadRefused', { reason: inMemberLanguage(reason.trim(), error) })
    : t('common.forms.uploadFailed');
}

/** Height of the control (docs/product.md#files): 40 px small, 56 px otherwise. */
const HEIGHT = { small: 40, medium: 56 } as const;

export interface FileUploadControlProps {
  /** Visible label; the hidden file input is labelled 'Upload <label>'. */
  label: string;
  /** The uploaded file (docs/product.md#files: the stored file object), or null. */
  value: StoredFile | null;
  onChange: (value: StoredFile | null) => void;
  /** Sends the file and answers the stored file; a rejection counts as a failed upload. */
  upload: (file: File) => Promise<StoredFile>;
  required?: boolean;
  /** An error from the server about this field, shown under it. */
  error?: string | null;
  size?: 'small' | 'medium';
  accept?: string;
  /** Largest file sent, in bytes; bigger ones are refused before uploading. */
  maxBytes?: number;
  name?: string;
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/**
 * The file upload control (docs/product.md#files): empty (a 'Choose file' button), uploading (a spinner), then
 * uploaded (the file name, disabled, with 'Replace', which clears the value). A failed upload
 * shows 'Something went wrong, please try again', with the server's reason when it refused the file
 * (uploadFailedText), and sets the value to null (docs/product.md#files); a file over
 * `maxBytes` is refused with its own message without being sent.
 */
export function FileUploadControl({
  label,
  value,
  onChange,
  upload,
  required = false,
  error,
  size = 'medium',
  accept = DOCUMENT_ACCEPT,
  maxBytes = MAX_UPLOAD_BYTES,
  name,
}: FileUploadControlProps) {
  const t = useCommonFormsT();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = () => inputRef.current?.click();

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > maxBytes) {
      setProblem(t('common.forms.tooLarge', { file: file.name, size: megabytes(maxBytes) }));
      return;
    }
    setProblem(null);
    setUploading(file.name);
    try {
      onChange(await upload(file));
    } catch (err) {
      setProblem(uploadFailedText(err, t));
      onChange(null);
    } finally {
      setUploading(null);
    }
  };

  const replace = () => {
    setProblem(null);
    onChange(null);
  };

  const helperText = problem ?? error ?? undefined;
  const height = HEIGHT[size];

  return (
    <Box sx={{ position: 'relative' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={label}
          name={name}
          required={required}
          size={size}
          fullWidth
          value={value?.original_filename ?? uploading ?? ''}
          placeholder={t('common.forms.noFile')}
          disabled={value !== null}
          error={Boolean(helperText)}
          helperText={helperText}
          onClick={value === null && uploading === null ? choose : undefined}
          slotProps={{
            inputLabel: { shrink: true },
            input: {
              readOnly: true,
              startAdornment:
                uploading !== null ? (
                  <CircularProgress
                    size={20}
                    aria-label={t('common.forms.uploading', { file: uploading })}
                    sx={{ mr: 1, flexShrink: 0 }}
                  />
                ) : undefined,
            },
          }}
        />
        {value !== null ? (
          <Button variant="outlined" onClick={replace} sx={{ height, flexShrink: 0 }}>
            {t('common.forms.replace')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            onClick={choose}
            disabled={uploading !== null}
            startIcon={<UploadFileIcon />}
            sx={{ height, flexShrink: 0 }}
          >
            {t('common.forms.chooseFile')}
          </Button>
        )}
      </Stack>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        aria-label={t('common.forms.upload', { label })}
        tabIndex={-1}
        disabled={value !== null || uploading !== null}
        onChange={(event) => void handleFile(event)}
        style={visuallyHidden}
      />
    </Box>
  );
}
