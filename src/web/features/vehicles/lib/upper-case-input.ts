import type { ChangeEvent } from 'react';

/**
 * The value of a text input upper-cased as it is typed (docs/product.md#vehicles: registration plates). The input is
 * changed in place with the caret kept where it was, so editing the middle of a plate does not
 * throw the caret to the end when React re-renders.
 */
export function upperCaseInput(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): string {
  const input = event.target;
  const upper = input.value.toUpperCase();
  if (upper !== input.value) {
    const { selectionStart, selectionEnd } = input;
    const sameLength = upper.length === input.value.length;
    input.value = upper;
    // A letter whose capital is longer (ß → SS) moves the text: then leave the caret at the end.
    if (selectionStart !== null && selectionEnd !== null && sameLength) {
      input.setSelectionRange(selectionStart, selectionEnd);
    }
  }
  return upper;
}
