import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import type { StoredFile } from '@shared/api/files.js';
import { FileUploadControl } from '@web/components/forms/file-upload-control';
import { SURVEY_PHOTO_ACCEPT, uploadSurveyPhoto } from '../api/upload-survey-photo';
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
 * a local preview address of the photo (an object URL, so the answer stays small) and the stored
 * file. The photo shows under the control once uploaded.
 */
export function PhotoQuestion({ label, name, value, onChange, required, error }: PhotoQuestionProps) {
  // The preview of the last upload, until the control hands over its stored file.
  const uploaded = useRef<{ id: string; uri: string } | null>(null);
  const uri = value?.uri ?? '';

  // Free a preview once it is no longer the answer (replaced, or the survey left).
  useEffect(() => {
    if (!uri.startsWith('blob:')) return undefined;
    return () => URL.revokeObjectURL(uri);
  }, [uri]);

  const upload = async (file: File): Promise<StoredFile> => {
    const stored = await uploadSurveyPhoto(file);
    uploaded.current = { id: stored.id, uri: URL.createObjectURL(file) };
    return stored;
  };

  const change = (stored: StoredFile | null) => {
    if (!stored) {
      onChange(null);
      return;
    }
    const preview = uploaded.current?.id === stored.id ? uploaded.current.uri : '';
    uploaded.current = null;
    onChange({ uri: preview, data: stored });
  };

  return (
    <>
      <FileUploadControl
        label={label}
        name={name}
        value={value?.data ?? null}
        onChange={change}
        upload={upload}
        accept={SURVEY_PHOTO_ACCEPT}
        required={required}
        error={error}
      />
      {uri && (
        <Box
          component="img"
          src={uri}
          alt={`Your photo for ${label}`}
          sx={{ display: 'block', mt: 1.5, maxWidth: '100%', maxHeight: 260, objectFit: 'contain', borderRadius: 1, border: 1, borderColor: 'divider' }}
        />
      )}
    </>
  );
}
