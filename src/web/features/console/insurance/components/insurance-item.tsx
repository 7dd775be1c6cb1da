import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import type { PendingInsurance } from '@shared/api/console/insurance.js';
import { InlineDocument } from '@web/components/document-viewer/inline-document';
import { LazyDocumentViewer } from '@web/components/document-viewer/lazy-document-viewer';
import { hasCode } from '@web/lib/api-error';
import { showNotification } from '@web/stores/notification-store';
import { useApproveInsurance } from '../api/approve-insurance';
import { useRejectInsurance } from '../api/reject-insurance';
import { motText, sinceText } from '../lib/insurance-text';
import { DetailList } from '@web/features/console/shared/components/detail-list';
import { ApproveInsuranceDialog } from './approve-insurance-dialog';
import { RejectInsuranceDialog } from './reject-insurance-dialog';

/** The document beside the vehicle on wider screens, px tall. */
const DOCUMENT_HEIGHT = 520;

/**
 * What the console says when the member replaced the document after it was shown (a decision refused
 * with `DOCUMENT_REPLACED`): the queue is reloaded and shows the new one.
 */
export function replacedText(item: PendingInsurance): string {
  return `${item.person.name} has sent a new document for ${item.registration} since this one was shown: nothing was decided, and the queue now shows the new one.`;
}

export interface InsuranceItemProps {
  item: PendingInsurance;
  /** Wider screens show the document beside the vehicle; phones open it full screen. */
  wide: boolean;
}

/**
 * One document of the insurance queue (docs/product.md#insurance-queue): the vehicle, whose it is (to
 * their page), its MOT and how long the document has waited, with the document shown beside it (on a
 * phone, a button opens it full screen), and Approve with the last day of cover, or Reject with the reason
 * the member sees.
 * Both name the document shown, so one the member replaced meanwhile is not decided unseen: that
 * refusal (409) is said and the queue reloaded. A decided document leaves the queue.
 */
export function InsuranceItem({ item, wide }: InsuranceItemProps) {
  const headingId = useId();
  const approve = useApproveInsurance();
  const reject = useRejectInsurance();
  const [dialog, setDialog] = useState<'approve' | 'reject' | 'view' | null>(null);
  // The document in the page keeps the address it was first drawn from: the queue's reloads sign a
  // new one every few minutes, which must not draw it again. The full-screen view takes the newest.
  const [shownSrc] = useState(item.document.uri);
  const target = { vehicle_id: item.vehicle_id, document_id: item.document.id };
  const vehicle = `${item.make} ${item.model}`.trim();
  const busy = approve.isPending || reject.isPending;

  const decided = (what: string) =>
    showNotification({
      severity: 'success',
      message: `${item.registration} (${item.person.name}): insurance ${what}.`,
    });

  /** A refusal because the document was replaced closes the dialog it came from: its document is gone. */
  const refused = (failed: (error: unknown) => void) => (error: unknown) => {
    if (!hasCode(error, 'DOCUMENT_REPLACED')) return failed(error);
    setDialog(null);
    showNotification({ severity: 'error', message: replacedText(item) });
  };

  const openApprove = () => {
    approve.reset();
    setDialog('approve');
  };

  const approveIt = (coverEnds: string, failed: (error: unknown) => void) =>
    approve.mutate(
      { ...target, cover_ends: coverEnds },
      { onSuccess: () => decided('approved'), onError: refused(failed) },
    );

  const openReject = () => {
    reject.reset();
    setDialog('reject');
  };

  const rejectIt = (reason: string, failed: (error: unknown) => void) =>
    reject.mutate({ ...target, reason }, { onSuccess: () => decided('rejected'), onError: refused(failed) });

  const openViewer = (
    <Button
      variant={wide ? 'text' : 'outlined'}
      startIcon={wide ? <OpenInFullIcon /> : <VisibilityIcon />}
      onClick={() => setDialog('view')}
    >
      {wide ? 'Full screen' : 'View document'}
    </Button>
  );

  const facts = (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <div>
        <Typography id={headingId} component="h2" variant="h2">
          {item.registration}
        </Typography>
        {vehicle && <Typography color="text.secondary">{vehicle}</Typography>}
      </div>
      <DetailList
        items={[
          {
            label: 'Person',
            value: (
              <Link component={RouterLink} href={`/admin/people/${encodeURIComponent(item.person.id)}`}>
                {item.person.name}
              </Link>
            ),
          },
          { label: 'Venue', value: item.person.venue },
          { label: 'MOT', value: motText(item) ?? 'Not known' },
          { label: 'Document', value: item.document.original_filename },
          { label: 'Waiting since', value: sinceText(item.since) },
        ]}
      />
      {!wide && <Box>{openViewer}</Box>}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          color="success"
          startIcon={<CheckCircleIcon />}
          disabled={busy}
          onClick={openApprove}
        >
          Approve
        </Button>
        <Button variant="outlined" color="error" startIcon={<BlockIcon />} disabled={busy} onClick={openReject}>
          Reject
        </Button>
      </Stack>
    </Stack>
  );

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        {wide ? (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'minmax(260px, 2fr) minmax(0, 3fr)',
              gap: 3,
              alignItems: 'start',
            }}
          >
            {facts}
            <InlineDocument
              src={shownSrc}
              filename={item.document.original_filename}
              title={`Insurance document for ${item.registration}`}
              height={DOCUMENT_HEIGHT}
              actions={openViewer}
            />
          </Box>
        ) : (
          facts
        )}
      </CardContent>
      {dialog === 'view' && (
        <LazyDocumentViewer
          open
          onClose={() => setDialog(null)}
          title="Insurance document"
          subtitle={`${item.registration} · ${item.person.name}`}
          file={item.document}
          src={item.document.uri}
        />
      )}
      <ApproveInsuranceDialog
        open={dialog === 'approve'}
        item={item}
        onApprove={approveIt}
        approving={approve.isPending}
        onClose={() => setDialog(null)}
      />
      <RejectInsuranceDialog
        open={dialog === 'reject'}
        item={item}
        onReject={rejectIt}
        rejecting={reject.isPending}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}
