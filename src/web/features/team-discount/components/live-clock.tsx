import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useId } from 'react';
import { CLOCK_FORMAT, CLOCK_TICK_MS } from '../lib/discount-timing';
import { useDiscountT } from '../i18n';
import { useNow } from '../lib/use-now';

/**
 * The live clock of the discount card (docs/product.md#team-discount): HH:mm:ss, redrawn every 500 ms, with a pulsing
 * dot, so the team at the till can see the card is live and not a screenshot. Only this component
 * redraws on each tick.
 */
export function LiveClock() {
  const now = useNow(CLOCK_TICK_MS);
  const labelId = useId();
  const t = useDiscountT();
  return (
    <Stack spacing={0.25} sx={{ alignItems: 'center' }}>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
        <Box
          aria-hidden
          sx={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            bgcolor: 'success.main',
            '@keyframes live-pulse': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.25 } },
            animation: 'live-pulse 1s ease-in-out infinite',
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        />
        <Typography id={labelId} variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          {t('discount.liveTime')}
        </Typography>
      </Stack>
      {/* role="timer" is not announced on every tick (its live region is off). */}
      <Typography
        role="timer"
        aria-labelledby={labelId}
        sx={{
          fontFamily: 'monospace',
          fontSize: '2rem',
          fontWeight: 700,
          lineHeight: 1.2,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {dayjs(now).format(CLOCK_FORMAT)}
      </Typography>
    </Stack>
  );
}
