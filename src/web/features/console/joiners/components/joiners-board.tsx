import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Joiner } from '@shared/api/console/joiners.js';
import { BOARD_STAGES, joinersByStage } from '@web/features/console/shared/lib/joiners-board';
import type { Invited } from '@web/features/console/shared/components/invite-form';
import { JoinerCard } from './joiner-card';

/**
 * The joiners board (docs/product.md#joiners): a column a stage, in the order a joiner goes through
 * them (details, contract, password, complete, then the expired or revoked links), each headed with
 * how many are in it; side by side on wider screens, one under the other on phones.
 */
export function JoinersBoard({
  joiners,
  onUnsent,
}: {
  joiners: readonly Joiner[];
  onUnsent: (invited: Invited) => void;
}) {
  const board = joinersByStage(joiners);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(220px, 1fr))' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      {BOARD_STAGES.map(({ stage, heading }) => (
        <StageColumn key={stage} heading={heading} joiners={board[stage]} onUnsent={onUnsent} />
      ))}
    </Box>
  );
}

function StageColumn({
  heading,
  joiners,
  onUnsent,
}: {
  heading: string;
  joiners: Joiner[];
  onUnsent: (invited: Invited) => void;
}) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 1.5, bgcolor: 'grey.50' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {heading}
        </Typography>
        <Chip
          size="small"
          label={joiners.length}
          aria-label={`${joiners.length} ${joiners.length === 1 ? 'joiner' : 'joiners'}`}
        />
      </Stack>
      {joiners.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No one at this step
        </Typography>
      ) : (
        <Stack spacing={1}>
          {joiners.map((joiner) => (
            <JoinerCard key={joiner.id} joiner={joiner} onUnsent={onUnsent} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
