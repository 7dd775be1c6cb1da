import Box from '@mui/material/Box';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import SignatureCanvasModule from 'react-signature-canvas';
import { useSigningT } from './i18n';
import { SIGNATURE_PAD } from './signature-settings';
import { trimmedPngDataUrl } from './trim-signature';

// In a Vite production build the CommonJS default export arrives wrapped as `{ default }`.
const SignatureCanvas =
  (SignatureCanvasModule as unknown as { default?: typeof SignatureCanvasModule }).default ?? SignatureCanvasModule;

/** What the owner of a pad can do with it. */
export interface SignaturePadHandle {
  /** Wipes the pad (and reports `onChange(false)`). */
  clear: () => void;
  /** The signature as a PNG data URL with blank margins trimmed; null while the pad is empty. */
  toDataUrl: () => string | null;
}

export interface SignaturePadProps {
  ref?: Ref<SignaturePadHandle>;
  /** Called after every stroke and on clear with whether a signature exists. */
  onChange: (hasSignature: boolean) => void;
  /** Stops drawing (e.g. while the signature is being sent). */
  disabled?: boolean;
}

/** Sizes the canvas bitmap to its CSS box times the device pixel ratio, so strokes stay sharp. */
function fitCanvas(canvas: HTMLCanvasElement) {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  canvas.width = canvas.offsetWidth * ratio;
  canvas.height = canvas.offsetHeight * ratio;
  canvas.getContext('2d')?.scale(ratio, ratio);
}

/**
 * The signature pad (docs/product.md#documents signature, settings): a canvas 400 x 100 CSS pixels, or the width
 * of a narrower container, drawn with mouse or finger. The bitmap follows width changes (rotating a
 * phone) and redraws the strokes; height-only resizes, such as a phone's address bar sliding away
 * while scrolling, leave the signature alone.
 */
export function SignaturePad({ ref, onChange, disabled = false }: SignaturePadProps) {
  const padRef = useRef<InstanceType<typeof SignatureCanvasModule> | null>(null);
  const t = useSigningT();

  useImperativeHandle(
    ref,
    () => ({
      clear: () => {
        padRef.current?.clear();
        onChange(false);
      },
      toDataUrl: () => {
        const pad = padRef.current;
        if (!pad || pad.isEmpty()) return null;
        return trimmedPngDataUrl(pad.getCanvas());
      },
    }),
    [onChange],
  );

  useEffect(() => {
    const pad = padRef.current;
    if (!pad || typeof ResizeObserver === 'undefined') return;
    const canvas = pad.getCanvas();
    let width = canvas.offsetWidth;
    const observer = new ResizeObserver(() => {
      if (canvas.offsetWidth === width || canvas.offsetWidth === 0) return;
      width = canvas.offsetWidth;
      const strokes = pad.toData();
      fitCanvas(canvas);
      pad.clear();
      if (strokes.length > 0) pad.fromData(strokes);
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  return (
    <Box
      sx={{
        width: '100%',
        maxWidth: SIGNATURE_PAD.width,
        pointerEvents: disabled ? 'none' : undefined,
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <SignatureCanvas
        ref={padRef}
        clearOnResize={false}
        minWidth={SIGNATURE_PAD.minWidth}
        maxWidth={SIGNATURE_PAD.maxWidth}
        velocityFilterWeight={SIGNATURE_PAD.velocityFilterWeight}
        throttle={SIGNATURE_PAD.throttle}
        minDistance={SIGNATURE_PAD.minDistance}
        penColor={SIGNATURE_PAD.penColor}
        backgroundColor={SIGNATURE_PAD.backgroundColor}
        onEnd={() => onChange(!(padRef.current?.isEmpty() ?? true))}
        canvasProps={{
          'aria-label': t('signing.pad'),
          role: 'img',
          style: {
            display: 'block',
            width: '100%',
            height: SIGNATURE_PAD.height,
            touchAction: 'none',
            cursor: 'crosshair',
          },
        }}
      />
    </Box>
  );
}
