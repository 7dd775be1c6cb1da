import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Brand } from '@shared/brands.js';
import type { StaffMember } from '@shared/api/my-details.js';
import { dashboardCards } from '../cards';
import { greetingFor, type Greeting } from '../greeting';
import { useDashboardT } from '../i18n';
import type { MessageId } from '@web/i18n/i18n';
import { LanguageOffer } from '@web/i18n/language-offer';
import { InfoCard } from './info-card';
import { QuickActions } from './quick-actions';

/** The part of the staff member the dashboard draws (also what is kept for no signal, src/web/lib/offline-member.ts). */
export type DashboardMember = Pick<
  StaffMember,
  'forename' | 'onboard_complete' | 'initial_training_complete' | 'show_audit' | 'qol_link'
>;

export interface DashboardProps {
  staff: DashboardMember;
  brand: Brand;
  /** Shown above the greeting: the offline notice when this is the member as last kept. */
  notice?: ReactNode;
  /** Hour of day for the greeting; defaults to the current local hour. */
  hour?: number;
}

/** Each greeting's message. */
const GREETINGS: Record<Greeting, MessageId> = {
  'Good Morning': 'dashboard.greeting.morning',
  'Good Afternoon': 'dashboard.greeting.afternoon',
  'Good Evening': 'dashboard.greeting.evening',
  Hi: 'dashboard.greeting.night',
};

/** The dashboard (docs/product.md#dashboard): greeting, quick actions and the 'Useful Information' cards. */
export function Dashboard({ staff, brand, notice, hour = new Date().getHours() }: DashboardProps) {
  const cards = dashboardCards(staff, brand);
  const t = useDashboardT();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
      <LanguageOffer signedIn />
      {notice && <Box sx={{ mb: { xs: 2, sm: 3 } }}>{notice}</Box>}
      <Typography component="h1" variant="h1">
        {t(GREETINGS[greetingFor(hour)], { name: staff.forename })}
      </Typography>
      {!staff.onboard_complete && (
        <Typography sx={{ mt: 1.5, maxWidth: 720 }} color="text.secondary">
          {t('dashboard.welcome')}
        </Typography>
      )}

      <Box component="section" aria-labelledby="quick-actions-heading" sx={{ mt: { xs: 3, sm: 4 } }}>
        <Typography id="quick-actions-heading" component="h2" variant="h2" sx={{ mb: 1.5 }}>
          {t('dashboard.quickActions.heading')}
        </Typography>
        <QuickActions staff={staff} trainingUrl={brand.trainingUrl} />
      </Box>

      <Box component="section" aria-labelledby="useful-information-heading" sx={{ mt: { xs: 4, sm: 5 } }}>
        <Typography id="useful-information-heading" component="h2" variant="h2" sx={{ mb: 2 }}>
          {t('dashboard.useful.heading')}
        </Typography>
        <Grid container spacing={{ xs: 2, md: 3 }}>
          {cards.map((card) => (
            <Grid key={card.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <InfoCard card={card} />
            </Grid>
          ))}
        </Grid>
      </Box>
    </Container>
  );
}
