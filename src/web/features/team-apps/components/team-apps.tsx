import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BRANDS, type Brand } from '@shared/brands.js';
import { venuesWithoutOrderAndPayDiscount } from '../lib/venue-list';
import { AppConnectionCard } from './app-connection-card';

import { useTeamAppsT } from '../i18n';

export interface TeamAppsProps {
  /** The portal's own brand: its app is shown connected. */
  brand: Brand;
  /** The member's personal email as on their profile, the one to sign up to the apps with. */
  email: string;
}

/**
 * Connecting an order-and-pay app is not built yet (docs/product.md#team-apps: "the connect action only logs and is
 * not implemented").
 */
function connect(app: Brand['orderAndPayApp']) {
  console.info(`Connect ${app.name}: not implemented yet`);
}

/**
 * Team apps (docs/product.md#team-apps): connecting the two brands' order-and-pay apps for team discount. The portal's
 * own brand's app shows as connected, the other one not; the steps (sign up with the profile email,
 * Connect, pull down or restart the app for the team-discount tile); the venues whose apps have no
 * user accounts; and the line-manager reset after an email change.
 */
export function TeamApps({ brand, email }: TeamAppsProps) {
  const t = useTeamAppsT();
  const venues = venuesWithoutOrderAndPayDiscount();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 }, px: { xs: 2, sm: 3 } }}>
      <Typography component="h1" variant="h1">
        {t('teamApps.title')}
      </Typography>
      <Typography sx={{ mt: 2 }}>{t('teamApps.intro')}</Typography>

      <Box component="section" aria-labelledby="team-apps-heading" sx={{ mt: { xs: 3, sm: 4 } }}>
        <Typography id="team-apps-heading" component="h2" variant="h2" sx={{ mb: 2 }}>
          {t('teamApps.appsHeading')}
        </Typography>
        <Grid container spacing={2}>
          {BRANDS.map((each) => (
            <Grid key={each.id} size={{ xs: 12, sm: 6 }}>
              <AppConnectionCard
                brand={each}
                connected={each.id === brand.id}
                onConnect={() => connect(each.orderAndPayApp)}
              />
            </Grid>
          ))}
        </Grid>
      </Box>

      <Box component="section" aria-labelledby="connect-steps-heading" sx={{ mt: { xs: 3, sm: 4 } }}>
        <Typography id="connect-steps-heading" component="h2" variant="h2" sx={{ mb: 1 }}>
          {t('teamApps.howHeading')}
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3, '& > li': { mb: 1 } }}>
          <li>
            <Typography>
              {t('teamApps.stepAccount')}{' '}
              <Box component="strong" sx={{ overflowWrap: 'anywhere' }}>
                {email}
              </Box>
            </Typography>
          </li>
          <li>
            <Typography>{t('teamApps.stepConnect')}</Typography>
          </li>
          <li>
            <Typography>{t('teamApps.stepRefresh')}</Typography>
          </li>
        </Box>
      </Box>

      <Stack component="section" aria-labelledby="good-to-know-heading" spacing={2} sx={{ mt: { xs: 3, sm: 4 } }}>
        <Typography id="good-to-know-heading" component="h2" variant="h2">
          {t('teamApps.goodToKnow')}
        </Typography>
        <Alert severity="info" role="note">
          <Typography variant="body2">{t('teamApps.venuesNote', { count: venues.length })}</Typography>
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {venues.map((venue) => (
              <li key={venue}>{venue}</li>
            ))}
          </Box>
        </Alert>
        <Alert severity="warning" role="note">
          {t('teamApps.emailNote')}
        </Alert>
      </Stack>
    </Container>
  );
}
