import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, type ReactElement } from 'react';
import { useFrameT } from '@web/i18n/frame';
import type { MessageId } from '@web/i18n/i18n';
import { chooseScheme, useSchemeChoice, type SchemeChoice } from '@web/stores/color-scheme-store';

const CHOICES: { value: SchemeChoice; label: MessageId; icon: ReactElement }[] = [
  { value: 'system', label: 'frame.scheme.system', icon: <SettingsBrightnessIcon fontSize="small" /> },
  { value: 'light', label: 'frame.scheme.light', icon: <LightModeIcon fontSize="small" /> },
  { value: 'dark', label: 'frame.scheme.dark', icon: <DarkModeIcon fontSize="small" /> },
];

/**
 * The colour scheme in the side menu (docs/product.md#colour-schemes): System, Light or Dark, one
 * always chosen, kept on the device.
 */
export function ColorSchemeChoice() {
  const choice = useSchemeChoice();
  const labelId = useId();
  const t = useFrameT();
  return (
    <Box sx={{ px: 2, py: 1.5 }}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('frame.scheme.label')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        value={choice}
        aria-labelledby={labelId}
        // A tap on the chosen one would choose nothing: one is always chosen.
        onChange={(_event, value: SchemeChoice | null) => value && chooseScheme(value)}
      >
        {CHOICES.map(({ value, label, icon }) => (
          <ToggleButton key={value} value={value} sx={{ gap: 0.75, minHeight: 44, textTransform: 'none' }}>
            {icon}
            {t(label)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
