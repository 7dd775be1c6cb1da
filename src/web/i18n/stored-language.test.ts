import { afterEach, describe, expect, it } from 'vitest';
import { choiceStore, LANGUAGE_STORAGE_KEY, rememberChoice, startInStoredLanguage } from './stored-language';

/** The value of the device's language cookie, as the server would read it; undefined when none. */
const languageCookie = () =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${LANGUAGE_STORAGE_KEY}=`))
    ?.slice(LANGUAGE_STORAGE_KEY.length + 1);

afterEach(() => {
  document.cookie = `${LANGUAGE_STORAGE_KEY}=; path=/; max-age=0`;
  localStorage.clear();
});

describe('The device’s language choice', () => {
  it('is also kept in a cookie, for the sign-in pages the server draws', () => {
    expect(languageCookie()).toBeUndefined();
    rememberChoice('pl');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('pl');
    expect(languageCookie()).toBe('pl');
    rememberChoice('en-GB');
    expect(languageCookie()).toBe('en-GB');
  });

  it('gets its cookie at start when it was kept on the device before there was one', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ro');
    choiceStore.setState({ chosen: 'ro' });
    await startInStoredLanguage();
    expect(languageCookie()).toBe('ro');
  });

  it('writes no cookie while nothing was chosen', async () => {
    await startInStoredLanguage();
    expect(languageCookie()).toBeUndefined();
  });
});
