import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { FIELDSETS_QUERY_KEY } from '@web/features/console/shared/api/get-fieldsets';

/** An imported fieldset's id, and whether its name was new (else its fields were replaced). */
export interface ImportedFieldset {
  id: string;
  created: boolean;
}

/**
 * POST /admin/fieldsets `{ filename, content }` (HR, docs/product.md#set-up): a YAML (.yaml/.yml) or
 * JSON fieldset file validated as `fieldset import` does; a name imported again replaces its fields
 * for joiners invited afterwards. A bad file is answered 400 with every problem in `errors.message`
 * ('kitchen.yaml is not a valid fieldset:\n  fields.0.type: …').
 */
export async function importFieldset(body: { filename: string; content: string }): Promise<ImportedFieldset> {
  const response = await api.post<{ data: ImportedFieldset }>('/admin/fieldsets', body);
  return response.data.data;
}

/** Imports a fieldset file and refreshes the fieldsets. */
export function useImportFieldset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'fieldsets', 'import'],
    mutationFn: importFieldset,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: FIELDSETS_QUERY_KEY }),
  });
}
