import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'wouter';
import type { DashboardCard } from '../cards';
import { useDashboardT } from '../i18n';

/** One 'Useful Information' card: image, title, description and its link button. */
export function InfoCard({ card }: { card: DashboardCard }) {
  const titleId = useId();
  const t = useDashboardT();
  const { action } = card;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      {/* Decorative: the title says what the card is. */}
      <CardMedia
        component="img"
        image={card.image}
        alt=""
        sx={{ aspectRatio: '16 / 9', objectFit: 'cover', bgcolor: 'grey.100' }}
      />
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Typography id={titleId} component="h3" variant="h3" gutterBottom>
          {t(card.titleId)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(card.descriptionId)}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        {action.kind === 'external' ? (
          <Button
            variant="outlined"
            href={action.url}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon fontSize="small" />}
            aria-describedby={titleId}
          >
            {t(action.labelId)}
          </Button>
        ) : (
          <Button variant="outlined" component={RouterLink} to={action.to} aria-describedby={titleId}>
            {t(action.labelId)}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
