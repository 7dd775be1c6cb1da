import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'wouter';
import type { ConsoleMe } from '@shared/api/console/shared.js';
import type { DocumentTemplate } from '@shared/api/console/templates.js';
import type { PersonRow } from '@shared/api/console/people.js';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { errorText } from '@web/lib/error-text';
import { fieldHelp, useServerErrors } from '@web/lib/form-errors';
import { formatDisplayDate } from '@web/lib/format-date';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';
import { showNotification } from '@web/stores/notification-store';
import { useArchiveTemplate } from '../api/archive-template';
import { useTemplates } from '@web/features/console/shared/api/get-templates';
import { usePreviewTemplate } from '../api/preview-template';
import { useUploadTemplate } from '../api/upload-template';
import { KIND_LABELS } from '@web/features/console/shared/lib/documents-params';
import { DocumentPreview } from '@web/features/console/shared/components/document-preview';
import { PersonPicker } from '@web/features/console/shared/components/person-picker';
import { TemplateFileField, type TemplateFile } from '@web/features/console/shared/components/template-file-field';

type Kind = 'contract' | 'agreement';

interface UploadValues {
  name: string;
  kind: Kind;
  template: TemplateFile | null;
}

/**
 * "Upload a template" (HR): a name, the kind and the `.html` or `.pdf` file. The server's complaints
 * (unknown merge fields, no text, not a PDF, a name in use) show under their fields or above Upload;
 * what was typed stays when it fails, and the form empties once it is stored.
 */
function UploadTemplateForm() {
  const { control, handleSubmit, setError, reset } = useForm<UploadValues>({
    defaultValues: { name: '', kind: 'contract', template: null },
  });
  const upload = useUploadTemplate();
  // The file's complaints are short ("uses merge fields that do not exist"): the server's message, which names
  // them, shows above Upload too; only a complaint about the name says all there is.
  const server = useServerErrors(setError, ['name', 'template'], {
    aliases: { file_data: 'template' },
    explainedBy: ['name'],
  });
  const [name, file] = useWatch({ control, name: ['name', 'template'] });
  useUnsavedChanges(Boolean(name.trim() || file));

  const submit = handleSubmit((values) => {
    if (!values.template || upload.isPending) return;
    server.clear();
    upload.mutate(
      { name: values.name.trim(), kind: values.kind, template: values.template },
      {
        onSuccess: (template) => {
          showNotification({ severity: 'success', message: `“${template.name}” is ready to issue.` });
          reset({ name: '', kind: values.kind, template: null });
        },
        onError: server.fail,
      },
    );
  });
  // A changed name or file is a new attempt: the old refusal no longer applies.
  const edited = server.clear;

  return (
    <Stack
      component="form"
      noValidate
      aria-label="Upload a template"
      spacing={2}
      onSubmit={(event) => void submit(event)}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2 }}>
        <Controller
          name="name"
          control={control}
          rules={{ validate: (value) => (value.trim() ? true : 'Enter a name for the template') }}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              onChange={(event) => {
                field.onChange(event);
                edited();
              }}
              label="Name"
              required
              {...fieldHelp(fieldState.error, 'What HR and managers choose it by, e.g. "Bar staff contract 2026"')}
              slotProps={{ htmlInput: { maxLength: 100 } }}
              fullWidth
            />
          )}
        />
        <Controller
          name="kind"
          control={control}
          render={({ field }) => (
            <TextField {...field} inputRef={field.ref} select label="Kind" fullWidth>
              <MenuItem value="contract">{KIND_LABELS.contract}</MenuItem>
              <MenuItem value="agreement">{KIND_LABELS.agreement}</MenuItem>
            </TextField>
          )}
        />
      </Box>
      <Controller
        name="template"
        control={control}
        rules={{ validate: (value) => (value ? true : 'Choose the .html or .pdf file') }}
        render={({ field, fieldState }) => (
          <TemplateFileField
            value={field.value}
            onChange={(next) => {
              field.onChange(next);
              edited();
            }}
            error={fieldState.error?.message}
          />
        )}
      />
      <Typography variant="body2" color="text.secondary">
        HTML templates may use the merge fields {'{{forename}}'}, {'{{surname}}'}, {'{{full_name}}'}, {'{{known_as}}'},{' '}
        {'{{email_address}}'}, {'{{position}}'}, {'{{venue}}'}, {'{{start_date}}'}, {'{{today}}'} and {'{{company}}'};
        scripts, styles and pictures are taken out. A PDF is sent as it is.
      </Typography>
      {server.problem && (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          {server.problem}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<UploadIcon />}
          loading={upload.isPending}
          loadingPosition="start"
        >
          Upload template
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * "Preview": choose a person, then the template as they will see it. A refusal (the server names no field of this
 * form) shows in the footer's alert, the person chosen kept.
 */
function PreviewDialog({ template, onClose }: { template: DocumentTemplate; onClose: () => void }) {
  const { control, handleSubmit, setError } = useForm<{ person: PersonRow | null }>({
    defaultValues: { person: null },
  });
  const server = useServerErrors(setError, []);
  const person = useWatch({ control, name: 'person' });
  const preview = usePreviewTemplate();
  const show = handleSubmit((values) => {
    server.clear();
    if (values.person) preview.mutate({ templateId: template.id, staffId: values.person.id }, { onError: server.fail });
  });
  return (
    <ModalDialog
      open
      title={`Preview: ${template.name}`}
      onClose={onClose}
      onSave={() => void show()}
      saveLabel="Preview"
      saving={preview.isPending}
      problem={server.problem}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Controller
          name="person"
          control={control}
          rules={{ validate: (value) => (value ? true : 'Choose whom to preview it for') }}
          render={({ field, fieldState }) => (
            <PersonPicker
              label="Preview for"
              value={field.value}
              onChange={(next) => {
                field.onChange(next);
                // Another person is a new preview: the old one, or its refusal, no longer applies.
                server.clear();
                preview.reset();
              }}
              error={fieldState.error?.message}
              helperText="Their details fill in the merge fields"
            />
          )}
        />
        {preview.isSuccess && person && <DocumentPreview preview={preview.data} person={person.name} />}
      </Stack>
    </ModalDialog>
  );
}

/** Archive after a confirmation: no longer offered; documents issued from it keep their own copy. */
function ArchiveDialog({ template, onClose }: { template: DocumentTemplate; onClose: () => void }) {
  const archive = useArchiveTemplate();
  const confirm = () =>
    archive.mutate(template.id, {
      onSuccess: () => {
        showNotification({ severity: 'success', message: `“${template.name}” is archived.` });
        onClose();
      },
    });
  return (
    <ModalDialog
      open
      title="Archive template?"
      onClose={onClose}
      onSave={confirm}
      saveLabel="Archive"
      saving={archive.isPending}
      problem={archive.isError ? errorText(archive.error) : null}
    >
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        “{template.name}” will no longer be offered when issuing or inviting. Documents already sent from it stay as
        they are.
      </Typography>
    </ModalDialog>
  );
}

/** One template: name, kind, HTML or PDF, who uploaded it and when; Preview, and Archive for HR. */
function TemplateCard({
  template,
  hr,
  onPreview,
  onArchive,
}: {
  template: DocumentTemplate;
  hr: boolean;
  onPreview: () => void;
  onArchive: () => void;
}) {
  return (
    <Card component="article" variant="outlined" aria-label={template.name}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>{template.name}</Typography>
          {template.archived_at && <Chip size="small" variant="outlined" label="Archived" />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {KIND_LABELS[template.kind]} · {template.type === 'pdf' ? 'PDF, sent as it is' : 'HTML with merge fields'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {template.filename} · uploaded {formatDisplayDate(template.created_at)}
          {template.created_by ? ` by ${template.created_by}` : ''}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={onPreview}>
          Preview
        </Button>
        {hr && !template.archived_at && (
          <Button color="error" onClick={onArchive}>
            Archive
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/**
 * Document templates (docs/product.md#document-templates): for HR, "Upload a template"; for everyone with
 * a console role, the stored contract and agreement templates, each to preview for a chosen person as
 * they will see it; HR archives them and may show the archived ones.
 */
export function TemplatesPage({ consoleMe }: { consoleMe: ConsoleMe }) {
  const hr = consoleMe.role === 'hr';
  const [archived, setArchived] = useState(false);
  const templates = useTemplates(hr && archived);
  const [previewing, setPreviewing] = useState<DocumentTemplate | null>(null);
  const [archiving, setArchiving] = useState<DocumentTemplate | null>(null);
  const uploadId = useId();
  const listId = useId();

  let content;
  if (templates.isError && !templates.data) {
    content = <QueryErrorAlert error={templates.error} onRetry={() => void templates.refetch()} />;
  } else if (!templates.data) {
    content = <Spinner />;
  } else if (templates.data.length === 0) {
    content = (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>No templates yet</Typography>
        <Typography color="text.secondary">
          {hr ? 'Upload one above to issue it to many people at once.' : 'HR uploads the templates you can issue.'}
        </Typography>
      </Paper>
    );
  } else {
    content = (
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          gap: 2,
        }}
      >
        {templates.data.map((template) => (
          <TemplateCard
            key={template.id}
            template={template}
            hr={hr}
            onPreview={() => setPreviewing(template)}
            onArchive={() => setArchiving(template)}
          />
        ))}
      </Box>
    );
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, sm: 3 } }}>
      <Button component={RouterLink} href="/admin/documents" startIcon={<ArrowBackIcon />} sx={{ ml: -1, mb: 1 }}>
        Documents
      </Button>
      <Stack spacing={{ xs: 2, sm: 3 }}>
        <div>
          <Typography component="h1" variant="h1">
            Templates
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Contracts and agreements to issue from the Documents screen or with an invitation.
          </Typography>
        </div>
        {hr && (
          <Card component="section" aria-labelledby={uploadId}>
            <CardContent>
              <Typography id={uploadId} component="h2" variant="h2" sx={{ mb: 2 }}>
                Upload a template
              </Typography>
              <UploadTemplateForm />
            </CardContent>
          </Card>
        )}
        <Stack component="section" aria-labelledby={listId} spacing={1.5}>
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
          >
            <Typography id={listId} component="h2" variant="h2">
              Stored templates
            </Typography>
            {hr && (
              <FormControlLabel
                control={<Switch checked={archived} onChange={(event) => setArchived(event.target.checked)} />}
                label="Show archived"
              />
            )}
          </Stack>
          {content}
        </Stack>
      </Stack>
      {previewing && <PreviewDialog template={previewing} onClose={() => setPreviewing(null)} />}
      {archiving && <ArchiveDialog template={archiving} onClose={() => setArchiving(null)} />}
    </Container>
  );
}
