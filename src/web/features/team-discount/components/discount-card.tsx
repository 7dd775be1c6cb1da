import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { DiscountStatus } from '@shared/api/team-discount.js';
import { formatDisplayDateTime } from '@web/lib/format-date';
import { useDiscountT } from '../i18n';
import { LiveClock } from './live-clock';
import { isUnderAge, UnderAgeWarning } from './under-age-warning';

/** Side of the QR code: never under 240 px so a till's scanner reads it from a phone held out. */
const QR_MIN_PX = 240;
const QR_MAX_PX = 320;
/**
 * White round the code on a dark card, as a share of the box's width: the image's own margin is one
 * module, and scanners want four of light round a code (ISO/IEC 18004's quiet zone). The card's code
 * is a version 1 QR code (21 modules, 23 with the margin), so three more modules on each side are
 * 3 / 29 of the box.
 */
const QR_QUIET_SHARE = 3 / 29;

export interface DiscountCardProps {
  status: DiscountStatus;
  /** The member's age (from the staff record); null when unknown. */
  age: number | null;
}

/** A label and its value in the card's definition list. */
function Detail({ label, value }: { label: string; value: string | null }) {
  const t = useDiscountT();
  return (
    <>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ lineHeight: 1.4 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mb: 0.5, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {value ?? t('discount.notSet')}
      </Typography>
    </>
  );
}

/**
 * The team-discount card (docs/product.md#team-discount), laid out for a phone shown at a till: the member's selfie, name,
 * venue and position; the under-18 warning when it applies; the QR code with its code text in large
 * monospace under it; the live clock; and when the code regenerates (DD/MM/YYYY HH:mm).
 */
export function DiscountCard({ status, age }: DiscountCardProps) {
  const nameId = useId();
  const t = useDiscountT();
  return (
    <Card component="article" aria-labelledby={nameId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box
              component="img"
              src={status.selfie}
              alt={t('discount.pictureOf', { name: status.name })}
              sx={{
                width: 112,
                height: 112,
                flexShrink: 0,
                objectFit: 'cover',
                borderRadius: 2,
                bgcolor: 'action.hover',
              }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography id={nameId} component="h2" variant="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
                {status.name}
              </Typography>
              <Box component="dl" sx={{ m: 0 }}>
                <Detail label={t('discount.venue')} value={status.location} />
                <Detail label={t('discount.position')} value={status.position} />
              </Box>
            </Box>
          </Stack>

          {isUnderAge(age) && <UnderAgeWarning name={status.name} age={age} />}

          <Divider />

          <Stack spacing={1} sx={{ alignItems: 'center' }}>
            {/* On a light card, the card is the quiet zone; on a dark one, this box is (QR_QUIET_SHARE). */}
            <Box
              sx={{
                width: '100%',
                maxWidth: (theme) => QR_MAX_PX / (theme.palette.mode === 'dark' ? 1 - 2 * QR_QUIET_SHARE : 1),
                bgcolor: 'common.white',
                // A percentage of padding is of the width the box fills.
                p: (theme) => (theme.palette.mode === 'dark' ? `${(QR_QUIET_SHARE * 100).toFixed(2)}%` : 0),
                borderRadius: 1,
                lineHeight: 0,
              }}
            >
              <Box
                component="img"
                src={status.qr}
                alt={t('discount.qrAlt')}
                sx={{
                  display: 'block',
                  width: '100%',
                  minWidth: QR_MIN_PX,
                  aspectRatio: '1 / 1',
                  // Crisp modules when the PNG is scaled.
                  imageRendering: 'pixelated',
                }}
              />
            </Box>
            <Typography
              sx={{
                fontFamily: 'monospace',
                fontSize: { xs: '1.75rem', sm: '2rem' },
                fontWeight: 700,
                letterSpacing: '0.08em',
                textAlign: 'center',
                wordBreak: 'break-all',
              }}
            >
              {status.code}
            </Typography>
          </Stack>

          <Divider />

          <LiveClock />

          <Typography sx={{ textAlign: 'center' }}>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('discount.regenerates')}{' '}
            </Box>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {formatDisplayDateTime(status.expires)}
            </Box>
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
