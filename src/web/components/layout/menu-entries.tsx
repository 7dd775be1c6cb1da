import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import type { ReactElement } from 'react';
import type { MessageId } from '@web/i18n/i18n';

export interface MenuEntry {
  /** Its English name (docs/product.md#frame), the top-bar title when chosen. */
  name: string;
  /** Its name in the member's language, as the menu and the top bar show it. */
  label: MessageId;
  path: string;
  icon: ReactElement;
}

/** The side-menu entries, in order (docs/product.md#frame). */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { name: 'Dashboard', label: 'frame.menu.dashboard', path: '/dashboard', icon: <DashboardIcon /> },
  { name: 'My Details', label: 'frame.menu.myDetails', path: '/my-details', icon: <PersonIcon /> },
  { name: 'My Vehicles', label: 'frame.menu.myVehicles', path: '/vehicle-management', icon: <DirectionsCarIcon /> },
  { name: 'Team Discount', label: 'frame.menu.teamDiscount', path: '/team-discount', icon: <LocalOfferIcon /> },
  { name: 'Logout', label: 'frame.menu.logout', path: '/logout', icon: <LogoutIcon /> },
];

/**
 * Staffroom's own entries, listed below the product's after a divider (docs/product.md#top-bar-and-side-menu):
 * My Documents (docs/product.md#my-documents).
 */
export const ADDED_ENTRIES: readonly MenuEntry[] = [
  { name: 'My Documents', label: 'frame.menu.myDocuments', path: '/my-documents', icon: <DescriptionIcon /> },
];

/** The HR console (docs/product.md#console), listed only for someone who holds a console role. */
export const CONSOLE_ENTRY: MenuEntry = {
  name: 'HR console',
  label: 'frame.menu.console',
  path: '/admin',
  icon: <AdminPanelSettingsIcon />,
};

/** The side-menu entries for a member: with a console role, the HR console before Logout. */
export function menuEntriesFor(hasConsoleRole: boolean): readonly MenuEntry[] {
  return hasConsoleRole ? [...MENU_ENTRIES.slice(0, -1), CONSOLE_ENTRY, ...MENU_ENTRIES.slice(-1)] : MENU_ENTRIES;
}

/**
 * The top-bar title of each signed-in page with a fixed name (docs/product.md#frame), so the bar names
 * the page after a reload or a link, not only after a menu choice. Pages not listed (a survey) set it.
 */
export const PAGE_TITLES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(MENU_ENTRIES.filter((e) => e.path !== '/logout').map((e) => [e.path, e.name])),
  ...Object.fromEntries(ADDED_ENTRIES.map((e) => [e.path, e.name])),
  '/team-apps': 'Team apps',
  [CONSOLE_ENTRY.path]: CONSOLE_ENTRY.name,
  '/admin/people': 'People',
  '/admin/people/import': 'Import people',
  '/admin/joiners': 'Joiners',
  '/admin/insurance': 'Insurance queue',
  '/admin/documents': 'Documents',
  '/admin/templates': 'Document templates',
  '/admin/setup': 'Set-up',
  '/admin/payroll': 'Payroll hand-off',
  '/admin/right-to-work': 'Right to work',
  '/admin/surveys': 'Surveys',
};

/**
 * The staff side's page titles in the member's language, by their English name (PAGE_TITLES); the
 * console's screens and a survey's name are shown as they are.
 */
export const TITLE_LABELS: Readonly<Record<string, MessageId>> = {
  ...Object.fromEntries([...MENU_ENTRIES, ...ADDED_ENTRIES].map((e) => [e.name, e.label])),
  'Team apps': 'frame.menu.teamApps',
};

/**
 * The top-bar title of `pathname` when its route names it: PAGE_TITLES, 'Person' for a person's page in
 * the console, 'Survey results' for a survey's, 'My Documents' for one of the member's documents.
 */
export function pageTitleOf(pathname: string): string | undefined {
  if (/^\/admin\/surveys\/\d+$/.test(pathname)) return 'Survey results';
  if (pathname.startsWith('/my-documents/')) return 'My Documents';
  return PAGE_TITLES[pathname] ?? (/^\/admin\/people\/[^/]+$/.test(pathname) ? 'Person' : undefined);
}
