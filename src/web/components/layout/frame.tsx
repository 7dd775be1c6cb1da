import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { closeMenu, openMenu, selectTheme, setTitle } from '@web/stores/theme-slice';
import type { MenuEntry } from './menu-entries';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

/** The signed-in frame: top bar, side menu and the page below them. */
export function Frame({ children }: { children: ReactNode }) {
  const { menuOpen, title } = useSelector(selectTheme);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // docs/product.md#frame: choosing an entry sets the title to its name, closes the menu and navigates.
  const choose = (entry: MenuEntry) => {
    dispatch(setTitle(entry.name));
    dispatch(closeMenu());
    navigate(entry.path);
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <TopBar title={title} menuOpen={menuOpen} onOpenMenu={() => dispatch(openMenu())} />
      <SideMenu open={menuOpen} currentPath={pathname} onClose={() => dispatch(closeMenu())} onChoose={choose} />
      <Box component="main" sx={{ flexGrow: 1 }}>
        {children}
      </Box>
    </Box>
  );
}
