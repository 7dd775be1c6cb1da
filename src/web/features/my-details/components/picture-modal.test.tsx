import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMember } from '@shared/api/my-details.js';
import { SELFIE_LOCKED_NOTE } from '@shared/constants.js';
import { MAX_SELFIE_BYTES } from '@shared/upload-rules.js';
import { api } from '@web/lib/api-client';
import { ME_QUERY_KEY } from '@web/lib/me-query-key';
import { FAKE_SELFIE, fakeWebcam } from '@web/testing/fake-webcam';
import { httpError, ok } from '@web/testing/http';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import { MyDetails } from './my-details';

// jsdom has no camera: a stand-in streams at once (or fails) and "captures" FAKE_SELFIE.
vi.mock('react-webcam', () => import('@web/testing/fake-webcam'));

const SAVED = { data: { id: 'selfie-1', uri: '/api/staff/self-service/selfie/selfie-1' } };

async function openPicture(member: StaffMember = staffMember()) {
  const rendered = renderSignedIn((current) => <MyDetails staff={current} />, member);
  fireEvent.click(screen.getByRole('button', { name: /Profile Picture$/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Profile Picture' });
  return { ...rendered, dialog };
}

const button = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name });
const queryButton = (dialog: HTMLElement, name: string) => within(dialog).queryByRole('button', { name });

async function capture(dialog: HTMLElement) {
  fireEvent.click(button(dialog, 'Take Picture'));
  const captureButton = await within(dialog).findByRole('button', { name: 'Capture' });
  await waitFor(() => expect((captureButton as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(captureButton);
  return within(dialog).findByRole('img', { name: 'Preview of your picture' });
}

beforeEach(() => {
  fakeWebcam.fails = false;
  fakeWebcam.lastProps = null;
});
afterEach(cleanup);

describe('Profile Picture modal without a picture', () => {
  it("offers 'Take Picture' and 'Upload picture' with the guidelines, and no Save", async () => {
    const { dialog } = await openPicture();
    expect(button(dialog, 'Take Picture')).toBeTruthy();
    expect(button(dialog, 'Upload picture')).toBeTruthy();
    expect(within(dialog).getByText(/good lighting/)).toBeTruthy();
    expect(within(dialog).getByText(/in focus/)).toBeTruthy();
    expect(
      within(dialog).getByText(/must be of you, and you must be alone in it.*lose access to team\s+discount/),
    ).toBeTruthy();
    expect(queryButton(dialog, 'Save')).toBeNull();
    expect(button(dialog, 'Cancel')).toBeTruthy();
  });

  it('opens the front camera with the product capture settings', async () => {
    const { dialog } = await openPicture();
    fireEvent.click(button(dialog, 'Take Picture'));
    await within(dialog).findByRole('button', { name: 'Capture' });
    expect(fakeWebcam.lastProps).toMatchObject({
      screenshotFormat: 'image/jpeg',
      videoConstraints: { width: 800, height: 800, facingMode: 'user' },
      minScreenshotHeight: 800,
      mirrored: true,
      audio: false,
    });
    expect(within(dialog).getByText(/good lighting/)).toBeTruthy();
    expect(queryButton(dialog, 'Save')).toBeNull();
  });

  it("shows the capture in a preview with 'Save' and 'Take again'; 'Take again' goes back to the camera", async () => {
    const { dialog } = await openPicture();
    const preview = await capture(dialog);
    expect(preview.getAttribute('src')).toBe(FAKE_SELFIE);
    expect(button(dialog, 'Save')).toBeTruthy();
    fireEvent.click(button(dialog, 'Take again'));
    expect(within(dialog).queryByRole('img', { name: 'Preview of your picture' })).toBeNull();
    expect(queryButton(dialog, 'Save')).toBeNull();
    expect(await within(dialog).findByRole('button', { name: 'Capture' })).toBeTruthy();
  });

  it('saves the picture, updates the user and closes', async () => {
    const refreshed = staffMember({ selfie: SAVED });
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: refreshed }));
    const { dialog, queryClient } = await openPicture();
    await capture(dialog);
    fireEvent.click(button(dialog, 'Save'));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenCalledWith('/staff/self-service/image', { image_data: FAKE_SELFIE });
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(refreshed);
    expect(screen.getByRole('button', { name: 'View Profile Picture' })).toBeTruthy();
  });

  it('shows a failed save in an alert and keeps the preview', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(httpError(403, { errors: { message: SELFIE_LOCKED_NOTE } }));
    const { dialog } = await openPicture();
    await capture(dialog);
    fireEvent.click(button(dialog, 'Save'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(SELFIE_LOCKED_NOTE);
    expect(within(dialog).getByRole('img', { name: 'Preview of your picture' })).toBeTruthy();
  });

  it('says exactly why when the camera cannot be used, and still offers an upload', async () => {
    fakeWebcam.fails = true;
    const { dialog } = await openPicture();
    fireEvent.click(button(dialog, 'Take Picture'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      'We cannot access your camera at the moment. Either use a device with a camera, or check your permissions',
    );
    expect(queryButton(dialog, 'Capture')).toBeNull();
    expect(button(dialog, 'Upload picture')).toBeTruthy();
  });

  it('previews an uploaded JPEG or PNG; Take again goes back to the choice', async () => {
    const { dialog } = await openPicture();
    const input = within(dialog).getByLabelText('Upload picture') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/jpeg,image/png');
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' })] },
    });
    const preview = await within(dialog).findByRole('img', { name: 'Preview of your picture' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(button(dialog, 'Save')).toBeTruthy();
    fireEvent.click(button(dialog, 'Take again'));
    expect(button(dialog, 'Take Picture')).toBeTruthy();
  });

  it('refuses a file over the size limit before sending it', async () => {
    const post = vi.spyOn(api, 'post');
    const { dialog } = await openPicture();
    const big = new File([new Uint8Array(MAX_SELFIE_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(dialog).getByLabelText('Upload picture'), { target: { files: [big] } });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'That picture is too large: pictures can be up to 5 MB.',
    );
    expect(within(dialog).queryByRole('img', { name: 'Preview of your picture' })).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });
});

describe('Profile Picture modal with a saved picture', () => {
  it('shows the picture and the line-manager note, with no way to change it', async () => {
    const { dialog } = await openPicture(staffMember({ selfie: SAVED }));
    expect(within(dialog).getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toBe(SAVED.data.uri);
    expect(within(dialog).getByText(SELFIE_LOCKED_NOTE)).toBeTruthy();
    expect(queryButton(dialog, 'Save')).toBeNull();
    expect(queryButton(dialog, 'Take Picture')).toBeNull();
    expect(queryButton(dialog, 'Upload picture')).toBeNull();
    expect(within(dialog).queryByLabelText('Upload picture')).toBeNull();
    expect(button(dialog, 'Cancel')).toBeTruthy();
  });
});
