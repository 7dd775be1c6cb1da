import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import type { ConsoleVenue } from '@shared/api/console/setup.js';
import { BRANDS } from '@shared/brands.js';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { fieldHelp, useServerErrors } from '@web/lib/form-errors';
import { showNotification } from '@web/stores/notification-store';
import { useAddVenue } from '../api/add-venue';
import { useUpdateVenue } from '../api/update-venue';

interface Values {
  name: string;
  brand: string;
}

export interface VenueDialogProps {
  open: boolean;
  /** The venue to rename or re-brand; none to add one. */
  venue?: ConsoleVenue;
  onClose: () => void;
}

/**
 * HR's "Add venue" and "Edit venue" (docs/product.md#set-up): the name and which of the group's brands it
 * trades under (the portal's own colours stay the BRAND setting). The name is checked as the contract
 * does (addVenueBodySchema: not blank, at most 100); the server's refusals (a name another venue has)
 * show under the field, anything else in the footer's alert; what was typed stays after a failure.
 */
export function VenueDialog({ open, venue, onClose }: VenueDialogProps) {
  const add = useAddVenue();
  const update = useUpdateVenue();
  const save = venue ? update : add;
  const { control, handleSubmit, setError } = useForm<Values>({
    defaultValues: { name: venue?.name ?? '', brand: venue?.brand ?? BRANDS[0].id },
  });
  const server = useServerErrors(setError, ['name', 'brand']);

  const submit = handleSubmit((values) => {
    server.clear();
    const name = values.name.trim();
    const done = (saved: ConsoleVenue) => {
      showNotification({ severity: 'success', message: venue ? `${saved.name} is saved.` : `${saved.name} is added.` });
      onClose();
    };
    if (venue)
      update.mutate(
        {
          id: venue.id,
          name: name === venue.name ? undefined : name,
          brand: values.brand === venue.brand ? undefined : values.brand,
        },
        { onSuccess: done, onError: server.fail },
      );
    else add.mutate({ name, brand: values.brand }, { onSuccess: done, onError: server.fail });
  });

  return (
    <ModalDialog
      open={open}
      title={venue ? 'Edit venue' : 'Add venue'}
      onClose={onClose}
      onSave={() => void submit()}
      saving={save.isPending}
      problem={server.problem}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Controller
          name="name"
          control={control}
          rules={{
            validate: (value) =>
              value.trim() === ''
                ? 'Enter the venue’s name'
                : value.trim().length > 100
                  ? 'At most 100 characters'
                  : true,
          }}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label="Name"
              required
              autoFocus
              autoComplete="off"
              fullWidth
              {...fieldHelp(fieldState.error, 'As staff know it, e.g. The Lantern, Leeds')}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          )}
        />
        <Controller
          name="brand"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              select
              label="Brand"
              required
              fullWidth
              {...fieldHelp(fieldState.error, 'The brand it trades under')}
            >
              {BRANDS.map((brand) => (
                <MenuItem key={brand.id} value={brand.id}>
                  {brand.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
    </ModalDialog>
  );
}
