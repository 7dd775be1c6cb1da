import { describe, expect, it } from 'vitest';
import { documentsParamsFromQuery, documentsQueryFromParams } from './documents-params';

describe('the documents list address', () => {
  it('reads status, search and page, falling back to every status, no search, page 1', () => {
    expect(documentsQueryFromParams(new URLSearchParams('status=signed&search=%20ava%20&page=3'))).toEqual({
      status: 'signed',
      search: 'ava',
      page: 3,
    });
    expect(documentsQueryFromParams(new URLSearchParams('status=lost&page=-2'))).toEqual({
      status: '',
      search: '',
      page: 1,
    });
    expect(documentsQueryFromParams(new URLSearchParams('page=1.5'))).toEqual({ status: '', search: '', page: 1 });
  });

  it('writes only what is not the default, so the plain list stays /admin/documents', () => {
    expect(documentsParamsFromQuery({ status: '', search: '', page: 1 }).toString()).toBe('');
    expect(documentsParamsFromQuery({ status: 'expired', search: 'tips', page: 2 }).toString()).toBe(
      'status=expired&search=tips&page=2',
    );
  });
});
