import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredFile } from '@shared/api/files.js';
import type { SurveyQuestion } from '@shared/api/surveys.js';
import { initialAnswer, initialAnswers, supportedQuestions, toSubmission } from './answers';

const file: StoredFile = {
  id: '9a8b7c6d-0000-4000-8000-0000000000ff',
  original_filename: 'bar.jpg',
  size: 10,
  content_type: 'image/jpeg',
};
const options = [
  { key: 'a', label: 'A' },
  { key: 'b', label: 'B' },
];

function q(type: string, extra: Partial<SurveyQuestion> = {}): SurveyQuestion {
  return {
    id: 1,
    question: 'Q',
    type,
    required: false,
    default: null,
    allowed_values: null,
    ...extra,
  } as SurveyQuestion;
}

afterEach(() => vi.restoreAllMocks());

describe('supportedQuestions', () => {
  it('keeps the known types and skips an unknown one with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const known = [
      'bars',
      'locations',
      'time',
      'date',
      'radio',
      'textarea',
      'heading',
      'select',
      'select2',
      'file',
      'text',
    ].map((type, i) => q(type, { id: i + 1 }));
    const kept = supportedQuestions([...known, q('slider', { id: 99, question: 'How loud?' })]);
    expect(kept).toEqual(known);
    expect(warn).toHaveBeenCalledWith('Survey question 99 ("How loud?") has the unknown type "slider" and is skipped.');
  });
});

describe('initialAnswer', () => {
  it('applies a default that is a valid answer of its type', () => {
    expect(initialAnswer(q('text', { default: 'Hi' }))).toBe('Hi');
    expect(initialAnswer(q('textarea', { default: 42 }))).toBe('42');
    expect(initialAnswer(q('radio', { default: 'b', allowed_values: options }))).toBe('b');
    expect(initialAnswer(q('select2', { default: 'a', allowed_values: options }))).toBe('a');
    expect(initialAnswer(q('bars', { default: 3 }))).toBe(3);
    expect(initialAnswer(q('bars', { default: '4' }))).toBe(4);
    expect(initialAnswer(q('date', { default: '29/02/2028' }))).toBe('29/02/2028');
    expect(initialAnswer(q('time', { default: { from: '09:00', until: '17:00' } }))).toEqual({
      from: '09:00',
      until: '17:00',
    });
    expect(initialAnswer(q('file', { default: { uri: 'https://example.com/a.jpg', data: file } }))).toEqual({
      uri: 'https://example.com/a.jpg',
      data: file,
    });
  });

  it('ignores a default that is not', () => {
    expect(initialAnswer(q('text'))).toBe('');
    expect(initialAnswer(q('select', { default: 'c', allowed_values: options }))).toBeNull();
    expect(initialAnswer(q('bars', { default: 6 }))).toBeNull();
    expect(initialAnswer(q('bars', { default: 2.5 }))).toBeNull();
    expect(initialAnswer(q('date', { default: '31/02/2026' }))).toBeNull();
    expect(initialAnswer(q('date', { default: '2026-04-23' }))).toBeNull();
    expect(initialAnswer(q('time', { default: { from: '24:00', until: '9:00' } }))).toEqual({
      from: null,
      until: null,
    });
    expect(initialAnswer(q('file', { default: { uri: 'x' } }))).toBeNull();
  });

  it('applies the time-range rule to a default', () => {
    expect(initialAnswer(q('time', { default: { from: '18:00', until: '12:00' } }))).toEqual({
      from: '12:00',
      until: '12:00',
    });
  });
});

describe('toSubmission', () => {
  it('sends every question that takes an answer, headings out, empty ones as null', () => {
    const questions = [
      q('heading', { id: 1 }),
      q('text', { id: 2 }),
      q('time', { id: 3 }),
      q('time', { id: 4 }),
      q('bars', { id: 5 }),
      q('date', { id: 6 }),
    ];
    const answers = { ...initialAnswers(questions), 4: { from: '10:00', until: null }, 5: 2, 6: '01/01/2026' };
    expect(toSubmission('me', questions, answers)).toEqual({
      completed_by: 'me',
      answers: [
        { id: 2, answer: null },
        { id: 3, answer: null },
        { id: 4, answer: { from: '10:00', until: null } },
        { id: 5, answer: 2 },
        { id: 6, answer: '01/01/2026' },
      ],
    });
  });
});
