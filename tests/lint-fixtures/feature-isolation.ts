// lint-as: src/web/features/vehicles/lib/boundary-fixture.ts
// expect: import-x/no-restricted-paths [feature-isolation]
import { isSurveyDate } from '@web/features/surveys/lib/survey-date';

export const text = isSurveyDate;
