import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OnboardingStatus } from '@shared/api/onboarding.js';
import { api } from '@web/lib/api-client';
import { deferred, httpError, ok } from '@web/testing/http';
import { field, onboardingStatus } from '@web/testing/onboarding';
import { renderPage } from '@web/testing/render-page';
import { DetailsStep } from './details-step';

const TOKEN = 'tok-123';

const fields = [
  field({ id: 1, name: 'intro', label: 'About you', type: 'title' }),
  field({ id: 2, name: 'intro_text', label: 'Tell us a little about yourself.', type: 'content' }),
  field({ id: 3, name: 'known_as', label: 'Known as' }),
  field({
    id: 4,
    name: 'ni_number',
    label: 'National Insurance number',
    required: true,
    input_pattern: '[A-Z]{2}[0-9]{6}[A-D]',
  }),
  field({ id: 5, name: 'account', label: 'Account number', input_pattern: '[0-9]*' }),
  field({ id: 6, name: 'email', label: 'Personal email', type: 'email' }),
  field({ id: 7, name: 'mobile', label: 'Mobile', type: 'phone' }),
  field({
    id: 8,
    name: 'has_licence',
    label: 'Do you hold a driving licence?',
    type: 'radio',
    allowed_values: [
      { key: 'yes', value: 'Yes' },
      { key: 'no', value: 'No' },
    ],
  }),
  field({ id: 9, name: 'licence_number', label: 'Licence number', dependent_field: 8, dependent_value: 'yes' }),
];

function renderDetails(status: OnboardingStatus = onboardingStatus({}, fields)) {
  return renderPage(<DetailsStep token={TOKEN} status={status} />);
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
const input = (label: string | RegExp) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

afterEach(cleanup);

describe('DetailsStep fields', () => {
  it('shows the welcome text, title and content centred, and required marks', () => {
    renderDetails();
    expect(screen.getByText(/delighted that you are joining the company/)).toBeTruthy();
    expect(screen.getByText(/questions, please speak to your manager/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'About you', level: 2 })).toBeTruthy();
    expect(screen.getByText('Tell us a little about yourself.')).toBeTruthy();
    expect(input(/National Insurance number/).required).toBe(true);
    expect(input(/Known as/).required).toBe(false);
  });

  it('gives each type its keyboard and passes input_pattern on', () => {
    renderDetails();
    expect(input(/National Insurance number/).getAttribute('pattern')).toBe('[A-Z]{2}[0-9]{6}[A-D]');
    expect(input(/Account number/).getAttribute('inputmode')).toBe('numeric');
    expect(input(/Account number/).getAttribute('pattern')).toBe('[0-9]*');
    expect(input(/Personal email/).getAttribute('inputmode')).toBe('email');
    expect(input(/Personal email/).type).toBe('email');
    expect(input(/Mobile/).getAttribute('inputmode')).toBe('tel');
    expect(input(/Mobile/).type).toBe('tel');
  });

  it('asks for bank details, known by their names, on the numeric keyboard without autofill, sending them as typed', async () => {
    const post = vi.spyOn(api, 'post').mockReturnValue(new Promise(() => {}));
    renderDetails(
      onboardingStatus({}, [
        field({ id: 1, name: 'bank_account', label: 'Account number', required: true }),
        field({ id: 2, name: 'sort_code', label: 'Sort code', required: true }),
      ]),
    );
    for (const label of [/Account number/, /Sort code/]) {
      expect(input(label).required).toBe(true);
      expect(input(label).type).toBe('text');
      expect(input(label).getAttribute('inputmode')).toBe('numeric');
      expect(input(label).getAttribute('autocomplete')).toBe('off');
    }
    fireEvent.change(input(/Account number/), { target: { value: '1234 5678' } });
    fireEvent.change(input(/Sort code/), { target: { value: '12-34-56' } });
    fireEvent.click(continueButton());
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/staff/self-service-onboard/${TOKEN}`, {
        fields: { bank_account: '1234 5678', sort_code: '12-34-56' },
      }),
    );
  });

  it('shows a dependent field only while the other field equals dependent_value', () => {
    renderDetails();
    expect(screen.queryByRole('textbox', { name: 'Licence number' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByRole('textbox', { name: 'Licence number' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('textbox', { name: 'Licence number' })).toBeNull();
  });

  it('starts from the answers so far', () => {
    renderDetails(
      onboardingStatus({ fields: { known_as: 'Av', has_licence: 'yes', licence_number: 'SMITH901' } }, fields),
    );
    expect(input(/Known as/).value).toBe('Av');
    expect(input('Licence number').value).toBe('SMITH901');
  });
});

describe('DetailsStep submit', () => {
  it('sends the shown answer fields only, without client checks', async () => {
    const post = vi.spyOn(api, 'post').mockReturnValue(new Promise(() => {}));
    renderDetails();
    fireEvent.change(input(/Known as/), { target: { value: 'Ava' } });
    fireEvent.change(input('Account number'), { target: { value: 'not digits' } });
    fireEvent.click(continueButton());
    await waitFor(() => expect(post).toHaveBeenCalledWith(`/staff/self-service-onboard/${TOKEN}`, expect.anything()));
    // Continue's own call, beside any draft save.
    expect(post.mock.calls.filter(([path]) => path === `/staff/self-service-onboard/${TOKEN}`)).toEqual([
      [
        `/staff/self-service-onboard/${TOKEN}`,
        {
          fields: {
            known_as: 'Ava',
            ni_number: null,
            account: 'not digits',
            email: null,
            mobile: null,
            has_licence: null,
          },
        },
      ],
    ]);
  });

  it('disables Continue while the submit is pending', async () => {
    const answer = deferred<ReturnType<typeof ok>>();
    vi.spyOn(api, 'post').mockReturnValue(answer.promise);
    renderDetails();
    expect(continueButton().disabled).toBe(false);
    fireEvent.click(continueButton());
    await waitFor(() => expect(continueButton().disabled).toBe(true));
    answer.reject(httpError(400, { errors: { message: 'Please check your answers', fields: [] } }));
    await waitFor(() => expect(continueButton().disabled).toBe(false));
  });

  it('shows no errors before the first submit, then the server errors under their fields joined by ", "', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(
      httpError(400, {
        errors: {
          message: 'Please check your answers',
          fields: [
            { field: 'ni_number', error: 'This field is required' },
            { field: 'ni_number', error: 'is not in the right format' },
            { field: 'email', error: 'Enter a valid email address' },
          ],
        },
      }),
    );
    renderDetails(onboardingStatus({ errors: [{ field: 'known_as', error: 'An old error' }] }, fields));
    expect(screen.queryByText('An old error')).toBeNull();
    expect(document.querySelector('[aria-invalid="true"]')).toBeNull();

    fireEvent.change(input(/Known as/), { target: { value: 'Ava' } });
    fireEvent.click(continueButton());

    const joined = await screen.findByText('This field is required, is not in the right format');
    const ni = input(/National Insurance number/);
    expect(ni.getAttribute('aria-invalid')).toBe('true');
    expect(ni.getAttribute('aria-describedby')).toBe(joined.id);
    const email = input(/Personal email/);
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter a valid email address',
    );
    // Typed values stay, and the failure itself shows no message of its own (docs/product.md#onboarding).
    expect(input(/Known as/).value).toBe('Ava');
    expect(screen.queryByText('Please check your answers')).toBeNull();
  });

  it('lists errors about fields that are not on screen above Continue', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(
      httpError(400, {
        errors: { message: 'Bad', fields: [{ field: 'shoe_size', error: 'is not a question on this form' }] },
      }),
    );
    renderDetails();
    fireEvent.click(continueButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('is not a question on this form')).toBeTruthy();
  });

  it('replaces the cached status with the answer on success', async () => {
    const next = onboardingStatus({ step: 'contract', fields: { known_as: 'Ava' } }, fields);
    vi.spyOn(api, 'post').mockResolvedValue(ok(next));
    const { queryClient } = renderDetails();
    fireEvent.click(continueButton());
    await waitFor(() => expect(queryClient.getQueryData(['onboarding', TOKEN])).toEqual(next));
  });
});

describe('DetailsStep date fields', () => {
  it('shows a date field labelled with its label and keeps the answer as DD/MM/YYYY on screen', async () => {
    const dob = field({
      id: 30,
      name: 'date_of_birth',
      label: 'Date of birth',
      type: 'date',
      required: true,
      max_date: 'today',
    });
    renderDetails(onboardingStatus({ fields: { date_of_birth: '1999-04-23' } }, [dob]));
    // The picker's code comes with the first use of the page.
    fireEvent.keyDown(document.body, { key: 'Tab' });
    const group = await screen.findByRole('group', { name: /Date of birth/ });
    await waitFor(() => expect(group.textContent).toContain('23/04/1999'));
  });

  it('opens a date of birth on the years, around 18 years ago, not on this month', async () => {
    const dob = field({
      id: 30,
      name: 'date_of_birth',
      label: 'Date of birth',
      type: 'date',
      required: true,
      max_date: 'today',
    });
    renderDetails(onboardingStatus({}, [dob]));
    fireEvent.click(await screen.findByRole('button', { name: /Choose date/ }));
    const adultYear = String(new Date().getFullYear() - 18);
    expect(await screen.findByRole('radio', { name: adultYear })).toBeTruthy();
  });
});
