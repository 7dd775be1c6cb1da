import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddVehicleBody, Vehicle, VehicleAnswer } from '@shared/api/vehicles.js';
import { api } from '@web/lib/api-client';
import { MY_VEHICLES_KEY } from './get-my-vehicles';

/**
 * POST /staff/my-vehicles `{ registration, insurance_document }` (the id of an uploaded file): answers
 * the new vehicle; a 400 with `errors.fields` for registration or insurance_document, a 409 when the
 * member already has that registration (docs/product.md#vehicles).
 */
export async function addVehicle(body: AddVehicleBody): Promise<Vehicle> {
  const response = await api.post<VehicleAnswer>('/staff/my-vehicles', body);
  return response.data.data;
}

/** Adds a vehicle, then refreshes the list (docs/product.md#vehicles: "list refreshed"). */
export function useAddVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['my-vehicles', 'add'],
    mutationFn: addVehicle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_VEHICLES_KEY }),
  });
}
