/**
 * Guards a spreadsheet cell against formula injection (OWASP "CSV Injection"): a cell starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`, so a spreadsheet shows it as text.
 */
export const safeCell = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
