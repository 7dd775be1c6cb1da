/**
 * Id of the `<script type="application/json">` the `/survey/<id>` page carries for a signed-in member:
 * the survey as `GET /rest/staff-survey/<id>` answers it (its `data`), so the screen draws its
 * questions without a call after its code has run (docs/architecture.md#performance). Kept apart from
 * constants.ts, which the sign-in page loads, so it travels only with the survey screen's code.
 */
export const EMBEDDED_SURVEY_ELEMENT_ID = 'staffroom-survey';
