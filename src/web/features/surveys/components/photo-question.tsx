import Box from '@mui/material/Box';
import type { StoredFile } from '@shared/api/files.js';
import { fileOpenPath } from '@shared/file-paths.js';
import { FileUploadControl } from '@web/components/forms/file-upload-control';
import { SURVEY_PHOTO_ACCEPT, uploadSurveyPhoto } from '../api/upload-survey-photo';
import { useSurveyFormT } from '../i18n/form';
import type { FileAnswer } from '../lib/answers';

export interface PhotoQuestionProps {
  /** The question: the control's label; the hidden file input is 'Upload <label>'. */
  label: string;
  name: string;
  value: FileAnswer | null;
  onChange: (value: FileAnswer | null) => void;
  required?: boolean;
  error?: string;
}

/**
 * A file question (docs/product.md#surveys): the shared upload control sending the photo to
 * rest/image/upload-public (survey bucket; JPEG, PNG or WebP, 10 MB), answered as `{ uri, data }`:
 * the stored file and its stable server path (`fileOpenPath`), which signs a fresh address each time
 * it is opened, so the answer still opens after the survey is sent. The photo shows under the control
 * once uploaded.
 */
export function PhotoQuestion({ label, name, value, onChange, required, error }: PhotoQuestionProps) {
  const t = useSurveyFormT();
  const change = (stored: StoredFile | null) =>
    onChange(stored ? { uri: fileOpenPath(stored.id), data: stored } : null);

  return (
    <>
      <FileUploadControl
        label={label}
        name={name}
        value={value?.data ?? null}
        onChange={change}
        upload={uploadSurveyPhoto}
        accept={SURVEY_PHOTO_ACCEPT}
        required={required}
        error={error}
      />
      {value?.uri && (
        <Box
          component="img"
          src={value.uri}
          alt={t('survey.form.photoAlt', { question: label })}
          sx={{
            display: 'block',
            mt: 1.5,
            maxWidth: '100%',
            maxHeight: 260,
            objectFit: 'contain',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
        />
      )}
    </>
  );
}
