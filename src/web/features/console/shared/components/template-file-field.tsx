import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useId, useState, type ChangeEvent } from 'react';
import { MAX_UPLOAD_BYTES } from '@shared/upload-rules.js';
import { readFileAsDataUrl } from '@web/lib/read-file-as-data-url';

/** A template file as the console sends it: its name and its bytes as a base64 data URL. */
export interface TemplateFile {
  filename: string;
  file_data: string;
}

/** What a template file may be (docs/product.md#document-templates). */
export const TEMPLATE_ACCEPT = '.html,.htm,.pdf,text/html,application/pdf';

/**
 * Choose an `.html` or `.pdf` template file from the device (docs/product.md#document-templates): read in
 * the browser and kept with the form until it is sent, its name shown. A file of another type or over
 * 10 MB is refused here, in words, without being sent; the server checks it again.
 */
export function TemplateFileField({
  value,
  onChange,
  error,
}: {
  value: TemplateFile | null;
  onChange: (file: TemplateFile | null) => void;
  error?: string;
}) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!/\.(html?|pdf)$/i.test(file.name)) {
      setProblem('Choose an .html or a .pdf file.');
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setProblem('The file is too large: 10 MB at most.');
      return;
    }
    setProblem(null);
    try {
      onChange({ filename: file.name, file_data: await readFileAsDataUrl(file) });
    } catch {
      setProblem('The file could not be read. Please choose it again.');
    }
  };

  const shown = problem ?? error;
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon />}>
          {value ? 'Choose another file' : 'Choose file'}
        </Button>
        <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }} color={value ? 'text.primary' : 'text.secondary'}>
          {value ? value.filename : 'An .html template or a .pdf'}
        </Typography>
        <input
          id={inputId}
          type="file"
          accept={TEMPLATE_ACCEPT}
          aria-label="Template file"
          style={visuallyHidden}
          onChange={(event) => void choose(event)}
        />
      </Stack>
      {shown && <FormHelperText error>{shown}</FormHelperText>}
    </Stack>
  );
}
