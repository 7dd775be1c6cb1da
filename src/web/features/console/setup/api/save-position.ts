import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddPositionBody, ConsolePosition, UpdatePositionBody } from '@shared/api/console/setup.js';
import { api } from '@web/lib/api-client';
import { POSITIONS_QUERY_KEY } from '@web/features/console/shared/api/get-positions';

/**
 * POST /admin/positions `{ name }` (HR, docs/product.md#set-up): adds a position; answers it, 400 for
 * an empty or long name, 409 'A position is already called "…".' (field `name`) when an active one
 * has the name in any case, 403 'Only HR can do that.'
 */
export async function addPosition(body: AddPositionBody): Promise<ConsolePosition> {
  const response = await api.post<{ data: ConsolePosition }>('/admin/positions', body);
  return response.data.data;
}

/**
 * POST /admin/positions/:positionId `{ name?, archived? }` (HR): renames, archives or brings back a
 * position; 409 as above (bringing one back whose name is taken too), 404 for an unknown id.
 */
export async function updatePosition({ id, ...body }: UpdatePositionBody & { id: string }): Promise<ConsolePosition> {
  const response = await api.post<{ data: ConsolePosition }>(`/admin/positions/${encodeURIComponent(id)}`, body);
  return response.data.data;
}

/** Adds (no `id`) or changes a position, then refreshes the positions. */
export function useSavePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'positions', 'save'],
    mutationFn: (input: UpdatePositionBody & { id?: string }) =>
      input.id ? updatePosition({ ...input, id: input.id }) : addPosition({ name: input.name ?? '' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: POSITIONS_QUERY_KEY }),
  });
}
