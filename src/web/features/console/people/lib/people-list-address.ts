/**
 * The address of the people list as last shown (its search, page and sort), so that a person's
 * "People" link goes back to the list the user came from rather than its first page. Kept for the
 * page's life only: after a reload the link goes to the plain list.
 */
let lastAddress = '/admin/people';

/** Remembers the list's address (`/admin/people?search=ava&page=2`). */
export function rememberPeopleListAddress(address: string): void {
  lastAddress = address;
}

/** The list's address as last shown, or `/admin/people`. */
export function peopleListAddress(): string {
  return lastAddress;
}
