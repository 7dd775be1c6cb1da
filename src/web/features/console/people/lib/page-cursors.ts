import type { PeopleAnswer } from '@shared/api/console/people.js';
import type { PeopleListQuery } from '@web/features/console/shared/api/get-people';

/**
 * The `after` cursors of one list's pages (docs/decisions/0065-people-keyset-paging.md): `list` names
 * the list (search, sort, direction, filter, page size), `after` maps a page to the cursor it is read
 * on from, the `next` of the page before it as it was shown. A page without one is asked for by offset.
 */
export interface PageCursors {
  list: string;
  after: Readonly<Record<number, string>>;
}

export const NO_CURSORS: PageCursors = { list: '', after: {} };

const listOf = (query: PeopleListQuery) =>
  JSON.stringify([query.search, query.sort, query.direction, query.status ?? null, query.per_page]);

/** The cursor to ask for `query`'s page with, when it is remembered for this list. */
export function cursorFor(cursors: PageCursors, query: PeopleListQuery): string | undefined {
  return query.page > 1 && cursors.list === listOf(query) ? cursors.after[query.page] : undefined;
}

/**
 * The cursors once the list moves from `from` to `to`. Moving to the next page remembers the `next` of
 * the page shown (`shown`: its answer's meta, absent while a placeholder is shown); moving back keeps
 * what was remembered; any other change (search, sort, direction, filter) starts the list again.
 */
export function cursorsAfterMove(
  cursors: PageCursors,
  from: PeopleListQuery,
  to: PeopleListQuery,
  shown: PeopleAnswer['meta'] | undefined,
): PageCursors {
  const list = listOf(to);
  if (list !== listOf(from)) return { list, after: {} };
  const kept = cursors.list === list ? cursors.after : {};
  if (shown?.next && shown.page === from.page && to.page === from.page + 1)
    return { list, after: { ...kept, [to.page]: shown.next } };
  return { list, after: kept };
}
