import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { PRODUCT_SHORT_NAME } from '@shared/constants.js';
import { useFrameT } from '@web/i18n/frame';
import { useBrand } from '@web/lib/brand';

export interface TopBarProps {
  /** Empty shows the product's short name. */
  title: string;
  menuOpen: boolean;
  onOpenMenu: () => void;
}

/**
 * The top bar (docs/product.md#frame): menu button, current title, brand logo. The title is never cut
 * short: at 360 to 390 px it fits beside the logo, and a longer one (a survey's name) wraps.
 */
export function TopBar({ title, menuOpen, onOpenMenu }: TopBarProps) {
  const brand = useBrand();
  const t = useFrameT();
  return (
    // In the brand's own colour in both schemes, as the logo is drawn for it.
    <AppBar position="sticky" color="primary" sx={{ bgcolor: 'banner', color: 'common.white' }}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          edge="start"
          color="inherit"
          aria-label={t('frame.menu.open')}
          aria-controls="side-menu"
          aria-expanded={menuOpen}
          onClick={onOpenMenu}
        >
          <MenuIcon />
        </IconButton>
        {/* The whole title, always: a size smaller on phones, and a second line before it is ever cut. */}
        <Typography
          component="div"
          variant="h6"
          sx={{
            flexGrow: 1,
            fontWeight: 600,
            minWidth: 0,
            fontSize: { xs: '1.125rem', sm: '1.25rem' },
            lineHeight: 1.25,
            overflowWrap: 'anywhere',
          }}
        >
          {title || PRODUCT_SHORT_NAME}
        </Typography>
        <Box
          component="img"
          src={brand.logo}
          alt={brand.name}
          sx={{
            // On a phone the logo gives the title room: 28 px tall is still the whole brand mark.
            height: { xs: 28, sm: 38 },
            width: 'auto',
            maxWidth: '40vw',
            objectFit: 'contain',
            display: 'block',
            flexShrink: 0,
          }}
        />
      </Toolbar>
    </AppBar>
  );
}
