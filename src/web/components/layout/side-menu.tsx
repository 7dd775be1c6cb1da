import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { lazy, Suspense } from 'react';
import { useFrameT } from '@web/i18n/frame';
import { useBrand } from '@web/lib/brand';
import { ADDED_ENTRIES, MENU_ENTRIES, type MenuEntry } from './menu-entries';

// Its toggle buttons are fetched when the menu first opens, not with every signed-in page.
const ColorSchemeChoice = lazy(() =>
  import('./color-scheme-choice').then((module) => ({ default: module.ColorSchemeChoice })),
);
const LanguageChoice = lazy(() => import('./language-choice').then((module) => ({ default: module.LanguageChoice })));

export interface SideMenuProps {
  open: boolean;
  /** The current path, to mark the entry the user is on. */
  currentPath: string;
  onClose: () => void;
  onChoose: (entry: MenuEntry) => void;
  /** The entries to list; the staff menu unless given (menuEntriesFor adds the HR console). */
  entries?: readonly MenuEntry[];
}

/**
 * The side menu (docs/product.md#frame): Dashboard, My Details, My Vehicles, Team Discount, (HR console,)
 * Logout; then, after a divider, Staffroom's own entries (My Documents), and after another the
 * language (docs/decisions/0069-member-language.md) and the colour scheme (docs/product.md#colour-schemes).
 */
export function SideMenu({ open, currentPath, onClose, onChoose, entries = MENU_ENTRIES }: SideMenuProps) {
  const brand = useBrand();
  const t = useFrameT();
  const item = (entry: MenuEntry) => {
    // The HR console's entry stays marked on every console page, My Documents on each document.
    const current = currentPath === entry.path || currentPath.startsWith(`${entry.path}/`);
    return (
      // A list holds items: each entry's button sits in one.
      <ListItem key={entry.path} disablePadding>
        <ListItemButton
          selected={current}
          aria-current={current ? 'page' : undefined}
          onClick={() => onChoose(entry)}
          sx={{ mx: 1, borderRadius: 2, minHeight: 48 }}
        >
          <ListItemIcon sx={{ minWidth: 40, color: current ? 'primary.main' : undefined }}>{entry.icon}</ListItemIcon>
          <ListItemText primary={t(entry.label)} />
        </ListItemButton>
      </ListItem>
    );
  };
  return (
    <Drawer id="side-menu" anchor="left" open={open} onClose={onClose}>
      <Box component="nav" aria-label={t('frame.menu.label')} sx={{ width: 280, maxWidth: '85vw' }}>
        <Box sx={{ bgcolor: 'banner', px: 2.5, py: 2.5, display: 'flex', alignItems: 'center' }}>
          {/* The same logo is named in the top bar; here it is decoration. */}
          <Box component="img" src={brand.logo} alt="" sx={{ height: 40, width: 'auto', display: 'block' }} />
        </Box>
        <List sx={{ py: 1 }}>{entries.map(item)}</List>
        <Divider sx={{ mx: 2 }} />
        <List sx={{ py: 1 }}>{ADDED_ENTRIES.map(item)}</List>
      </Box>
      {/* A setting, not a place to go: below the entries, outside the navigation. */}
      <Divider />
      <Suspense fallback={null}>
        <LanguageChoice />
        <ColorSchemeChoice />
      </Suspense>
    </Drawer>
  );
}
