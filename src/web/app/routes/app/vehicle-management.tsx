import { MyVehicles } from '@web/features/vehicles/components/my-vehicles';

/** `/vehicle-management`: My Vehicles. */
export default function VehicleManagementRoute() {
  return <MyVehicles />;
}
