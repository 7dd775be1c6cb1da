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
import type { PersonRow } from '@shared/api/console/people.js';
import type { PreviewDocumentBody } from '@shared/api/console/documents.js';
import { errorText } from '@web/lib/error-text';
import { fieldErrorsOf } from '@web/lib/field-errors';
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
/** The template select's entry for a file from the device rather than a stored template. */
const UPLOAD = 'upload';

/** The template part of a preview or issue body: the stored template's id, or the uploaded file. */
function templateChoice(source: string, file: TemplateFile | null): Pick<PreviewDocumentBody, 'template' | 'template_id'> | null {
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
  const [kind, setKind] = useState<Kind>('contract');
  const [source, setSource] = useState('');
  const [file, setFile] = useState<TemplateFile | null>(null);
  const [people, setPeople] = useState<PersonRow[]>([]);
  const [title, setTitle] = useState('');
  const [previewFor, setPreviewFor] = useState('');
  const [missing, setMissing] = useState<{ template?: string; people?: string }>({});
  const [sent, setSent] = useState<{ results: IssuedDocument[]; people: PersonRow[] } | null>(null);
  const templates = useTemplates();
  const preview = usePreviewDocument();
  const issue = useIssueDocuments();
  const kindLabelId = useId();
  useUnsavedChanges(!sent && (people.length > 0 || Boolean(file) || Boolean(source)));

  const ofKind = (templates.data ?? []).filter((template) => template.kind === kind);
  const choice = templateChoice(source, file);
  const shownFor = people.find((person) => person.id === previewFor) ?? people[0] ?? null;
  const previewed = preview.isSuccess && preview.variables?.staff_id !== undefined && people.some((person) => person.id === preview.variables.staff_id);
  const serverFields = { ...fieldErrorsOf(preview.error), ...fieldErrorsOf(issue.error) };
  const templateError = missing.template ?? serverFields.template_id ?? serverFields.template;
  const failure = issue.error ?? preview.error;
  const explained = failure && Object.keys(fieldErrorsOf(failure)).some((name) => ['template_id', 'template', 'staff_ids'].includes(name));

  // What is about to go changed: the preview no longer shows it.
  const changed = () => {
    preview.reset();
    issue.reset();
  };
  const check = (): boolean => {
    const next = { template: choice ? undefined : source === UPLOAD ? 'Choose the file to send' : 'Choose a template', people: people.length ? undefined : 'Choose at least one person' };
    setMissing(next);
    return !next.template && !next.people;
  };

  const showPreview = () => {
    if (!check() || !choice || !shownFor) return;
    issue.reset();
    preview.mutate({ kind, staff_id: shownFor.id, title: title.trim() || undefined, ...choice });
  };
  const send = () => {
    if (!check() || !choice || issue.isPending) return;
    const chosen = people;
    issue.mutate({ kind, staff_ids: chosen.map((person) => person.id), title: title.trim() || undefined, ...choice }, { onSuccess: (results) => setSent({ results, people: chosen }) });
  };

  if (sent) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">
          {sent.results.length === 1 ? 'Sent to 1 person.' : `Sent to ${sent.results.length} people.`} Each has their own link to read and sign.
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
    <Stack spacing={2.5} component="form" noValidate aria-label="Issue a document" onSubmit={(event) => event.preventDefault()}>
      <Box>
        <FormLabel id={kindLabelId}>Kind</FormLabel>
        <RadioGroup
          row
          aria-labelledby={kindLabelId}
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as Kind);
            // A stored template is of one kind: choose again.
            if (source !== UPLOAD) setSource('');
            changed();
          }}
        >
          {(['contract', 'agreement'] as const).map((each) => (
            <FormControlLabel key={each} value={each} control={<Radio />} label={KIND_LABELS[each]} />
          ))}
        </RadioGroup>
      </Box>
      <TextField
        select
        label="Template"
        value={source}
        onChange={(event) => {
          setSource(event.target.value);
          setMissing(({ template: _gone, ...rest }) => rest);
          changed();
        }}
        error={Boolean(templateError) && source !== UPLOAD}
        helperText={source !== UPLOAD ? (templateError ?? (templates.isError ? 'The stored templates could not be loaded: upload a file instead.' : undefined)) : undefined}
        fullWidth
      >
        {ofKind.map((template) => (
          <MenuItem key={template.id} value={template.id}>
            {template.name} ({template.type === 'pdf' ? 'PDF' : 'HTML'})
          </MenuItem>
        ))}
        <MenuItem value={UPLOAD}>Upload a file (.html or .pdf)</MenuItem>
      </TextField>
      {source === UPLOAD && (
        <TemplateFileField
          value={file}
          onChange={(next) => {
            setFile(next);
            setMissing(({ template: _gone, ...rest }) => rest);
            changed();
          }}
          error={templateError}
        />
      )}
      <PersonPicker
        multiple
        label="People"
        value={people}
        onChange={(next) => {
          setPeople(next);
          setMissing(({ people: _gone, ...rest }) => rest);
          issue.reset();
        }}
        error={missing.people ?? serverFields.staff_ids}
        helperText="Search by name or email; choose as many as need it"
      />
      <TextField
        label="Title"
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          changed();
        }}
        helperText="Optional: the template's own title or name when left empty"
        slotProps={{ htmlInput: { maxLength: 200 } }}
        fullWidth
      />
      {people.length > 1 && (
        <TextField select label="Preview for" value={shownFor?.id ?? ''} onChange={(event) => setPreviewFor(event.target.value)} fullWidth>
          {people.map((person) => (
            <MenuItem key={person.id} value={person.id}>
              {person.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {failure && !explained && (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          {errorText(failure)}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="outlined" startIcon={<PreviewIcon />} onClick={showPreview} loading={preview.isPending} loadingPosition="start">
          Preview
        </Button>
        <Button variant="contained" startIcon={<SendIcon />} onClick={send} disabled={!previewed} loading={issue.isPending} loadingPosition="start">
          {people.length > 1 ? `Send to ${people.length} people` : 'Send'}
        </Button>
      </Stack>
      {!previewed && !preview.isPending && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: { sm: 'right' } }}>
          Preview it first: Send is ready once you have seen what they will get.
        </Typography>
      )}
      {preview.isSuccess && preview.variables && (
        <DocumentPreview preview={preview.data} person={people.find((person) => person.id === preview.variables.staff_id)?.name ?? 'they'} />
      )}
    </Stack>
  );
}
