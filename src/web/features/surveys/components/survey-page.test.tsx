import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredFile } from '@shared/api/files.js';
import type { SubmitSurveyBody, Survey, SurveyQuestion } from '@shared/api/surveys.js';
import { USER_STORAGE_KEY } from '@shared/constants.js';
import { SURVEY_SAVED_MESSAGE } from '@shared/survey-rules.js';
import { api } from '@web/lib/api-client';
import { deferred, httpError, ok } from '@web/testing/http';
import { renderSignedIn } from '@web/testing/render-signed-in';
import { staffMember } from '@web/testing/staff-member';
import { SurveyPage } from './survey-page';
import { notificationStore } from '@web/stores/notification-store';
import { setTitle, themeStore } from '@web/stores/theme-store';

const AUTH_MISMATCH_TEXT =
  'You seem to be signed in as someone else than this page was opened for, so your answers cannot be saved. Please log out and log back in, then try again.';
const USER_ID = '0b7e8f8a-1d2c-4e5f-8a9b-1c2d3e4f5a6b';
const VENUE_LEEDS = '6f1c2b3a-0000-4000-8000-000000000001';
const VENUE_YORK = '6f1c2b3a-0000-4000-8000-000000000002';
const PHOTO: StoredFile = {
  id: '9a8b7c6d-0000-4000-8000-0000000000ff',
  original_filename: 'bar.jpg',
  size: 4096,
  content_type: 'image/jpeg',
};

function q(overrides: Partial<SurveyQuestion> & Pick<SurveyQuestion, 'id' | 'question' | 'type'>): SurveyQuestion {
  return { required: false, default: null, allowed_values: null, ...overrides };
}

/** Every question type, as the atmosphere audit has them. */
const questions: SurveyQuestion[] = [
  q({ id: 1, question: 'About the visit', type: 'heading' }),
  q({
    id: 2,
    question: 'Venue',
    type: 'locations',
    required: true,
    allowed_values: [
      { key: VENUE_LEEDS, label: 'The Lantern, Leeds' },
      { key: VENUE_YORK, label: 'The Lantern, York' },
    ],
  }),
  q({ id: 3, question: 'Date of the visit', type: 'date', required: true }),
  q({ id: 4, question: 'Time of the visit', type: 'time', required: true }),
  q({ id: 6, question: 'Music level', type: 'bars', required: true, default: 3 }),
  q({
    id: 8,
    question: 'Cleanliness',
    type: 'radio',
    required: true,
    allowed_values: [
      { key: 'spotless', label: 'Spotless' },
      { key: 'good', label: 'Good' },
    ],
  }),
  q({
    id: 9,
    question: 'Staff on shift',
    type: 'select',
    required: true,
    allowed_values: [
      { key: '1-2', label: '1 to 2' },
      { key: '3-5', label: '3 to 5' },
    ],
  }),
  q({
    id: 10,
    question: 'Area checked most closely',
    type: 'select2',
    allowed_values: [
      { key: 'bar', label: 'Bar' },
      { key: 'garden', label: 'Beer garden' },
    ],
  }),
  q({ id: 11, question: 'Who did the audit', type: 'text', required: true }),
  q({ id: 12, question: 'A photo of the room', type: 'file' }),
  q({ id: 13, question: 'Comments', type: 'textarea' }),
];

const survey = (overrides: Partial<Survey> = {}): Survey => ({
  id: 6,
  name: 'Atmosphere audit',
  questions,
  ...overrides,
});

function serveSurvey(answer: Survey | (() => Promise<{ data: unknown }>) = survey()) {
  return vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url !== '/rest/staff-survey/6') throw httpError(404, { errors: { message: 'Not found.' } });
    return typeof answer === 'function' ? answer() : ok({ data: answer });
  });
}

/** Answers the photo upload; `save` answers the submission. */
function servePosts(
  save: () => Promise<{ data: unknown }> = async () =>
    ok({ data: { id: '11111111-0000-4000-8000-000000000000', message: SURVEY_SAVED_MESSAGE } }),
) {
  return vi.spyOn(api, 'post').mockImplementation(async (url: string) => {
    if (url === '/rest/image/upload-public') return ok({ data: PHOTO });
    if (url === '/rest/staff-survey/6') return save();
    throw httpError(404, { errors: { message: 'Not found.' } });
  });
}

function renderSurvey() {
  return renderSignedIn(() => <SurveyPage id={6} />, staffMember());
}

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const submittedBody = (post: ReturnType<typeof servePosts>) =>
  post.mock.calls.find(([url]) => url === '/rest/staff-survey/6')?.[1] as SubmitSurveyBody | undefined;

function chooseFromSelect(name: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

/** The member's first tap on the page, which fetches the pickers' code (lazy-pickers.tsx). */
const firstUse = () => fireEvent.pointerDown(document.body);

/** Types a whole value into a picker field as autofill would (its hidden input). */
const typeIntoPicker = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });

beforeEach(() => {
  localStorage.setItem(
    USER_STORAGE_KEY,
    JSON.stringify({ id: USER_ID, forename: 'Priya', surname: 'Shah', email_address: 'priya.shah@example.com' }),
  );
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

describe('Survey page', () => {
  it('shows the survey name as the title (also in the top bar), every question and Save', async () => {
    serveSurvey();
    renderSurvey();
    expect(await screen.findByRole('heading', { level: 1, name: 'Atmosphere audit' })).toBeTruthy();
    expect(themeStore.getState().title).toBe('Atmosphere audit');
    // The questions draw a few at a time; Save comes with the last.
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.getByRole('heading', { level: 2, name: 'About the visit' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Venue' })).toBeTruthy();
    firstUse();
    expect(await screen.findByRole('group', { name: 'Date of the visit' })).toBeTruthy();
    const time = screen.getByRole('group', { name: 'Time of the visit' });
    expect(await within(time).findByRole('group', { name: 'From' })).toBeTruthy();
    expect(within(time).getByRole('group', { name: 'Until' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Music level' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Cleanliness' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Staff on shift' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Area checked most closely' })).toBeTruthy();
    expect(textbox('Who did the audit').required).toBe(true);
    expect(screen.getByLabelText('Upload A photo of the room')).toBeTruthy();
    const comments = screen.getByRole('textbox', { name: 'Comments' }) as HTMLTextAreaElement;
    expect(comments.tagName).toBe('TEXTAREA');
    expect(comments.rows).toBeGreaterThanOrEqual(5);
    expect(saveButton().type).toBe('submit');
  });

  it('draws the survey the page carried without asking the server, and asks on a later visit', async () => {
    const carried = document.createElement('script');
    carried.type = 'application/json';
    carried.id = 'staffroom-survey';
    carried.textContent = JSON.stringify(survey({ name: 'Carried audit' }));
    document.head.append(carried);
    const get = serveSurvey();
    const first = renderSurvey();
    expect(await screen.findByRole('heading', { level: 1, name: 'Carried audit' })).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
    expect(document.getElementById('staffroom-survey')).toBeNull();

    first.unmount();
    cleanup();
    renderSurvey();
    expect(await screen.findByRole('heading', { level: 1, name: 'Atmosphere audit' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/rest/staff-survey/6');
  });

  it('puts the top-bar title back when the page closes, unless a menu choice changed it since', async () => {
    serveSurvey();
    const { unmount } = renderSurvey();
    setTitle('Dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Atmosphere audit' });
    expect(themeStore.getState().title).toBe('Atmosphere audit');
    unmount();
    expect(themeStore.getState().title).toBe('Dashboard');

    cleanup();
    const second = renderSurvey();
    await screen.findByRole('heading', { level: 1, name: 'Atmosphere audit' });
    setTitle('My Details');
    second.unmount();
    expect(themeStore.getState().title).toBe('My Details');
  });

  it('marks required questions', async () => {
    serveSurvey();
    renderSurvey();
    // The questions draw a few at a time; Save comes with the last.
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.getByText('Questions marked * need an answer.')).toBeTruthy();
    expect(screen.getByText('Who did the audit').querySelector('.MuiFormLabel-asterisk')).toBeTruthy();
    expect(screen.getByText('Comments').querySelector('.MuiFormLabel-asterisk')).toBeNull();
  });

  it('sends every answer in its format with the signed-in user as completed_by, headings left out', async () => {
    serveSurvey();
    const post = servePosts();
    renderSurvey();
    await screen.findByRole('button', { name: 'Save' });

    // The pickers arrive in their own chunk, once the page is first used.
    firstUse();
    await screen.findByRole('group', { name: 'Date of the visit' });
    await screen.findByRole('group', { name: 'From' });
    chooseFromSelect('Venue', 'The Lantern, York');
    typeIntoPicker('survey-question-3-input', '23/04/2026');
    typeIntoPicker('survey-question-4-input-from', '18:00');
    typeIntoPicker('survey-question-4-input-until', '21:00');
    fireEvent.click(screen.getByRole('radio', { name: '4 of 5 bars' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Good' }));
    chooseFromSelect('Staff on shift', '3 to 5');
    const area = screen.getByRole('combobox', { name: 'Area checked most closely' });
    fireEvent.change(area, { target: { value: 'gar' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Beer garden' }));
    fireEvent.change(textbox('Who did the audit'), { target: { value: 'Priya Shah' } });
    fireEvent.change(screen.getByLabelText('Upload A photo of the room'), {
      target: { files: [new File(['jpeg'], 'bar.jpg', { type: 'image/jpeg' })] },
    });
    const preview = (await screen.findByRole('img', {
      name: 'Your photo for A photo of the room',
    })) as HTMLImageElement;
    // The stable path the answer keeps, not a browser-only address.
    expect(new URL(preview.src).pathname).toBe(`/api/rest/file/open/${PHOTO.id}`);
    fireEvent.change(textbox('Comments'), { target: { value: 'Lively, a little loud.' } });

    fireEvent.click(saveButton());
    await waitFor(() => expect(submittedBody(post)).toBeDefined());
    expect(post).toHaveBeenCalledWith(
      '/rest/image/upload-public',
      expect.objectContaining({
        filename: 'bar.jpg',
        bucket: 'survey',
        file_data: expect.stringMatching(/^data:image\/jpeg;base64,/),
      }),
    );
    expect(submittedBody(post)).toEqual({
      completed_by: USER_ID,
      answers: [
        { id: 2, answer: VENUE_YORK },
        { id: 3, answer: '23/04/2026' },
        { id: 4, answer: { from: '18:00', until: '21:00' } },
        { id: 6, answer: 4 },
        { id: 8, answer: 'good' },
        { id: 9, answer: '3-5' },
        { id: 10, answer: 'garden' },
        { id: 11, answer: 'Priya Shah' },
        { id: 12, answer: { uri: `/api/rest/file/open/${PHOTO.id}`, data: PHOTO } },
        { id: 13, answer: 'Lively, a little loud.' },
      ],
    });
  });

  it('starts from the defaults and sends unanswered questions as null', async () => {
    serveSurvey(
      survey({
        questions: [
          q({
            id: 2,
            question: 'Venue',
            type: 'locations',
            default: VENUE_LEEDS,
            allowed_values: [{ key: VENUE_LEEDS, label: 'The Lantern, Leeds' }],
          }),
          q({ id: 3, question: 'Date of the visit', type: 'date', default: '01/05/2026' }),
          q({ id: 4, question: 'Time of the visit', type: 'time', default: { from: '12:00', until: '14:00' } }),
          q({ id: 6, question: 'Music level', type: 'bars', default: 3 }),
          q({
            id: 8,
            question: 'Cleanliness',
            type: 'radio',
            default: 'good',
            allowed_values: [{ key: 'good', label: 'Good' }],
          }),
          q({ id: 11, question: 'Who did the audit', type: 'text', default: 'Night manager' }),
          q({ id: 13, question: 'Comments', type: 'textarea' }),
          q({
            id: 14,
            question: 'Staff on shift',
            type: 'select',
            default: 'not-an-option',
            allowed_values: [{ key: '1-2', label: '1 to 2' }],
          }),
        ],
      }),
    );
    const post = servePosts();
    renderSurvey();
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.getByRole('combobox', { name: 'Venue' }).textContent).toBe('The Lantern, Leeds');
    firstUse();
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Date of the visit' }).textContent).toContain('01/05/2026'),
    );
    expect(screen.getByRole('radio', { name: '3 of 5 bars' }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByRole('radio', { name: 'Good' }) as HTMLInputElement).checked).toBe(true);
    expect(textbox('Who did the audit').value).toBe('Night manager');

    fireEvent.click(saveButton());
    await waitFor(() => expect(submittedBody(post)).toBeDefined());
    expect(submittedBody(post)).toEqual({
      completed_by: USER_ID,
      answers: [
        { id: 2, answer: VENUE_LEEDS },
        { id: 3, answer: '01/05/2026' },
        { id: 4, answer: { from: '12:00', until: '14:00' } },
        { id: 6, answer: 3 },
        { id: 8, answer: 'good' },
        { id: 11, answer: 'Night manager' },
        { id: 13, answer: null },
        { id: 14, answer: null },
      ],
    });
  });

  it('skips a question of an unknown type with a console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unknown = {
      ...q({ id: 20, question: 'Signature please', type: 'text' }),
      type: 'signature',
    } as unknown as SurveyQuestion;
    serveSurvey(survey({ questions: [questions[8]!, unknown] }));
    const post = servePosts();
    renderSurvey();
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByText('Signature please')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/unknown type "signature"/);
    fireEvent.click(saveButton());
    await waitFor(() => expect(submittedBody(post)).toBeDefined());
    expect(submittedBody(post)).toEqual({ completed_by: USER_ID, answers: [{ id: 11, answer: null }] });
  });

  it('sends the version the form shows, and says so when HR has published a newer one since (409)', async () => {
    serveSurvey(survey({ questions: [questions[8]!], version: 2 }));
    const message = 'This survey has changed since you opened it. Reload the page to answer the new version.';
    const post = servePosts(async () => {
      throw httpError(409, { errors: { message } });
    });
    renderSurvey();
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(submittedBody(post)).toEqual({ completed_by: USER_ID, answers: [{ id: 11, answer: null }], version: 2 }),
    );
    await waitFor(() => expect(notificationStore.getState()).toEqual({ open: true, message, severity: 'error' }));
  });

  it('resets from to until when from is later than until (docs/product.md#surveys)', async () => {
    serveSurvey(survey({ questions: [questions[3]!] }));
    const post = servePosts();
    renderSurvey();
    firstUse();
    const from = await screen.findByRole('group', { name: 'From' });
    typeIntoPicker('survey-question-4-input-until', '14:00');
    typeIntoPicker('survey-question-4-input-from', '20:00');
    await waitFor(() => expect(from.textContent).toContain('14:00'));
    // Moving until before from pulls from back with it.
    typeIntoPicker('survey-question-4-input-until', '11:00');
    await waitFor(() => expect(from.textContent).toContain('11:00'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(submittedBody(post)).toBeDefined());
    expect(submittedBody(post)?.answers).toEqual([{ id: 4, answer: { from: '11:00', until: '11:00' } }]);
  });

  it("shows 'Survey saved successfully', disables Save while pending, then thanks the member; answering again starts from the defaults", async () => {
    serveSurvey(survey({ questions: [questions[4]!, questions[8]!] }));
    const answer = deferred<{ data: unknown }>();
    servePosts(() => answer.promise);
    renderSurvey();
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(screen.getByRole('radio', { name: '5 of 5 bars' }));
    fireEvent.change(textbox('Who did the audit'), { target: { value: 'Priya' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    answer.resolve(ok({ data: { id: '11111111-0000-4000-8000-000000000000', message: SURVEY_SAVED_MESSAGE } }));
    await waitFor(() =>
      expect(notificationStore.getState()).toEqual({
        open: true,
        message: 'Survey saved successfully',
        severity: 'success',
      }),
    );
    // A thank-you with the way back, not the same form inviting a second submission.
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/dashboard');
    // Answering again is a choice, and starts afresh from the defaults.
    fireEvent.click(screen.getByRole('button', { name: 'Answer again' }));
    expect(saveButton().disabled).toBe(false);
    expect(textbox('Who did the audit').value).toBe('');
    expect(screen.getByRole('radio', { name: '3 of 5 bars' }).getAttribute('aria-checked')).toBe('true');

    // Back on the survey later in the same session: it asks before a second submission.
    cleanup();
    renderSurvey();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have already answered this survey' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Answer again' }));
    expect(saveButton()).toBeTruthy();
  });

  it('on a 400 shows the message and the field errors joined with commas, and each error under its question', async () => {
    serveSurvey(survey({ questions: [questions[4]!, questions[8]!, questions[10]!] }));
    servePosts(async () => {
      throw httpError(400, {
        errors: {
          message: 'Some answers need another look.',
          fields: [
            { field: '11', error: 'Who did the audit: an answer is required' },
            { field: '6', error: 'Music level: choose from 1 to 5 bars' },
          ],
        },
      });
    });
    renderSurvey();
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(notificationStore.getState()).toEqual({
        open: true,
        message:
          'Some answers need another look. Who did the audit: an answer is required, Music level: choose from 1 to 5 bars',
        severity: 'error',
      }),
    );
    const who = textbox('Who did the audit');
    expect(who.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(who.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Who did the audit: an answer is required',
    );
    const bars = screen.getByRole('radiogroup', { name: 'Music level' });
    expect(document.getElementById(bars.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Music level: choose from 1 to 5 bars',
    );
    // Editing a question hides its old complaint.
    fireEvent.change(who, { target: { value: 'Priya' } });
    expect(screen.queryByText('Who did the audit: an answer is required')).toBeNull();
    expect(screen.getByText('Music level: choose from 1 to 5 bars')).toBeTruthy();
    expect(saveButton().disabled).toBe(false);
  });

  it("falls back to 'An unknown error occurred'", async () => {
    serveSurvey(survey({ questions: [questions[8]!] }));
    servePosts(async () => {
      throw httpError(502, '<html>Bad gateway</html>');
    });
    renderSurvey();
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(notificationStore.getState()).toMatchObject({
        open: true,
        message: 'An unknown error occurred',
        severity: 'error',
      }),
    );
  });

  it('on a 401 shows the authentication-mismatch message with a Logout link', async () => {
    serveSurvey(survey({ questions: [questions[8]!] }));
    const post = servePosts(async () => {
      throw httpError(401, { errors: { message: 'You are signed in as someone else.' } });
    });
    localStorage.clear();
    renderSurvey();
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(AUTH_MISMATCH_TEXT);
    expect(AUTH_MISMATCH_TEXT).toMatch(/log out and log back in/);
    expect(within(alert).getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout');
    // Without a stored user nothing is guessed: the server decides.
    expect(submittedBody(post)).toEqual({ completed_by: '', answers: [{ id: 11, answer: null }] });
    expect(notificationStore.getState().open).toBe(false);
  });

  it("shows 'Survey not found' for an unknown survey", async () => {
    serveSurvey(async () => {
      throw httpError(404, { errors: { message: 'That survey was not found.' } });
    });
    renderSurvey();
    expect(await screen.findByRole('heading', { level: 1, name: 'Survey not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('shows the authentication-mismatch message when loading the survey answers 401', async () => {
    serveSurvey(async () => {
      throw httpError(401, { errors: { message: 'Session mismatch.' } });
    });
    renderSurvey();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout');
  });

  it('offers Try again when loading fails otherwise', async () => {
    const get = serveSurvey(async () => {
      throw httpError(500, { errors: { message: 'Something went wrong on our side. Please try again.' } });
    });
    renderSurvey();
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    get.mockResolvedValue(ok({ data: survey() }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Atmosphere audit' })).toBeTruthy();
  });
});
