/** A nullable text of the staff member as the value of a text field ('' for none). */
export function fieldText(value: string | null | undefined): string {
  return value ?? '';
}

/** A text field's value for a nullable body field: null when left blank. */
export function textOrNull(value: string): string | null {
  return value.trim() === '' ? null : value;
}
