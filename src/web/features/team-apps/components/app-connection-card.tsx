import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LinkIcon from '@mui/icons-material/Link';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Brand } from '@shared/brands.js';

import { useTeamAppsT } from '../i18n';

export interface AppConnectionCardProps {
  brand: Brand;
  connected: boolean;
  onConnect: () => void;
}

/**
 * One brand's order-and-pay app on Team apps (docs/product.md#team-apps): its name and brand, whether it is connected,
 * 'Connect' when it is not, and a link to the app.
 */
export function AppConnectionCard({ brand, connected, onConnect }: AppConnectionCardProps) {
  const t = useTeamAppsT();
  const titleId = useId();
  const app = brand.orderAndPayApp;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={titleId} component="h3" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
          {app.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('teamApps.appOf', { brand: brand.name })}
        </Typography>
        {connected ? (
          <Chip color="success" icon={<CheckCircleIcon />} label={t('teamApps.connected')} />
        ) : (
          <Chip variant="outlined" label={t('teamApps.notConnected')} />
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {!connected && (
            <Button variant="contained" startIcon={<LinkIcon />} onClick={onConnect}>
              {t('teamApps.connect')}
            </Button>
          )}
          <Button component="a" href={app.url} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />}>
            {t('teamApps.getApp')}
          </Button>
        </Stack>
      </CardActions>
    </Card>
  );
}
