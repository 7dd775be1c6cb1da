/**
 * Finding which message of a catalogue an English text is (docs/decisions/0071-languages-beyond-the-screens.md):
 * the server words its refusals in English, and the web shows a member reading another language the
 * catalogue's message for that wording. Each English message (compiled) becomes a pattern: its text as
 * written, each placeholder a capture, a plural's cases alternatives with `#` capturing the number.
 */
import type { Messages } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import type { MessageValues } from './i18n';

/** A message's pattern and the placeholder each capture fills, in order. */
interface Pattern {
  regex: RegExp;
  names: string[];
}

/** An English text recognised: the message's key and the values its placeholders had. */
export interface Wording {
  key: string;
  values: MessageValues;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The regular expression source of `message`, pushing the name of each capture onto `names`. */
function sourceOf(message: CompiledMessage, names: string[], count?: string): string {
  return message
    .map((token) => {
      if (typeof token === 'string') {
        if (token !== '#' || count === undefined) return escape(token);
        names.push(count);
        return '(-?[\\d,.]+)';
      }
      const [name, type, options] = token;
      if (
        (type === 'plural' || type === 'selectordinal' || type === 'select') &&
        options &&
        typeof options === 'object'
      ) {
        const cases = Object.entries(options as Record<string, CompiledMessage | number>)
          .filter((entry): entry is [string, CompiledMessage] => Array.isArray(entry[1]))
          .map(([, inner]) => sourceOf(inner, names, type === 'select' ? undefined : name));
        return `(?:${cases.join('|')})`;
      }
      names.push(name);
      return '(.+?)';
    })
    .join('');
}

/** Patterns already built, by English message: a catalogue's messages do not change. */
const built = new WeakMap<object, Pattern>();

function patternOf(message: CompiledMessage): Pattern {
  let pattern = built.get(message);
  if (!pattern) {
    const names: string[] = [];
    pattern = { regex: new RegExp(`^${sourceOf(message, names)}$`), names };
    built.set(message, pattern);
  }
  return pattern;
}

/**
 * The message of `english` (compiled English by key) under `prefix` whose wording `text` is, with the
 * values its placeholders had (a number's digits as a number); undefined when none is. The first match
 * in the catalogue's order wins.
 */
export function findWording(text: string, english: Messages, prefix: string): Wording | undefined {
  for (const [key, message] of Object.entries(english)) {
    if (!key.startsWith(prefix) || !Array.isArray(message)) continue;
    const { regex, names } = patternOf(message as CompiledMessage);
    const match = regex.exec(text);
    if (!match) continue;
    const values: MessageValues = {};
    names.forEach((name, index) => {
      const value = match[index + 1];
      if (value !== undefined && values[name] === undefined) values[name] = /^\d+$/.test(value) ? Number(value) : value;
    });
    return { key, values };
  }
  return undefined;
}
