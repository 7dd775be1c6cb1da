import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import WebcamModule from 'react-webcam';
import { useDetailsT } from '../i18n';
import {
  SELFIE_MIN_SCREENSHOT_HEIGHT,
  SELFIE_PREVIEW_MAX_PX,
  SELFIE_SCREENSHOT_FORMAT,
  SELFIE_VIDEO_CONSTRAINTS,
} from '../lib/selfie-capture';

// In a Vite production build the CommonJS default export may arrive wrapped as `{ default }`.
const Webcam = (WebcamModule as unknown as { default?: typeof WebcamModule }).default ?? WebcamModule;

export interface SelfieCameraProps {
  /** The captured picture as a JPEG data URL. */
  onCapture: (image: string) => void;
  /** The camera cannot be used (no device, permission refused...). */
  onError: () => void;
}

/**
 * The front camera, mirrored, with a 'Capture' button (docs/product.md#my-details capture settings). Capture is
 * enabled once the first frame has arrived (the stream alone has no size yet, and a capture then gives
 * nothing); the stream stops when this leaves the screen.
 */
export default function SelfieCamera({ onCapture, onError }: SelfieCameraProps) {
  const webcam = useRef<InstanceType<typeof WebcamModule>>(null);
  const [ready, setReady] = useState(false);
  const t = useDetailsT();

  const capture = () => {
    const image = webcam.current?.getScreenshot();
    if (image) onCapture(image);
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Box
        sx={{
          width: '100%',
          maxWidth: SELFIE_PREVIEW_MAX_PX,
          aspectRatio: '1 / 1',
          bgcolor: 'grey.900',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <Webcam
          ref={webcam}
          audio={false}
          mirrored
          screenshotFormat={SELFIE_SCREENSHOT_FORMAT}
          videoConstraints={SELFIE_VIDEO_CONSTRAINTS}
          minScreenshotHeight={SELFIE_MIN_SCREENSHOT_HEIGHT}
          onUserMediaError={onError}
          onLoadedData={() => setReady(true)}
          aria-label={t('details.picture.camera')}
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      </Box>
      <Button variant="contained" startIcon={<PhotoCameraIcon />} onClick={capture} disabled={!ready}>
        {t('details.picture.capture')}
      </Button>
    </Stack>
  );
}
