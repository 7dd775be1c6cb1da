/**
 * One question's chart on a survey's results (docs/product.md#console-surveys), drawn with MUI X
 * Charts (community). Loaded on demand by survey-results-page.tsx, so only that screen downloads the
 * charts. The figure around it carries the question as its name and the numbers as a table; the
 * bars show their counts as labels too.
 */
import { useTheme } from '@mui/material/styles';
import { BarChart, barClasses } from '@mui/x-charts/BarChart';
import type { QuestionResult } from '@shared/api/console/surveys.js';

type Counts = NonNullable<QuestionResult['counts']>;

/** Room per option of a horizontal chart, and around it for the axis. */
const ROW_PX = 36;
const AXIS_PX = 56;

/**
 * `bars` (1..5): the distribution as columns; radio, select and locations: a horizontal bar per
 * option, its label on the left. `title` names the drawing for assistive technology.
 */
export default function SurveyChart({ type, counts, title }: { type: string; counts: Counts; title: string }) {
  const labels = counts.map((option) => option.label);
  const data = counts.map((option) => option.count);
  // The brand's colour, each count on its bar in the colour text on it takes.
  const { palette } = useTheme();
  const series = [
    {
      data,
      label: 'Answers',
      color: palette.primary.main,
      barLabel: (item: { value: number | null }) => (item.value ? String(item.value) : null),
    },
  ];
  const sx = { [`& .${barClasses.label}`]: { fill: palette.primary.contrastText, fontWeight: 600 } };
  if (type === 'bars') {
    return (
      <BarChart
        title={title}
        height={220}
        series={series}
        xAxis={[{ scaleType: 'band', data: labels, label: 'Bars' }]}
        yAxis={[{ tickMinStep: 1, width: 40 }]}
        hideLegend
        sx={sx}
      />
    );
  }
  // Long option names (venues) get the room a phone can spare for them.
  const longest = Math.max(...labels.map((label) => label.length), 1);
  return (
    <BarChart
      title={title}
      layout="horizontal"
      height={Math.max(120, counts.length * ROW_PX + AXIS_PX)}
      series={series}
      yAxis={[{ scaleType: 'band', data: labels, width: Math.min(160, 16 + longest * 7) }]}
      xAxis={[{ tickMinStep: 1 }]}
      hideLegend
      sx={sx}
    />
  );
}
