import PreviewIcon from '@mui/icons-material/Preview';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { PersonRow } from '@shared/api/console/people.js';
import type { PreviewDocumentBody } from '@shared/api/console/documents.js';
import { fieldHelp, useServerErrors } from '@web/lib/form-errors';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';
import { useTemplates } from '@web/features/console/shared/api/get-templates';
import { useIssueDocuments, type IssuedDocument } from '../api/issue-documents';
import { usePreviewDocument } from '../api/preview-document';
import { KIND_LABELS } from '@web/features/console/shared/lib/documents-params';
import { DocumentPreview } from '@web/features/console/shared/components/document-preview';
import { IssuedResults } from './issued-results';
import { PersonPicker } from '@web/features/console/shared/components/person-picker';
import { TemplateFileField, type TemplateFile } from '@web/features/console/shared/components/template-file-field';

type Kind = 'contract' | 'agreement';

interface Values {
  kind: Kind;
  /** A stored template's id, UPLOAD for a file from the device, or empty. */
  source: string;
  file: TemplateFile | null;
  people: PersonRow[];
  title: string;
  /** Whom the preview is for, when several are chosen (the first unless chosen). */
  previewFor: string;
}
/** The template select's entry for a file from the device rather than a stored template. */
const UPLOAD = 'upload';

/** The template part of a preview or issue body: the stored template's id, or the uploaded file. */
function templateChoice(
  source: string,
  file: TemplateFile | null,
): Pick<PreviewDocumentBody, 'template' | 'template_id'> | null {
  if (source === UPLOAD) return file ? { template: file } : null;
  return source ? { template_id: source } : null;
}

/**
 * "Issue a document" (docs/product.md#console-documents): the kind, a stored template of that kind (or an
 * uploaded `.html` / `.pdf`), one or many people the console may see, an optional title; then Preview
 * for one of them, showing the merged text in the signing page's viewer; then Send, enabled once what
 * is about to go was previewed (changing the kind, template or title asks for a new preview). The
 * answer lists each person's link and whether the email went. The form keeps what was chosen when
 * sending fails.
 */
export function IssueDocumentForm({ onDone }: { onDone: () => void }) {
  const { control, handleSubmit, setError, setValue, clearErrors } = useForm<Values>({
    defaultValues: { kind: 'contract', source: '', file: null, people: [], title: '', previewFor: '' },
  });
  const [kind, source, file, people, previewFor] = useWatch({
    control,
    name: ['kind', 'source', 'file', 'people', 'previewFor'],
  });
  const [sent, setSent] = useState<{ results: IssuedDocument[]; people: PersonRow[] } | null>(null);
  const templates = useTemplates();
  const preview = usePreviewDocument();
  const issue = useIssueDocuments();
  // The body's names for the template and the people show under the form's own fields.
  const server = useServerErrors(setError, ['source', 'people'], {
    aliases: { template_id: 'source', template: 'source', staff_ids: 'people' },
  });
  const kindLabelId = useId();
  useUnsavedChanges(!sent && (people.length > 0 || Boolean(file) || Boolean(source)));

  const ofKind = (templates.data ?? []).filter((template) => template.kind === kind);
  const shownFor = people.find((person) => person.id === previewFor) ?? people[0] ?? null;
  const previewed =
    preview.isSuccess &&
    preview.variables?.staff_id !== undefined &&
    people.some((person) => person.id === preview.variables.staff_id);

  // What is about to go changed: the preview no longer shows it, and an old refusal no longer applies.
  const changed = () => {
    preview.reset();
    issue.reset();
    server.clear();
  };

  const showPreview = handleSubmit((values) => {
    const choice = templateChoice(values.source, values.file);
    if (!choice || !shownFor) return;
    issue.reset();
    server.clear();
    preview.mutate(
      { kind: values.kind, staff_id: shownFor.id, title: values.title.trim() || undefined, ...choice },
      { onError: server.fail },
    );
  });
  const send = handleSubmit((values) => {
    const choice = templateChoice(values.source, values.file);
    if (!choice || issue.isPending) return;
    server.clear();
    const chosen = values.people;
    issue.mutate(
      {
        kind: values.kind,
        staff_ids: chosen.map((person) => person.id),
        title: values.title.trim() || undefined,
        ...choice,
      },
      { onSuccess: (results) => setSent({ results, people: chosen }), onError: server.fail },
    );
  });

  if (sent) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">
          {sent.results.length === 1 ? 'Sent to 1 person.' : `Sent to ${sent.results.length} people.`} Each has their
          own link to read and sign.
        </Alert>
        <IssuedResults results={sent.results} people={sent.people} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="contained" onClick={onDone}>
            Done
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Stack
      spacing={2.5}
      component="form"
      noValidate
      aria-label="Issue a document"
      onSubmit={(event) => event.preventDefault()}
    >
      <Box>
        <FormLabel id={kindLabelId}>Kind</FormLabel>
        <Controller
          name="kind"
          control={control}
          render={({ field }) => (
            <RadioGroup
              row
              aria-labelledby={kindLabelId}
              name={field.name}
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value as Kind);
                // A stored template is of one kind: choose again.
                if (source !== UPLOAD) setValue('source', '');
                changed();
              }}
            >
              {(['contract', 'agreement'] as const).map((each) => (
                <FormControlLabel key={each} value={each} control={<Radio />} label={KIND_LABELS[each]} />
              ))}
            </RadioGroup>
          )}
        />
      </Box>
      <Controller
        name="source"
        control={control}
        // One rule for the template and the file: which to ask for depends on the choice.
        rules={{
          validate: (value, values) =>
            templateChoice(value, values.file)
              ? true
              : value === UPLOAD
                ? 'Choose the file to send'
                : 'Choose a template',
        }}
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Template"
            name={field.name}
            inputRef={field.ref}
            value={field.value}
            onChange={(event) => {
              field.onChange(event.target.value);
              changed();
            }}
            onBlur={field.onBlur}
            {...fieldHelp(
              field.value !== UPLOAD ? fieldState.error : undefined,
              field.value !== UPLOAD && templates.isError
                ? 'The stored templates could not be loaded: upload a file instead.'
                : undefined,
            )}
            fullWidth
          >
            {ofKind.map((template) => (
              <MenuItem key={template.id} value={template.id}>
                {template.name} ({template.type === 'pdf' ? 'PDF' : 'HTML'})
              </MenuItem>
            ))}
            <MenuItem value={UPLOAD}>Upload a file (.html or .pdf)</MenuItem>
          </TextField>
        )}
      />
      {source === UPLOAD && (
        <Controller
          name="file"
          control={control}
          render={({ field, formState }) => (
            <TemplateFileField
              value={field.value}
              onChange={(next) => {
                field.onChange(next);
                // The file answers the template's complaint.
                clearErrors('source');
                changed();
              }}
              error={formState.errors.source?.message}
            />
          )}
        />
      )}
      <Controller
        name="people"
        control={control}
        rules={{ validate: (value) => (value.length > 0 ? true : 'Choose at least one person') }}
        render={({ field, fieldState }) => (
          <PersonPicker
            multiple
            label="People"
            value={field.value}
            onChange={(next) => {
              field.onChange(next);
              issue.reset();
              if (issue.isError) server.clear();
            }}
            error={fieldState.error?.message}
            helperText="Search by name or email; choose as many as need it"
          />
        )}
      />
      <Controller
        name="title"
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            onChange={(event) => {
              field.onChange(event);
              changed();
            }}
            label="Title"
            helperText="Optional: the template's own title or name when left empty"
            slotProps={{ htmlInput: { maxLength: 200 } }}
            fullWidth
          />
        )}
      />
      {people.length > 1 && (
        <Controller
          name="previewFor"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label="Preview for"
              name={field.name}
              value={shownFor?.id ?? ''}
              onChange={(event) => field.onChange(event.target.value)}
              fullWidth
            >
              {people.map((person) => (
                <MenuItem key={person.id} value={person.id}>
                  {person.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      {server.problem && (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          {server.problem}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          startIcon={<PreviewIcon />}
          onClick={() => void showPreview()}
          loading={preview.isPending}
          loadingPosition="start"
        >
          Preview
        </Button>
        <Button
          variant="contained"
          startIcon={<SendIcon />}
          onClick={() => void send()}
          disabled={!previewed}
          loading={issue.isPending}
          loadingPosition="start"
        >
          {people.length > 1 ? `Send to ${people.length} people` : 'Send'}
        </Button>
      </Stack>
      {!previewed && !preview.isPending && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: { sm: 'right' } }}>
          Preview it first: Send is ready once you have seen what they will get.
        </Typography>
      )}
      {preview.isSuccess && preview.variables && (
        <DocumentPreview
          preview={preview.data}
          person={people.find((person) => person.id === preview.variables.staff_id)?.name ?? 'they'}
        />
      )}
    </Stack>
  );
}
