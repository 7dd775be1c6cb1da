import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useRef, type KeyboardEvent } from 'react';
import { BARS_MAX, BARS_MIN } from '@shared/survey-rules.js';
import { useSurveyFormT } from '../i18n/form';

export interface BarsInputProps {
  /** Id of the element naming the rating (the question). */
  labelledBy: string;
  /** Chosen number of bars, or null while unrated. */
  value: number | null;
  onChange: (value: number) => void;
  required?: boolean;
  /** Id of the text describing a problem with the answer. */
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
}

const LEVELS = Array.from({ length: BARS_MAX - BARS_MIN + 1 }, (_, i) => BARS_MIN + i);

/** Height of the tallest bar; each bar below it is a step shorter, like a signal meter. */
const METER_HEIGHT = 48;

/**
 * A 1-5 rating (docs/product.md#surveys: `bars`) shown as the bars of a signal meter, rising in height, the chosen
 * one and those below it filled. A radio group: each bar is a radio ('1 of 5 bars'...) that a click
 * or tap chooses; from the keyboard the group is one tab stop, Arrow Right/Up give one bar more,
 * Arrow Left/Down one less (like a meter), Home and End the least and the most. The chosen number
 * shows beside the meter.
 */
export function BarsInput({ labelledBy, value, onChange, required, describedBy, invalid, disabled }: BarsInputProps) {
  const t = useSurveyFormT();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  // The one tab stop: the chosen bar, or the first while unrated.
  const tabStop = value ?? BARS_MIN;

  const choose = (level: number, focus: boolean) => {
    const next = Math.min(BARS_MAX, Math.max(BARS_MIN, level));
    if (next !== value) onChange(next);
    if (focus) refs.current[next - BARS_MIN]?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, level: number) => {
    const moves: Record<string, number> = {
      ArrowRight: level + 1,
      ArrowUp: level + 1,
      ArrowLeft: level - 1,
      ArrowDown: level - 1,
      Home: BARS_MIN,
      End: BARS_MAX,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(target, true);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap' }}>
      <Box
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-disabled={disabled || undefined}
        sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.75 }}
      >
        {LEVELS.map((level) => {
          const filled = value !== null && level <= value;
          return (
            <ButtonBase
              key={level}
              ref={(element: HTMLButtonElement | null) => {
                refs.current[level - BARS_MIN] = element;
              }}
              role="radio"
              aria-checked={value === level}
              aria-label={t('survey.form.barLabel', { level, max: BARS_MAX })}
              tabIndex={level === tabStop ? 0 : -1}
              disabled={disabled}
              onClick={() => choose(level, false)}
              onKeyDown={(event) => handleKeyDown(event, level)}
              // A touch target as tall as the meter, the bar itself drawn inside it.
              sx={{
                width: 44,
                height: METER_HEIGHT + 8,
                alignItems: 'flex-end',
                justifyContent: 'center',
                borderRadius: 1,
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Box
                aria-hidden
                sx={{
                  width: 28,
                  height: (METER_HEIGHT * level) / BARS_MAX,
                  borderRadius: 0.75,
                  bgcolor: filled ? (invalid ? 'error.main' : 'primary.main') : 'transparent',
                  border: 2,
                  borderColor: filled ? 'transparent' : invalid ? 'error.main' : 'grey.500',
                  transition: 'background-color 120ms',
                }}
              />
            </ButtonBase>
          );
        })}
      </Box>
      <Typography
        sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', pb: 0.5 }}
        color={value === null ? 'text.secondary' : 'text.primary'}
      >
        {value === null ? t('survey.form.notRated') : t('survey.form.barValue', { value, max: BARS_MAX })}
      </Typography>
    </Box>
  );
}
