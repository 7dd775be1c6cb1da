import { useParams } from 'wouter';
import { prefetchSurveyChart, SurveyResultsPage } from '@web/features/console/surveys/components/survey-results-page';

// The charts' code starts arriving with this screen's, not after its first render.
prefetchSurveyChart();

/** `/admin/surveys/:id`: a survey's results with a chart per question (docs/product.md#console-surveys). */
export default function SurveyResultsRoute() {
  const { id } = useParams();
  if (!id) return null;
  // Keyed by id: another survey starts at its own current version.
  return <SurveyResultsPage key={id} surveyId={Number(id)} />;
}
