import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The pickers' layout on a phone (below MUI's `sm`) with every day, month and year at least 44 px
 * (issue 13: every button 44 px tall on a phone; MUI draws them 36 px). Seven 44 px days fill 308 of
 * the picker's 320 px, so the margins go; the calendar grows to fit six weeks. Passed as
 * `slotProps.layout.sx` to each date picker.
 */
export const PICKER_TAP_TARGETS: SxProps<Theme> = {
  '@media (max-width:599.95px)': {
    '& .MuiDateCalendar-root': { height: 'auto', maxHeight: 'none' },
    '& .MuiYearCalendar-button, & .MuiMonthCalendar-button': { height: 44 },
    '& .MuiPickerDay-root': { width: 44, height: 44, margin: 0 },
    '& .MuiDayCalendar-weekDayLabel': { width: 44, margin: 0 },
    '& .MuiDayCalendar-slideTransition': { minHeight: 6 * 44 },
  },
};
