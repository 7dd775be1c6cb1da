import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { RightToWorkCheck } from '@shared/api/console/right-to-work.js';
import { IDSP_DOCUMENT_LABELS, RIGHT_TO_WORK_KIND_LABELS } from '@shared/right-to-work';
import { ukToday } from '@shared/uk-today';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { formatDisplayDate } from '@web/lib/format-date';
import { SectionCard } from '@web/features/console/shared/components/section-card';
import { usePersonRightToWork } from '../api/get-person-right-to-work';
import { RecordRightToWorkDialog } from './record-right-to-work-dialog';

/** What the current check says of the permission: no time limit, expires on, or expired on. */
export function permissionText(
  check: Pick<RightToWorkCheck, 'permission_expires_on' | 'follow_up_on'>,
  today = ukToday(),
) {
  if (!check.permission_expires_on) return 'No time limit';
  const ends = formatDisplayDate(check.permission_expires_on);
  if (check.permission_expires_on < today) return `Expired ${ends}`;
  return `Expires ${ends} · follow-up ${formatDisplayDate(check.follow_up_on ?? '')}`;
}

function CheckLine({ check }: { check: RightToWorkCheck }) {
  const kind =
    check.kind === 'idsp' && check.idsp_document
      ? `${RIGHT_TO_WORK_KIND_LABELS.idsp} (${IDSP_DOCUMENT_LABELS[check.idsp_document]})`
      : RIGHT_TO_WORK_KIND_LABELS[check.kind];
  return (
    <Stack spacing={0.5} component="li" sx={{ listStyle: 'none' }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography sx={{ fontWeight: check.current ? 600 : 400 }}>{kind}</Typography>
        {check.current && <Chip size="small" label="Current" color="primary" />}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Checked {formatDisplayDate(check.checked_on)}
        {check.checked_by ? ` by ${check.checked_by.name}` : ''} · {permissionText(check)}
      </Typography>
      {check.share_code && <Typography variant="body2">Share code {check.share_code}</Typography>}
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        {check.files.map((file) => (
          <Link
            key={file.id}
            href={file.uri}
            target="_blank"
            rel="noopener"
            variant="body2"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {file.original_filename}
          </Link>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The right-to-work card of a person's page (docs/product.md#right-to-work-records): the checks made,
 * the current one first, each with its copies; HR records a check, or a follow-up check, in a dialog.
 */
export function RightToWorkCard({ personId, name }: { personId: string; name: string }) {
  const record = usePersonRightToWork(personId);
  const [open, setOpen] = useState(false);
  const data = record.data;
  return (
    <SectionCard title="Right to work">
      {record.isError ? (
        <QueryErrorAlert error={record.error} onRetry={() => void record.refetch()} />
      ) : !data ? (
        <Spinner minHeight={80} />
      ) : (
        <Stack spacing={2}>
          {data.checks.length === 0 ? (
            <Typography color="text.secondary">No check recorded yet.</Typography>
          ) : (
            <Stack component="ul" spacing={2} sx={{ m: 0, p: 0 }}>
              {data.checks.map((check) => (
                <CheckLine key={check.id} check={check} />
              ))}
            </Stack>
          )}
          {data.can_record && (
            <div>
              <Button variant="outlined" onClick={() => setOpen(true)}>
                {data.checks.length ? 'Record follow-up check' : 'Record check'}
              </Button>
            </div>
          )}
          {data.can_record && (
            <RecordRightToWorkDialog
              open={open}
              personId={personId}
              name={name}
              copies={data.files}
              followUp={data.checks.length > 0}
              onClose={() => setOpen(false)}
            />
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
