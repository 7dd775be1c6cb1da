import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredFile } from '@shared/api/files.js';
import { ApiError } from '@web/lib/api-error';
import { deferred } from '@web/testing/http';
import { FileUploadControl } from './file-upload-control';

const UPLOAD_FAILED_TEXT = 'Something went wrong, please try again';

const stored: StoredFile = {
  id: '5f0c8a8e-7a52-4b7c-9d0e-0b6a4c1f2e3d',
  original_filename: 'passport.pdf',
  size: 2048,
  content_type: 'application/pdf',
};

/** The control with its value held like a form holds it; `seen` records every value set. */
function Harness({
  upload,
  seen,
  maxBytes,
}: {
  upload: (file: File) => Promise<StoredFile>;
  seen: Array<StoredFile | null>;
  maxBytes?: number;
}) {
  const [value, setValue] = useState<StoredFile | null>(null);
  return (
    <FileUploadControl
      label="Passport"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
      upload={upload}
      required
      maxBytes={maxBytes}
    />
  );
}

const chooseFile = (file: File) =>
  fireEvent.change(screen.getByLabelText('Upload Passport'), { target: { files: [file] } });
const pdf = (name = 'passport.pdf', bytes = 2048) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

afterEach(cleanup);

describe('FileUploadControl', () => {
  it('starts empty with a labelled file input that accepts documents', () => {
    render(<Harness upload={vi.fn()} seen={[]} />);
    const field = screen.getByRole('textbox', { name: /Passport/ }) as HTMLInputElement;
    expect(field.value).toBe('');
    expect(field.required).toBe(true);
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeTruthy();
    const fileInput = screen.getByLabelText('Upload Passport') as HTMLInputElement;
    expect(fileInput.type).toBe('file');
    expect(fileInput.accept).toContain('application/pdf');
  });

  it('shows a spinner while uploading, then the file name, disabled, with Replace', async () => {
    const answer = deferred<StoredFile>();
    const upload = vi.fn(() => answer.promise);
    const seen: Array<StoredFile | null> = [];
    render(<Harness upload={upload} seen={seen} />);

    chooseFile(pdf());
    expect(await screen.findByRole('progressbar', { name: 'Uploading passport.pdf' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Choose file' }) as HTMLButtonElement).disabled).toBe(true);
    expect(upload).toHaveBeenCalledWith(expect.objectContaining({ name: 'passport.pdf' }));

    answer.resolve(stored);
    const replace = await screen.findByRole('button', { name: 'Replace' });
    const field = screen.getByRole('textbox', { name: /Passport/ }) as HTMLInputElement;
    expect(field.value).toBe('passport.pdf');
    expect(field.disabled).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(seen).toEqual([stored]);

    fireEvent.click(replace);
    expect((screen.getByRole('textbox', { name: /Passport/ }) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeTruthy();
    expect(seen).toEqual([stored, null]);
  });

  it("shows 'Something went wrong, please try again' and sets the value to null when the upload fails", async () => {
    const seen: Array<StoredFile | null> = [];
    render(<Harness upload={() => Promise.reject(new Error('offline'))} seen={seen} />);
    chooseFile(pdf());
    expect(await screen.findByText(UPLOAD_FAILED_TEXT)).toBeTruthy();
    expect(seen).toEqual([null]);
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeTruthy();
  });

  it('adds the server’s reason when it refuses the file, so the same file is not tried again', async () => {
    const refused = new ApiError('Request failed with status code 415', {
      status: 415,
      data: {
        errors: {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'That type of file is not accepted. Upload one of: PDF, JPG, PNG, WEBP.',
          fields: [{ field: 'file_data', error: 'is not an accepted type of file' }],
        },
      },
    });
    const seen: Array<StoredFile | null> = [];
    render(<Harness upload={() => Promise.reject(refused)} seen={seen} />);
    chooseFile(pdf('notes.pdf'));
    expect(
      await screen.findByText(
        'Something went wrong, please try again. That type of file is not accepted. Upload one of: PDF, JPG, PNG, WEBP.',
      ),
    ).toBeTruthy();
    expect(seen).toEqual([null]);
  });

  it('adds nothing to the text for a fault on the server’s side', async () => {
    const fault = new ApiError('Request failed with status code 500', {
      status: 500,
      data: { errors: { message: 'Something went wrong on our side. Please try again.' } },
    });
    render(<Harness upload={() => Promise.reject(fault)} seen={[]} />);
    chooseFile(pdf());
    expect(await screen.findByText(UPLOAD_FAILED_TEXT)).toBeTruthy();
  });

  it('refuses a file over the limit without sending it', async () => {
    const upload = vi.fn();
    render(<Harness upload={upload} seen={[]} maxBytes={1024 * 1024} />);
    chooseFile(pdf('scan.pdf', 1024 * 1024 + 1));
    expect(await screen.findByText('scan.pdf is too large: files can be up to 1 MB.')).toBeTruthy();
    await waitFor(() => expect(upload).not.toHaveBeenCalled());
  });
});
