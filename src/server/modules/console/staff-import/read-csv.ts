/**
 * Reading a staff import file (docs/product.md#staff-import) into rows of named cells: UTF-8 with or
 * without a byte order mark, comma or semicolon separated (spreadsheets in countries that write a
 * decimal comma export with semicolons), parsed by csv-parse, never split by hand.
 */
import type { Options } from 'csv-parse/sync';
import { AppError } from '@server/errors.js';
import { loadCsvParseSync } from '@server/lib/on-demand.js';
import { STAFF_IMPORT_MAX_ROWS } from '@shared/api/console/staff-import.js';

/** The columns an import reads, with the headers each is known by (compared without case, spaces or punctuation). */
export const IMPORT_COLUMNS = {
  forename: ['forename', 'firstname', 'givenname'],
  surname: ['surname', 'lastname', 'familyname'],
  known_as: ['knownas', 'preferredname'],
  email: ['email', 'emailaddress'],
  mobile: ['mobile', 'mobilenumber', 'mobilephone'],
  venue: ['venue'],
  position: ['position', 'jobtitle'],
  start_date: ['startdate'],
  date_of_birth: ['dateofbirth', 'dob'],
  payroll_id: ['payrollid', 'payrollnumber'],
  ni_number: ['ninumber', 'nino', 'nationalinsurancenumber'],
  bank_account: ['accountnumber', 'bankaccount', 'bankaccountnumber'],
  sort_code: ['sortcode'],
} as const;
export type ImportColumn = keyof typeof IMPORT_COLUMNS;

/** The columns a file must have. */
const REQUIRED: ImportColumn[] = ['forename', 'surname', 'email', 'venue'];

/** How a column is named to people (`start date`). */
export const columnLabel = (column: ImportColumn): string => column.replace(/_/g, ' ');

const headerKey = (header: string): string => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const BY_HEADER = new Map<string, ImportColumn>(
  Object.entries(IMPORT_COLUMNS).flatMap(([column, names]) => names.map((name) => [name, column as ImportColumn])),
);

/** One data row: its line in the file and its cells by column, trimmed, empty cells left out. */
export interface ImportLine {
  line: number;
  cells: Partial<Record<ImportColumn, string>>;
  /** Set when the row has more or fewer cells than the header. */
  shapeProblem?: string;
}

const NOT_UTF8 =
  'This file is not saved as CSV UTF-8, so letters such as é or ł would be read wrongly. In your spreadsheet choose Save As (or Download) › “CSV UTF-8 (comma delimited)”, then upload that file.';

/**
 * The rows of `bytes`, an import file.
 * @throws AppError BAD_REQUEST, for the whole file: not UTF-8 (asking for CSV UTF-8), not CSV, a header
 *   without the required columns or with a column not known, a column named twice, no rows, more than
 *   STAFF_IMPORT_MAX_ROWS rows.
 */
export async function readImportCsv(bytes: Buffer): Promise<{ columns: ImportColumn[]; lines: ImportLine[] }> {
  let text: string;
  try {
    // `fatal` refuses any byte sequence UTF-8 does not allow, such as Windows-1252's 0xE9 for é; the BOM is dropped.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('BAD_REQUEST', NOT_UTF8);
  }
  const { parse } = await loadCsvParseSync();
  const parseWith = (options: Options): string[][] => {
    try {
      return parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, ...options }) as string[][];
    } catch (err) {
      const at = (err as { lines?: number }).lines;
      throw new AppError(
        'BAD_REQUEST',
        `This file could not be read as CSV${at ? ` (line ${at})` : ''}: check that every quote that opens a cell closes it.`,
      );
    }
  };

  // The separator is the one under which the header line names the most known columns.
  let best: { delimiter: string; headers: string[]; known: number } | undefined;
  for (const delimiter of [',', ';']) {
    const headers = parseWith({ delimiter, to_line: 1 })[0] ?? [];
    const known = headers.filter((h) => BY_HEADER.has(headerKey(h))).length;
    if (!best || known > best.known) best = { delimiter, headers, known };
  }
  if (!best || best.headers.length === 0) throw new AppError('BAD_REQUEST', 'This file is empty.');

  const columns: ImportColumn[] = [];
  const unknown: string[] = [];
  for (const header of best.headers) {
    const column = BY_HEADER.get(headerKey(header));
    if (!column) unknown.push(header.trim() || '(a column without a name)');
    else if (columns.includes(column)) {
      throw new AppError('BAD_REQUEST', `The column “${columnLabel(column)}” is there twice: keep one.`);
    } else columns.push(column);
  }
  if (unknown.length) {
    throw new AppError(
      'BAD_REQUEST',
      `These columns are not known: ${unknown.map((u) => `“${u}”`).join(', ')}. The columns are ${Object.keys(
        IMPORT_COLUMNS,
      )
        .map((c) => columnLabel(c as ImportColumn))
        .join(', ')}.`,
    );
  }
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length) {
    throw new AppError('BAD_REQUEST', `The file needs the columns ${missing.map(columnLabel).join(', ')}.`);
  }

  const records = (
    parseWith({ delimiter: best.delimiter, from_line: 2, info: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[]
  ).filter(({ record }) => record.some((cell) => cell.trim() !== '')); // a spreadsheet's blank rows, `;;;;`
  if (records.length === 0) throw new AppError('BAD_REQUEST', 'This file has a header but no people.');
  if (records.length > STAFF_IMPORT_MAX_ROWS) {
    throw new AppError(
      'BAD_REQUEST',
      `This file has ${records.length} people; at most ${STAFF_IMPORT_MAX_ROWS} can be imported at once: split it.`,
    );
  }
  const lines = records.map(({ record, info }): ImportLine => {
    const cells: ImportLine['cells'] = {};
    columns.forEach((column, i) => {
      const value = record[i]?.trim();
      if (value) cells[column] = value;
    });
    return {
      line: info.lines,
      cells,
      shapeProblem:
        record.length !== columns.length && record.some((cell, i) => i >= columns.length && cell.trim() !== '')
          ? `has ${record.length} cells where the header has ${columns.length}`
          : undefined,
    };
  });
  return { columns, lines };
}
