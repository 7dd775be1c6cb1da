/**
 * The surveys module's public face: the only file other modules, the app and the CLI import
 * (docs/architecture.md#one-way-imports).
 */
export { surveyRoutes } from './routes.js';
export {
  exportSurveyResults,
  getSurvey,
  importSurvey,
  listSurveyVersions,
  loadSurveyVersion,
  parseSurvey,
} from './service.js';
