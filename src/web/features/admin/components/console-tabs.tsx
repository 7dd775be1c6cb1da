import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink, useLocation } from 'wouter';

/** The console's screens (docs/product.md#console), in the order its tabs list them. */
export const CONSOLE_SECTIONS = [
  { path: '/admin/people', label: 'People' },
  { path: '/admin/joiners', label: 'Joiners' },
  { path: '/admin/insurance', label: 'Insurance' },
] as const;

/** The section an address belongs to: a person's page is under People, `/admin` opens People; false for none. */
export function sectionOf(pathname: string): string | false {
  if (pathname === '/admin' || pathname === '/admin/') return '/admin/people';
  const section = CONSOLE_SECTIONS.find(({ path }) => pathname === path || pathname.startsWith(`${path}/`));
  return section?.path ?? false;
}

/**
 * The console's own navigation (docs/product.md#console), a row of tabs under the top bar on every
 * console screen: People, Joiners and Insurance, each a link (so it opens in a new tab too), the
 * current one marked. The side menu keeps one "HR console" entry; phones share the row out evenly.
 */
export function ConsoleTabs() {
  const [pathname] = useLocation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const current = sectionOf(pathname);
  return (
    <Box component="nav" aria-label="HR console" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Container maxWidth="xl" disableGutters={phone}>
        <Tabs value={current} aria-label="Console screens" variant={phone ? 'fullWidth' : 'standard'}>
          {CONSOLE_SECTIONS.map(({ path, label }) => (
            <Tab
              key={path}
              value={path}
              label={label}
              component={RouterLink}
              href={path}
              aria-current={current === path ? 'page' : undefined}
              sx={{ minHeight: 48, px: { sm: 3 } }}
            />
          ))}
        </Tabs>
      </Container>
    </Box>
  );
}
