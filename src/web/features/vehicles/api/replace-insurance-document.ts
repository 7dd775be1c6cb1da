import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplaceInsuranceBody, Vehicle, VehicleAnswer } from '@shared/api/vehicles.js';
import { api } from '@web/lib/api-client';
import { MY_VEHICLES_KEY } from './get-my-vehicles';

/**
 * POST /staff/vehicle/<id>/insurance-document `{ file_id }`: replaces the vehicle's insurance
 * document, which goes back to pending approval; answers the vehicle (docs/product.md#vehicles).
 */
export async function replaceInsuranceDocument(vehicleId: string, body: ReplaceInsuranceBody): Promise<Vehicle> {
  const response = await api.post<VehicleAnswer>(
    `/staff/vehicle/${encodeURIComponent(vehicleId)}/insurance-document`,
    body,
  );
  return response.data.data;
}

/** Replaces a vehicle's insurance document; the answer replaces the vehicle in the cached list. */
export function useReplaceInsuranceDocument(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['my-vehicles', vehicleId, 'insurance-document'],
    mutationFn: (body: ReplaceInsuranceBody) => replaceInsuranceDocument(vehicleId, body),
    onSuccess: (vehicle) => {
      queryClient.setQueryData<Vehicle[]>(MY_VEHICLES_KEY, (list) =>
        list?.map((v) => (v.id === vehicle.id ? vehicle : v)),
      );
      return queryClient.invalidateQueries({ queryKey: MY_VEHICLES_KEY });
    },
  });
}
