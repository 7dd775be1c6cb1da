import { describe, expect, it } from 'vitest';
import { field } from '@web/testing/onboarding';
import { valuesToSubmit } from './values-to-submit';

describe('valuesToSubmit', () => {
  it('sends the answer fields by name, without title and content, with null for nothing typed', () => {
    const shown = [
      field({ name: 'welcome', label: 'Welcome', type: 'title' }),
      field({ name: 'note', label: 'Some text', type: 'content' }),
      field({ name: 'known_as', label: 'Known as' }),
      field({ name: 'start', label: 'Start date', type: 'date' }),
    ];
    expect(valuesToSubmit(shown, { known_as: 'Ava', welcome: 'x' })).toEqual({ known_as: 'Ava', start: null });
  });

  it('sends number fields as numbers when they are numbers', () => {
    const shown = [field({ name: 'hours', label: 'Hours', type: 'number' })];
    expect(valuesToSubmit(shown, { hours: ' 37.5 ' })).toEqual({ hours: 37.5 });
    expect(valuesToSubmit(shown, { hours: '' })).toEqual({ hours: null });
    expect(valuesToSubmit(shown, { hours: 'lots' })).toEqual({ hours: 'lots' });
  });

  it('keeps an uploaded file as its stored object', () => {
    const file = {
      id: '5f0c8a8e-7a52-4b7c-9d0e-0b6a4c1f2e3d',
      original_filename: 'passport.pdf',
      size: 1200,
      content_type: 'application/pdf',
    };
    expect(valuesToSubmit([field({ name: 'passport', label: 'Passport', type: 'file' })], { passport: file })).toEqual({
      passport: file,
    });
  });
});
