import { useParams } from 'wouter';
import { SurveyNotFound, SurveyPage } from '@web/features/surveys/components/survey-page';

/** `/survey/:id`: a staff survey (docs/product.md#surveys); an id that is not a survey number is not found. */
export default function SurveyRoute() {
  const { id } = useParams();
  const surveyId = Number(id);
  if (!id || !/^\d+$/.test(id) || !Number.isSafeInteger(surveyId) || surveyId < 1 || surveyId > 2_147_483_647)
    return <SurveyNotFound />;
  // Keyed by id: another survey starts from its own defaults.
  return <SurveyPage key={surveyId} id={surveyId} />;
}
