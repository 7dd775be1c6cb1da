import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
import type { SurveyQuestion } from '@shared/api/surveys.js';
import { useSurveyFormT } from '../i18n/form';
import type { AnswerValue, FileAnswer } from '../lib/answers';
import type { TimeRange } from '../lib/time-range';
import { BarsInput } from './bars-input';
import { LazyDateAnswerPicker, LazyTimeRangePickers } from './lazy-pickers';
import { LazySearchSelect } from './lazy-search-select';
import { PhotoQuestion } from './photo-question';

export interface QuestionFieldProps {
  question: SurveyQuestion;
  value: AnswerValue;
  onChange: (value: AnswerValue) => void;
  /** The server's complaint about this answer, shown under it. */
  error?: string;
  disabled?: boolean;
}

/** Ids of a question's parts, stable per question id. */
export function questionIds(id: number) {
  const base = `survey-question-${id}`;
  return { block: base, input: `${base}-input`, label: `${base}-input-label`, error: `${base}-error` };
}

/** The question text above its input, with the required mark (a '*' hidden from screen readers). */
function QuestionLabel({
  id,
  htmlFor,
  required,
  error,
  children,
}: {
  id: string;
  htmlFor?: string;
  required: boolean;
  error: boolean;
  children: ReactNode;
}) {
  return (
    <FormLabel
      id={id}
      htmlFor={htmlFor}
      required={required}
      error={error}
      sx={{
        display: 'block',
        mb: 1,
        color: error ? undefined : 'text.primary',
        fontWeight: 500,
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </FormLabel>
  );
}

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <FormHelperText id={id} error>
      {error}
    </FormHelperText>
  ) : null;
}

/** docs/product.md#surveys: a textarea shows 5 rows at least. */
const TEXTAREA_MIN_ROWS = 5;

const asString = (value: AnswerValue): string => (typeof value === 'string' ? value : '');

/**
 * One survey question (docs/product.md#surveys: Survey), its input by type: a heading; text and textarea
 * (5 rows at least); radio buttons; a select; select2, a searchable select (fetched on first use); bars, a 1-5 signal
 * meter; locations, a select of the venues; a date; a from-until time range; a photo. Every input is
 * named by the question and shows the server's error under it. Memoised: a survey draws its questions
 * in steps, and a step then draws only its new questions, not those already on screen.
 */
export const QuestionField = memo(function QuestionField({
  question,
  value,
  onChange,
  error,
  disabled,
}: QuestionFieldProps) {
  const t = useSurveyFormT();
  const ids = questionIds(question.id);
  const { required } = question;
  const options = question.allowed_values ?? [];
  const invalid = Boolean(error);

  switch (question.type) {
    case 'heading':
      return (
        <Typography id={ids.block} component="h2" variant="h2" sx={{ pt: 1, overflowWrap: 'anywhere' }}>
          {question.question}
        </Typography>
      );

    case 'text':
    case 'textarea':
      return (
        <Box id={ids.block}>
          <QuestionLabel id={ids.label} htmlFor={ids.input} required={required} error={invalid}>
            {question.question}
          </QuestionLabel>
          <TextField
            id={ids.input}
            name={`question-${question.id}`}
            value={asString(value)}
            onChange={(event) => onChange(event.target.value)}
            required={required}
            disabled={disabled}
            fullWidth
            error={invalid}
            helperText={error}
            // At least 5 rows (docs/product.md#surveys), growing with the text; `rows` also gives the first paint its height.
            {...(question.type === 'textarea'
              ? { multiline: true, minRows: TEXTAREA_MIN_ROWS, slotProps: { htmlInput: { rows: TEXTAREA_MIN_ROWS } } }
              : {})}
          />
        </Box>
      );

    case 'select':
    case 'locations':
      return (
        <Box id={ids.block}>
          <QuestionLabel id={ids.label} required={required} error={invalid}>
            {question.question}
          </QuestionLabel>
          <TextField
            id={ids.input}
            select
            name={`question-${question.id}`}
            value={asString(value)}
            onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
            required={required}
            disabled={disabled}
            fullWidth
            error={invalid}
            helperText={error}
            slotProps={{
              select: {
                labelId: ids.label,
                displayEmpty: true,
                renderValue: (key) =>
                  options.find((option) => option.key === key)?.label ?? (
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {question.type === 'locations' ? t('survey.form.chooseVenue') : t('survey.form.chooseOption')}
                    </Box>
                  ),
              },
            }}
          >
            {!required && (
              <MenuItem value="">
                <em>{t('survey.form.noAnswer')}</em>
              </MenuItem>
            )}
            {options.map((option) => (
              <MenuItem key={option.key} value={option.key}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      );

    case 'select2':
      return (
        <Box id={ids.block}>
          <QuestionLabel id={ids.label} htmlFor={ids.input} required={required} error={invalid}>
            {question.question}
          </QuestionLabel>
          <LazySearchSelect
            id={ids.input}
            name={`question-${question.id}`}
            options={options}
            value={typeof value === 'string' ? value : null}
            onChange={onChange}
            required={required}
            error={error}
            disabled={disabled}
            placeholder={t('survey.form.typeToSearch')}
          />
        </Box>
      );

    case 'radio':
      return (
        <FormControl
          id={ids.block}
          component="fieldset"
          required={required}
          error={invalid}
          disabled={disabled}
          fullWidth
        >
          <FormLabel
            id={ids.label}
            component="legend"
            sx={{
              color: invalid ? undefined : 'text.primary',
              fontWeight: 500,
              overflowWrap: 'anywhere',
              '&.Mui-focused': { color: invalid ? undefined : 'text.primary' },
            }}
          >
            {question.question}
          </FormLabel>
          <RadioGroup
            aria-labelledby={ids.label}
            aria-describedby={error ? ids.error : undefined}
            name={`question-${question.id}`}
            value={asString(value)}
            onChange={(event) => onChange(event.target.value)}
          >
            {options.map((option) => (
              <FormControlLabel key={option.key} value={option.key} control={<Radio />} label={option.label} />
            ))}
          </RadioGroup>
          <ErrorText id={ids.error} error={error} />
        </FormControl>
      );

    case 'bars':
      return (
        <Box id={ids.block}>
          <QuestionLabel id={ids.label} required={required} error={invalid}>
            {question.question}
          </QuestionLabel>
          <BarsInput
            labelledBy={ids.label}
            value={typeof value === 'number' ? value : null}
            onChange={onChange}
            required={required}
            invalid={invalid}
            describedBy={error ? ids.error : undefined}
            disabled={disabled}
          />
          <ErrorText id={ids.error} error={error} />
        </Box>
      );

    case 'date':
      return (
        <Box id={ids.block}>
          <QuestionLabel id={ids.label} htmlFor={ids.input} required={required} error={invalid}>
            {question.question}
          </QuestionLabel>
          <LazyDateAnswerPicker
            id={ids.input}
            labelledBy={ids.label}
            value={typeof value === 'string' ? value : null}
            onChange={onChange}
            required={required}
            error={error}
            disabled={disabled}
          />
        </Box>
      );

    case 'time': {
      const range =
        typeof value === 'object' && value !== null && 'from' in value ? value : { from: null, until: null };
      return (
        // A fieldset: a group named by the question, holding 'From' and 'Until'.
        <FormControl
          id={ids.block}
          component="fieldset"
          required={required}
          error={invalid}
          fullWidth
          aria-describedby={error ? ids.error : undefined}
        >
          <FormLabel
            id={ids.label}
            component="legend"
            sx={{
              mb: 1.5,
              color: invalid ? undefined : 'text.primary',
              fontWeight: 500,
              overflowWrap: 'anywhere',
              '&.Mui-focused': { color: invalid ? undefined : 'text.primary' },
            }}
          >
            {question.question}
          </FormLabel>
          <LazyTimeRangePickers
            id={ids.input}
            value={range as TimeRange}
            onChange={onChange}
            required={required}
            invalid={invalid}
            disabled={disabled}
          />
          <ErrorText id={ids.error} error={error} />
        </FormControl>
      );
    }

    case 'file':
      return (
        <Box id={ids.block}>
          <PhotoQuestion
            label={question.question}
            name={`question-${question.id}`}
            value={typeof value === 'object' && value !== null && 'data' in value ? (value as FileAnswer) : null}
            onChange={onChange}
            required={required}
            error={error}
          />
        </Box>
      );

    default:
      // Unknown types are dropped with a warning when the survey loads (supportedQuestions).
      return null;
  }
});
