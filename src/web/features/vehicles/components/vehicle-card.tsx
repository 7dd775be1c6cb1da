import DescriptionIcon from '@mui/icons-material/Description';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import type { Vehicle } from '@shared/api/vehicles.js';
import { DetailList } from '@web/components/ui/detail-list';
import { useVehiclesT } from '../i18n';
import { InsuranceSection } from './insurance-section';
import { MotSection } from './mot-section';
import { RegistrationPlate } from './registration-plate';

export interface VehicleCardProps {
  vehicle: Vehicle;
  /** Shows the insurance document (shown only when there is one). */
  onViewDocument: () => void;
  onReplaceDocument: () => void;
}

/**
 * One vehicle of My Vehicles (docs/product.md#vehicles): the registration as a plate, make, model, colour and fuel
 * type, the current MOT and the insurance document's state, with 'View document' (the in-app viewer) and
 * 'Replace document'. The card is named by its registration.
 */
export function VehicleCard({ vehicle, onViewDocument, onReplaceDocument }: VehicleCardProps) {
  const plateId = useId();
  const t = useVehiclesT();
  const document = vehicle.current_insurance_document;
  return (
    <Card component="article" aria-labelledby={plateId}>
      <CardContent>
        <Stack spacing={2}>
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <RegistrationPlate id={plateId} registration={vehicle.registration} />
            <DetailList
              items={[
                { label: t('vehicles.make'), value: vehicle.make },
                { label: t('vehicles.model'), value: vehicle.model },
                { label: t('vehicles.colour'), value: vehicle.colour },
                { label: t('vehicles.fuelType'), value: vehicle.fuel_type },
              ]}
            />
          </Stack>
          <Divider />
          <MotSection mot={vehicle.current_mot} />
          <Divider />
          <InsuranceSection document={document} />
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {document && (
          <Button variant="outlined" startIcon={<DescriptionIcon />} onClick={onViewDocument}>
            {t('vehicles.viewDocument')}
          </Button>
        )}
        <Button variant={document ? 'text' : 'contained'} startIcon={<UploadFileIcon />} onClick={onReplaceDocument}>
          {document ? t('vehicles.replaceDocument') : t('vehicles.uploadDocument')}
        </Button>
      </CardActions>
    </Card>
  );
}
