import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Vehicle } from '@shared/api/vehicles.js';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { documentKind, downloadFile } from '@web/components/document-viewer/document-file';
import { LazyDocumentViewer } from '@web/components/document-viewer/lazy-document-viewer';
import { useMyVehicles } from '../api/get-my-vehicles';
import { useVehiclesT } from '../i18n';
import { AddVehicleModal } from './add-vehicle-modal';
import { ReplaceDocumentModal } from './replace-document-modal';
import { VehicleCard } from './vehicle-card';

/** A modal of the page; `session` remounts it so it starts afresh each time it opens. */
type OpenModal =
  | { kind: 'add'; open: boolean; session: number }
  | { kind: 'replace'; vehicle: Vehicle; open: boolean; session: number }
  | { kind: 'view'; vehicle: Vehicle; file: InsuranceFile; open: boolean; session: number };

type InsuranceFile = NonNullable<Vehicle['current_insurance_document']>['file'];

/**
 * My Vehicles (docs/product.md#vehicles): what the page is for, the mileage rule, 'Add Vehicle' (its modal) and the
 * member's vehicles, each with its MOT and insurance state; 'No vehicles yet' when there are none. 'View
 * document' shows a PDF or a picture in the in-app viewer and downloads anything else.
 */
export function MyVehicles() {
  const vehicles = useMyVehicles();
  const t = useVehiclesT();
  const [modal, setModal] = useState<OpenModal | null>(null);

  const session = () => (modal?.session ?? 0) + 1;
  const close = () => setModal((current) => current && { ...current, open: false });
  const view = (vehicle: Vehicle) => {
    const file = vehicle.current_insurance_document?.file;
    if (!file) return;
    if (documentKind(file.original_filename) === 'other') downloadFile(file);
    else setModal({ kind: 'view', vehicle, file, open: true, session: session() });
  };

  let list;
  if (vehicles.isPending) {
    list = <Spinner />;
  } else if (vehicles.isError) {
    list = <QueryErrorAlert error={vehicles.error} onRetry={() => void vehicles.refetch()} />;
  } else if (vehicles.data.length === 0) {
    list = (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography component="p" variant="h3">
          {t('vehicles.none')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('vehicles.noneHint')}
        </Typography>
      </Paper>
    );
  } else {
    list = (
      <Stack spacing={2}>
        {vehicles.data.map((vehicle) => (
          <VehicleCard
            key={vehicle.id}
            vehicle={vehicle}
            onViewDocument={() => view(vehicle)}
            onReplaceDocument={() => setModal({ kind: 'replace', vehicle, open: true, session: session() })}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 }, px: { xs: 2, sm: 3 } }}>
      <Typography component="h1" variant="h1">
        {t('vehicles.title')}
      </Typography>
      <Stack spacing={2} sx={{ mt: 2, mb: 3 }}>
        <Typography>{t('vehicles.intro')}</Typography>
        {/* Standing information, not news: a note rather than an alert. */}
        <Alert severity="info" role="note">
          {t('vehicles.mileageRule')}
        </Alert>
        <div>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setModal({ kind: 'add', open: true, session: session() })}
          >
            {t('vehicles.addVehicle')}
          </Button>
        </div>
      </Stack>
      {list}
      {modal?.kind === 'add' && <AddVehicleModal key={modal.session} open={modal.open} onClose={close} />}
      {modal?.kind === 'replace' && (
        <ReplaceDocumentModal key={modal.session} open={modal.open} vehicle={modal.vehicle} onClose={close} />
      )}
      {modal?.kind === 'view' && (
        <LazyDocumentViewer
          key={modal.session}
          open={modal.open}
          onClose={close}
          title={t('vehicles.document.title')}
          subtitle={`${modal.vehicle.registration} · ${modal.file.original_filename}`}
          file={modal.file}
        />
      )}
    </Container>
  );
}
