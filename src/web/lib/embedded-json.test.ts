import { afterEach, describe, expect, it } from 'vitest';
import { takeEmbeddedJson } from './embedded-json';

const ID = 'staffroom-test-carried';

function carry(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = ID;
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => document.getElementById(ID)?.remove());

describe('takeEmbeddedJson', () => {
  it('answers what the page carried once, and removes it so a later screen cannot take it again', () => {
    carry('{"forename":"Sam"}');
    expect(takeEmbeddedJson(ID)).toEqual({ forename: 'Sam' });
    expect(document.getElementById(ID)).toBeNull();
    expect(takeEmbeddedJson(ID)).toBeUndefined();
  });

  it('answers nothing for a page that carries nothing or something that does not parse', () => {
    expect(takeEmbeddedJson(ID)).toBeUndefined();
    carry('{"forename":');
    expect(takeEmbeddedJson(ID)).toBeUndefined();
    expect(document.getElementById(ID)).toBeNull();
  });
});
