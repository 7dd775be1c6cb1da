import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api-client';
import { ok } from '@web/testing/http';
import { renderPage } from '@web/testing/render-page';
import SurveyRoute from './survey';

afterEach(cleanup);

function renderAt(path: string) {
  return renderPage(<SurveyRoute />, { path, route: '/survey/:id' });
}

describe('/survey/:id', () => {
  it('loads the survey of the id', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockResolvedValue(ok({ data: { id: 6, name: 'Atmosphere audit', questions: [] } }));
    renderAt('/survey/6');
    expect(await screen.findByRole('heading', { level: 1, name: 'Atmosphere audit' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/rest/staff-survey/6');
  });

  it.each(['/survey/abc', '/survey/0', '/survey/1.5', '/survey/99999999999'])(
    "says 'Survey not found' for %s without asking the server",
    (path) => {
      const get = vi.spyOn(api, 'get');
      renderAt(path);
      expect(screen.getByRole('heading', { level: 1, name: 'Survey not found' })).toBeTruthy();
      expect(get).not.toHaveBeenCalled();
    },
  );
});
