/**
 * The console's search for a person (docs/product.md#people): a text found anywhere, case-insensitively,
 * in the full name (forename, a space, surname), the preferred name or the email address. Each part is
 * written so that a trigram index answers it (docs/decisions/0050-console-at-scale.md); the email is
 * searched in its two halves, each indexed on its own (migration `console-email-search`), because a
 * group's addresses share one domain: the trigrams of an address's domain are in every row, so an index
 * of whole addresses read posting lists as long as the table for any search that crossed the `@`. A
 * search that crosses it narrows by the local part's end, read as a prefix of the reversed local part
 * from a b-tree (docs/decisions/0070-console-searches-read-once.md).
 */
import { and, ilike, or, sql, type SQL } from 'drizzle-orm';
import { staff } from '@server/db/schema.js';

/** `text` with LIKE's wildcards and escape character escaped, to be matched literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `text` literally anywhere. */
export const containing = (text: string) => `%${literal(text)}%`;

// The exact expressions of staff_email_local_part_trgm_idx and staff_email_domain_trgm_idx: the planner
// uses an expression index only for the same expression.
const localPart = sql`split_part(${staff.emailAddress}, '@', 1)`;
const domain = sql`split_part(${staff.emailAddress}, '@', 2)`;
// The exact expression of staff_email_local_part_reversed_idx.
const reversedLocalPart = sql`reverse(lower(${localPart}))`;
const ASCII = /^[\x20-\x7e]*$/;

/**
 * Local parts ending with `text`, case-insensitively as ILIKE compares (the lower case of both): the
 * reversed local part starts with the reversed text, a range of the b-tree. Only for printable ASCII:
 * lower() then works letter by letter, so lowering and reversing commute (in a context-sensitive
 * lowering, as ICU's of a final sigma, they need not). Other text keeps the trigram index's
 * `ILIKE '%text'`. The pattern is lowered by the database, as ILIKE lowers it, and is a constant to the
 * planner (a query's parameters are, when it is planned for them), which turns its prefix into a range.
 */
function localPartEndingWith(text: string): SQL {
  if (!ASCII.test(text)) return ilike(localPart, `%${literal(text)}`);
  return sql`${reversedLocalPart} like lower(${`${literal([...text].reverse().join(''))}%`})`;
}

/**
 * Addresses containing `text`, the same set as `email_address ILIKE '%text%'` for addresses with one `@`
 * (every stored address: they are validated as emails on every way in). Without an `@` in the text, it
 * is in the local part or in the domain. With one, the address's only `@` must be the text's, so the
 * local part ends with what comes before it (or, with nothing before it, the domain starts with what
 * follows): that narrows through an index, and the whole address is then tested as before.
 */
export function emailContaining(text: string): SQL {
  const at = text.indexOf('@');
  if (at < 0) return or(ilike(localPart, containing(text)), ilike(domain, containing(text)))!;
  const before = text.slice(0, at);
  const narrowed = before ? localPartEndingWith(before) : ilike(domain, `${literal(text.slice(at + 1))}%`);
  return and(narrowed, ilike(staff.emailAddress, containing(text)))!;
}

/** People whose full name, preferred name or email address contains `text` (docs/product.md#people). */
export function personContaining(text: string): SQL {
  const pattern = containing(text);
  return or(
    ilike(sql`${staff.forename} || ' ' || ${staff.surname}`, pattern),
    ilike(staff.knownAs, pattern),
    emailContaining(text),
  )!;
}
