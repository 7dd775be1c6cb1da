/**
 * Contract and agreement templates (docs/product.md#documents): HTML with `{{forename}}`-style merge fields, merged
 * with the person's details (values HTML-escaped) and then sanitised with sanitize-html, so what is
 * shown and signed has no script, no event handlers, no styles and nothing loaded from elsewhere.
 */
import escapeHtml from 'escape-html';
import { DomUtils, parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { AppError } from '@server/errors.js';

/** The merge fields a template may use, with what they stand for. */
export const MERGE_FIELDS = [
  'forename',
  'surname',
  'full_name',
  'known_as',
  'email_address',
  'position',
  'venue',
  'start_date',
  'today',
  'company',
] as const;
export type MergeValues = Record<(typeof MERGE_FIELDS)[number], string>;

const MERGE_FIELD = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

const AND = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/** What an empty merge value means, in words. */
const MISSING_HINTS: Partial<Record<keyof MergeValues, string>> = {
  position: 'a position',
  venue: 'a venue',
  start_date: 'a start date',
};

/**
 * Replaces every `{{name}}` with its escaped value. A document must not go out with a blank where
 * the start date or the workplace should be (Employment Rights Act 1996 s.1 requires both in a
 * contract), so a used field whose value is empty is refused too.
 * @throws AppError BAD_REQUEST naming unknown merge fields; TEMPLATE_DETAILS_MISSING naming the details
 *   the person lacks (their merge field names in `detail.missing`).
 */
export function mergeTemplate(html: string, values: MergeValues): string {
  const unknown = new Set<string>();
  const empty = new Set<keyof MergeValues>();
  const merged = html.replace(MERGE_FIELD, (_, name: string) => {
    if (!Object.hasOwn(values, name)) {
      unknown.add(name);
      return '';
    }
    const value = values[name as keyof MergeValues];
    if (!value.trim()) empty.add(name as keyof MergeValues);
    return escapeHtml(value);
  });
  if (empty.size && !unknown.size) {
    const hints = [...empty].map((n) => MISSING_HINTS[n] ?? `a value for {{${n}}}`);
    throw new AppError(
      'TEMPLATE_DETAILS_MISSING',
      `The template needs ${AND.format(hints)}, which this person does not have on record.`,
      undefined,
      { missing: [...empty] },
    );
  }
  if (unknown.size) {
    throw new AppError(
      'BAD_REQUEST',
      `The template uses merge fields that do not exist: ${[...unknown].map((n) => `{{${n}}}`).join(', ')}. ` +
        `Known fields: ${MERGE_FIELDS.map((n) => `{{${n}}}`).join(', ')}.`,
    );
  }
  return merged;
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: sanitizeHtml.defaults.allowedTags.filter((t) => !['nav', 'menu'].includes(t)),
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of these is never document text (the <title> becomes the document's title instead).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template'],
  // Links open outside the signing page and leak nothing back to it.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.text.trim(),
};

/** The HTML as it may be shown: no script, event handlers, styles, images, frames or forms. */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE).trim();
}

/** The `<title>` or else the first heading (`<h1>` to `<h3>`) of an HTML template, as plain text. */
export function templateTitle(html: string): string | undefined {
  const inner =
    html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1] ?? html.match(/<h([1-3])[^>]*>([\s\S]*?)<\/h\1>/i)?.[2];
  if (inner === undefined) return undefined;
  const text = DomUtils.textContent(parseDocument(inner)).replace(/\s+/g, ' ').trim();
  return text || undefined;
}
