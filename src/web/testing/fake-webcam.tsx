import { useEffect, useImperativeHandle, type Ref } from 'react';

/** What the fake camera hands over as a screenshot. */
export const FAKE_SELFIE = 'data:image/jpeg;base64,c2VsZmll';

/** How the next fake camera behaves, and the props the last one got. */
export const fakeWebcam: { fails: boolean; lastProps: Record<string, unknown> | null } = {
  fails: false,
  lastProps: null,
};

interface FakeWebcamProps {
  ref?: Ref<{ getScreenshot: () => string | null }>;
  onUserMedia?: (stream: MediaStream) => void;
  onUserMediaError?: (error: string | DOMException) => void;
  /** The video element's first frame (react-webcam passes it on to the <video>). */
  onLoadedData?: () => void;
  [prop: string]: unknown;
}

/**
 * Stand-in for react-webcam in jsdom, which has no camera: it "streams" and shows a first frame at once (or fails when
 * `fakeWebcam.fails` is set) and its screenshot is FAKE_SELFIE. Use with
 * `vi.mock('react-webcam', () => import('<path>/testing/fake-webcam'))`.
 */
export default function FakeWebcam({ ref, onUserMedia, onUserMediaError, onLoadedData, ...props }: FakeWebcamProps) {
  fakeWebcam.lastProps = { onUserMedia, onUserMediaError, onLoadedData, ...props };
  useImperativeHandle(ref, () => ({ getScreenshot: () => FAKE_SELFIE }), []);
  useEffect(() => {
    if (fakeWebcam.fails) onUserMediaError?.(new DOMException('Permission denied', 'NotAllowedError'));
    else {
      onUserMedia?.({} as MediaStream);
      onLoadedData?.();
    }
    // Once, as the real camera asks once when it mounts.
  }, []);
  return <video aria-label={typeof props['aria-label'] === 'string' ? props['aria-label'] : 'Camera'} />;
}
