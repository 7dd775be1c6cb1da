import { useImperativeHandle, useState } from 'react';
import type { SignaturePadProps } from '@web/components/signing/signature-pad';

/** What the fake pad hands over as the signature. */
export const FAKE_SIGNATURE = 'data:image/png;base64,c2lnbmVk';

/**
 * Stand-in for the signature pad in jsdom, which has no canvas: a button labelled 'Signature pad'
 * that "draws" a signature when clicked. Use with
 * `vi.mock('<path>/components/signing/signature-pad', () => import('<path>/testing/fake-signature-pad'))`.
 */
export function SignaturePad({ ref, onChange, disabled }: SignaturePadProps) {
  const [signed, setSigned] = useState(false);
  useImperativeHandle(
    ref,
    () => ({
      clear: () => {
        setSigned(false);
        onChange(false);
      },
      toDataUrl: () => (signed ? FAKE_SIGNATURE : null),
    }),
    [onChange, signed],
  );
  return (
    <button
      type="button"
      aria-label="Signature pad"
      disabled={disabled}
      onClick={() => {
        setSigned(true);
        onChange(true);
      }}
    >
      Draw a signature
    </button>
  );
}
