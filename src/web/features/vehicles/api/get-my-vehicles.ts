import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle, VehicleListAnswer } from '@shared/api/vehicles.js';
import { api } from '@web/lib/api-client';

/** GET /staff/my-vehicles: the member's own vehicles (docs/product.md#vehicles: Vehicle). */
export async function getMyVehicles(): Promise<Vehicle[]> {
  const response = await api.get<VehicleListAnswer>('/staff/my-vehicles');
  return response.data.data;
}

/** Query key of the member's vehicles; adding a vehicle or replacing a document refreshes it. */
export const MY_VEHICLES_KEY = ['my-vehicles'] as const;

/** Query options of the member's vehicles. */
export function myVehiclesQueryOptions() {
  return queryOptions({ queryKey: MY_VEHICLES_KEY, queryFn: getMyVehicles });
}

/** The member's vehicles (loading, error and data states of the query). */
export function useMyVehicles() {
  return useQuery(myVehiclesQueryOptions());
}
