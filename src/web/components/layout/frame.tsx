import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { closeMenu, openMenu, setTitle, useThemeState } from '@web/stores/theme-store';
import { useFrameT } from '@web/i18n/frame';
import { pageTitleOf, TITLE_LABELS, type MenuEntry } from './menu-entries';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

/** The signed-in frame: top bar, side menu (`entries`, the staff menu unless given) and the page below them. */
export function Frame({ children, entries }: { children: ReactNode; entries?: readonly MenuEntry[] }) {
  const { menuOpen, title } = useThemeState();
  const [pathname, navigate] = useLocation();
  // A page with a fixed name is named by its route; others (a survey) by the title they set.
  const englishTitle = pageTitleOf(pathname) ?? title;
  const t = useFrameT();
  // The staff side's titles in the member's language; the console's and a survey's as they are.
  const label = TITLE_LABELS[englishTitle];
  const pageTitle = label ? t(label) : englishTitle;
  // The tab is named like the top bar (docs/product.md#page-titles).
  useDocumentTitle(pageTitle || undefined);

  // docs/product.md#frame: choosing an entry sets the title to its name, closes the menu and navigates.
  const choose = (entry: MenuEntry) => {
    setTitle(entry.name);
    closeMenu();
    navigate(entry.path);
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <TopBar title={pageTitle} menuOpen={menuOpen} onOpenMenu={openMenu} />
      <SideMenu open={menuOpen} currentPath={pathname} onClose={closeMenu} onChoose={choose} entries={entries} />
      <Box component="main" sx={{ flexGrow: 1 }}>
        {children}
      </Box>
    </Box>
  );
}
