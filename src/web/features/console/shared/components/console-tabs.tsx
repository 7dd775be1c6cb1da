import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink, useLocation } from 'wouter';
import { useConsoleMe } from '../api/get-console-me';

/** The console's screens (docs/product.md#console), in the order its tabs list them. */
export const CONSOLE_SECTIONS = [
  { path: '/admin/people', label: 'People' },
  { path: '/admin/joiners', label: 'Joiners' },
  { path: '/admin/insurance', label: 'Insurance' },
  { path: '/admin/right-to-work', label: 'Right to work' },
  { path: '/admin/documents', label: 'Documents' },
  { path: '/admin/surveys', label: 'Surveys' },
  { path: '/admin/setup', label: 'Set-up' },
  // Shown to HR only (docs/product.md#payroll-hand-off); the server refuses anyone else.
  { path: '/admin/payroll', label: 'Payroll', hrOnly: true },
] as const satisfies readonly { path: string; label: string; hrOnly?: boolean }[];

/** The section an address belongs to: a person's page is under People, `/admin` opens People; false for none. */
export function sectionOf(pathname: string): string | false {
  if (pathname === '/admin' || pathname === '/admin/') return '/admin/people';
  // The stored templates are reached from the Documents screen, under its tab.
  if (pathname === '/admin/templates' || pathname.startsWith('/admin/templates/')) return '/admin/documents';
  const section = CONSOLE_SECTIONS.find(({ path }) => pathname === path || pathname.startsWith(`${path}/`));
  return section?.path ?? false;
}

/**
 * The console's own navigation (docs/product.md#console), a row of tabs under the top bar on every
 * console screen: People, Joiners and Insurance, each a link (so it opens in a new tab too), the
 * current one marked. The side menu keeps one "HR console" entry; phones share the row out evenly, or
 * scroll it sideways with scroll buttons (the tabs alone, never the page) when more than three would not fit 390 px.
 */
export function ConsoleTabs() {
  const [pathname] = useLocation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const current = sectionOf(pathname);
  // Sections marked `hrOnly` are HR's alone: a venue manager is not shown their tab.
  const hr = useConsoleMe().data?.role === 'hr';
  const sections = CONSOLE_SECTIONS.filter((section) => hr || !('hrOnly' in section && section.hrOnly));
  return (
    <Box
      component="nav"
      aria-label="HR console"
      sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
    >
      <Container maxWidth="xl" disableGutters={phone}>
        <Tabs
          value={sections.some(({ path }) => path === current) ? current : false}
          aria-label="Console screens"
          variant={phone ? (sections.length > 3 ? 'scrollable' : 'fullWidth') : 'standard'}
          scrollButtons={phone && sections.length > 3 ? 'auto' : false}
          allowScrollButtonsMobile
        >
          {sections.map(({ path, label }) => (
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
