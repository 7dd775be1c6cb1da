import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useDetailsT } from '../i18n';

export interface DetailsCardProps {
  title: string;
  /** Short lines summing up the current values. */
  lines: string[];
  /** Shown before the lines, e.g. the picture. */
  media?: ReactNode;
  /** Visible text of the button; its accessible name adds the card title ('Edit Banking'). */
  actionLabel: string;
  onOpen: () => void;
  /** Fetches the modal's code early, e.g. when the pointer comes near. */
  onPrefetch?: () => void;
}

/** A My Details card (docs/product.md#my-details): its title, a summary of the current values and a button opening its modal. */
export function DetailsCard({ title, lines, media, actionLabel, onOpen, onPrefetch }: DetailsCardProps) {
  const titleId = useId();
  const t = useDetailsT();
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={titleId} component="h3" variant="h3" gutterBottom>
          {title}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {media}
          <Stack spacing={0.25} sx={{ minWidth: 0 }}>
            {lines.map((line, index) => (
              <Typography key={index} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {line}
              </Typography>
            ))}
          </Stack>
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          variant="outlined"
          onClick={onOpen}
          onPointerEnter={onPrefetch}
          onFocus={onPrefetch}
          aria-label={t('details.card.actionName', { action: actionLabel, title })}
        >
          {actionLabel}
        </Button>
      </CardActions>
    </Card>
  );
}
