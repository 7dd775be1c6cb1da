import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { lazy, Suspense, useRef, useState, type ChangeEvent } from 'react';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { errorText } from '@web/lib/error-text';
import { readFileAsDataUrl } from '@web/lib/read-file-as-data-url';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';
import { useSaveSelfie } from '../api/save-selfie';
import { useDetailsT } from '../i18n';
import { pictureFileProblem } from '../lib/check-picture-file';
import { SELFIE_FILE_ACCEPT, SELFIE_PREVIEW_MAX_PX } from '../lib/selfie-capture';
import type { DetailsModalProps } from './details-modal-props';
import { PictureGuidelines } from './picture-guidelines';
import { useSavedNotice } from './use-saved-notice';

// react-webcam arrives only when the camera is asked for.
const SelfieCamera = lazy(() => import('./selfie-camera'));

type PictureStep =
  { kind: 'choose' } | { kind: 'camera' } | { kind: 'preview'; image: string; from: 'camera' | 'upload' };

/** A picture at most 400 x 400 (docs/product.md#my-details), centred. */
function Picture({ src, alt }: { src: string; alt: string }) {
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      sx={{
        display: 'block',
        mx: 'auto',
        maxWidth: '100%',
        width: SELFIE_PREVIEW_MAX_PX,
        maxHeight: SELFIE_PREVIEW_MAX_PX,
        objectFit: 'contain',
        borderRadius: 1,
      }}
    />
  );
}

/**
 * The Profile Picture modal (docs/product.md#my-details, picture flow). With no picture: the guidelines, 'Take
 * Picture' (the camera, then 'Capture') and 'Upload picture' (a JPEG or PNG file within the size
 * limit). A captured or chosen picture goes to a preview with 'Save' and 'Take again'. A saved
 * picture is shown with the note that only the line manager can remove it, and cannot be changed
 * here (no Save). Save is offered in the preview only.
 */
export default function PictureModal({ open, staff, onClose }: DetailsModalProps) {
  const [step, setStep] = useState<PictureStep>({ kind: 'choose' });
  const [cameraFailed, setCameraFailed] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveSelfie();
  const notice = useSavedNotice();
  const t = useDetailsT();

  const saved = staff.selfie?.data.uri;
  // A picture taken or chosen but not saved keeps a new version of the app from reloading the page.
  useUnsavedChanges(open && step.kind === 'preview');

  const takePicture = () => {
    setCameraFailed(false);
    setFileProblem(null);
    setStep({ kind: 'camera' });
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = pictureFileProblem(file, t);
    setFileProblem(problem);
    if (problem) return;
    try {
      setStep({ kind: 'preview', image: await readFileAsDataUrl(file), from: 'upload' });
    } catch {
      setFileProblem(t('details.picture.unreadable'));
    }
  };

  const takeAgain = () => {
    save.reset();
    setStep(step.kind === 'preview' && step.from === 'camera' ? { kind: 'camera' } : { kind: 'choose' });
  };

  const submit = () => {
    if (step.kind !== 'preview') return;
    save.mutate(
      { image_data: step.image },
      {
        onSuccess: () => {
          notice(t('details.picture.savedNotice'));
          onClose();
        },
      },
    );
  };

  let content;
  if (saved) {
    content = (
      <Stack spacing={2}>
        <Picture src={saved} alt={t('details.picture.yours')} />
        <Alert severity="info">{t('details.picture.locked')}</Alert>
      </Stack>
    );
  } else if (step.kind === 'preview') {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        {save.isError && (
          <Alert severity="error" sx={{ overflowWrap: 'anywhere', alignSelf: 'stretch' }}>
            {errorText(save.error)}
          </Alert>
        )}
        <Picture src={step.image} alt={t('details.picture.preview')} />
        <Button variant="outlined" onClick={takeAgain} disabled={save.isPending}>
          {t('details.picture.takeAgain')}
        </Button>
      </Stack>
    );
  } else {
    content = (
      <Stack spacing={2}>
        <PictureGuidelines />
        {cameraFailed && <Alert severity="error">{t('details.picture.cameraUnavailable')}</Alert>}
        {fileProblem && <Alert severity="error">{fileProblem}</Alert>}
        {step.kind === 'camera' && (
          <Suspense fallback={<Spinner minHeight={SELFIE_PREVIEW_MAX_PX / 2} />}>
            <SelfieCamera
              onCapture={(image) => setStep({ kind: 'preview', image, from: 'camera' })}
              onError={() => {
                setCameraFailed(true);
                setStep({ kind: 'choose' });
              }}
            />
          </Suspense>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          {step.kind === 'choose' && (
            <Button variant="contained" startIcon={<PhotoCameraIcon />} onClick={takePicture}>
              {t('details.picture.take')}
            </Button>
          )}
          <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => fileInput.current?.click()}>
            {t('details.picture.upload')}
          </Button>
        </Stack>
        <input
          ref={fileInput}
          type="file"
          accept={SELFIE_FILE_ACCEPT}
          aria-label={t('details.picture.upload')}
          // The button above is what people and assistive technology use; this is its file picker.
          aria-hidden
          tabIndex={-1}
          onChange={(event) => void chooseFile(event)}
          style={visuallyHidden}
        />
      </Stack>
    );
  }

  return (
    <ModalDialog
      open={open}
      title={t('details.picture.title')}
      onClose={onClose}
      onSave={!saved && step.kind === 'preview' ? submit : undefined}
      saving={save.isPending}
    >
      {content}
    </ModalDialog>
  );
}
