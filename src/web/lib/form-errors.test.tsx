import TextField from '@mui/material/TextField';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Controller, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { httpError } from '@web/testing/http';
import { fieldHelp, serverFieldErrors, showServerErrors, useServerErrors } from './form-errors';

afterEach(cleanup);

const invalid = (fields: { field: string; error: string }[]) =>
  httpError(400, { errors: { message: 'Some of the details need another look.', fields } });

describe('showServerErrors', () => {
  it('sets the errors of the form’s fields and returns no alert text when one is named', () => {
    const setError = vi.fn();
    const error = invalid([
      { field: 'name', error: 'Too long' },
      { field: 'name', error: 'Taken' },
      { field: 'other', error: 'Ignored' },
    ]);
    expect(showServerErrors(error, setError, ['name'])).toBeNull();
    expect(setError).toHaveBeenCalledExactlyOnceWith('name', { type: 'server', message: 'Too long, Taken' });
  });

  it('returns the alert text when no field of the form is named', () => {
    const setError = vi.fn();
    expect(showServerErrors(invalid([{ field: 'elsewhere', error: 'No' }]), setError, ['name'])).toBe(
      'Some of the details need another look.',
    );
    expect(showServerErrors(httpError(500, { errors: { message: 'Down' } }), setError, ['name'])).toBe('Down');
    expect(showServerErrors(null, setError, ['name'])).toBeNull();
    expect(setError).not.toHaveBeenCalled();
  });

  it('puts a 409 naming no field under the conflict field', () => {
    const setError = vi.fn();
    const taken = httpError(409, { errors: { message: 'Someone has this email.' } });
    expect(showServerErrors(taken, setError, ['email'], { conflictField: 'email' })).toBeNull();
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Someone has this email.' });
    expect(serverFieldErrors(taken)).toEqual({});
  });

  it('shows aliased fields under the form’s field, and an alert unless an explaining field is named', () => {
    const setError = vi.fn();
    const refused = invalid([{ field: 'file_data', error: 'Not a PDF' }]);
    expect(
      showServerErrors(refused, setError, ['name', 'template'], {
        aliases: { file_data: 'template' },
        explainedBy: ['name'],
      }),
    ).toBe('Some of the details need another look.');
    expect(setError).toHaveBeenCalledExactlyOnceWith('template', { type: 'server', message: 'Not a PDF' });
  });
});

describe('fieldHelp', () => {
  it('shows the error’s message, else the hint', () => {
    expect(fieldHelp({ type: 'server', message: 'Taken' }, 'A hint')).toEqual({ error: true, helperText: 'Taken' });
    expect(fieldHelp(undefined, 'A hint')).toEqual({ error: false, helperText: 'A hint' });
  });
});

/** A one-field form whose save fails with `error`. */
function NameForm({ error }: { error: unknown }) {
  const { control, handleSubmit, setError } = useForm({ defaultValues: { name: '' } });
  const server = useServerErrors(setError, ['name']);
  const submit = handleSubmit(() => {
    server.clear();
    server.fail(error);
  });
  return (
    <ModalDialog open title="Name" onClose={() => {}} onSave={() => void submit()} problem={server.problem}>
      <Controller
        name="name"
        control={control}
        rules={{ validate: (value) => (value.trim() ? true : 'Enter a name') }}
        render={({ field, fieldState }) => (
          <TextField {...field} label="Name" {...fieldHelp(fieldState.error, 'As staff know it')} />
        )}
      />
    </ModalDialog>
  );
}

describe('useServerErrors with react-hook-form', () => {
  it('shows a client rule’s message, then the server’s under the field, keeps the typing and hides it once edited', async () => {
    render(<NameForm error={invalid([{ field: 'name', error: 'Another venue has this name' }])} />);
    const dialog = screen.getByRole('dialog', { name: 'Name' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name')).toBeTruthy();

    fireEvent.change(name, { target: { value: 'The Lantern' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another venue has this name')).toBeTruthy();
    expect(name.value).toBe('The Lantern');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('alert')).toBeNull();

    fireEvent.change(name, { target: { value: 'The Lantern, Leeds' } });
    await waitFor(() => expect(within(dialog).queryByText('Another venue has this name')).toBeNull());
    expect(within(dialog).getByText('As staff know it')).toBeTruthy();
  });

  it('shows what no field explains in the footer’s alert, the typing kept', async () => {
    render(<NameForm error={httpError(500, { errors: { message: 'The server is down.' } })} />);
    const dialog = screen.getByRole('dialog', { name: 'Name' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'York' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The server is down.');
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('York');
  });
});
