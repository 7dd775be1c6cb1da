import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { PRODUCT_SHORT_NAME } from '@shared/constants.js';
import { useBrand } from '@web/lib/brand';

export interface TopBarProps {
  /** Empty shows the product's short name. */
  title: string;
  menuOpen: boolean;
  onOpenMenu: () => void;
}

/** The top bar (docs/product.md#frame): menu button, current title, brand logo. */
export function TopBar({ title, menuOpen, onOpenMenu }: TopBarProps) {
  const brand = useBrand();
  return (
    <AppBar position="sticky" color="primary">
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          edge="start"
          color="inherit"
          aria-label="Open menu"
          aria-controls="side-menu"
          aria-expanded={menuOpen}
          onClick={onOpenMenu}
        >
          <MenuIcon />
        </IconButton>
        <Typography component="div" variant="h6" noWrap sx={{ flexGrow: 1, fontWeight: 600, minWidth: 0 }}>
          {title || PRODUCT_SHORT_NAME}
        </Typography>
        <Box
          component="img"
          src={brand.logo}
          alt={brand.name}
          sx={{
            height: { xs: 32, sm: 38 },
            width: 'auto',
            maxWidth: '52vw',
            objectFit: 'contain',
            display: 'block',
            flexShrink: 0,
          }}
        />
      </Toolbar>
    </AppBar>
  );
}
