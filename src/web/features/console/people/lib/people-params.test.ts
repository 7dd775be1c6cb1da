import { describe, expect, it } from 'vitest';
import { peopleParamsFromQuery, peopleQueryFromParams } from './people-params';

describe('the people list in the address', () => {
  it('reads search, page and sort, falling back to the server defaults', () => {
    expect(peopleQueryFromParams(new URLSearchParams('search=%20ava%20&page=3&sort=venue&direction=desc'))).toEqual({
      page: 3,
      per_page: 25,
      search: 'ava',
      sort: 'venue',
      direction: 'desc',
    });
    expect(peopleQueryFromParams(new URLSearchParams('page=0&sort=salary&direction=up'))).toEqual({
      page: 1,
      per_page: 25,
      search: '',
      sort: 'name',
      direction: 'asc',
    });
    expect(peopleQueryFromParams(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults', () => {
    expect(
      peopleParamsFromQuery({ page: 1, per_page: 25, search: '', sort: 'name', direction: 'asc' }).toString(),
    ).toBe('');
    expect(
      peopleParamsFromQuery({ page: 2, per_page: 25, search: 'ava', sort: 'start_date', direction: 'desc' }).toString(),
    ).toBe('search=ava&page=2&sort=start_date&direction=desc');
  });

  it('keeps the filter by leaving in the address, and drops one it does not know', () => {
    const query = peopleQueryFromParams(new URLSearchParams('status=left&search=ava'));
    expect(query.status).toBe('left');
    expect(peopleParamsFromQuery(query).toString()).toBe('search=ava&status=left');
    expect(peopleQueryFromParams(new URLSearchParams('status=retired')).status).toBeUndefined();
  });
});
