import { vi } from 'vitest';

/** A call as the server would see it: method, path under /api with its query, headers and body text. */
export interface SeenCall {
  method: string;
  path: string;
  headers: Headers;
  body: string;
  /** Whether the call may outlive the page (sent as it is hidden or closed). */
  keepalive: boolean;
}

/**
 * Answers the page's `fetch` (jsdom has no server to reach) with `answer(call)`, a status and a JSON
 * body, so the real HTTP client runs end to end in a unit test; answers the calls it saw, in order.
 * Undo with `vi.restoreAllMocks()`.
 */
export function answerFetch(answer: (call: SeenCall) => { status: number; data?: unknown }): SeenCall[] {
  const calls: SeenCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const call = {
      method: request.method,
      path: `${url.pathname.replace(/^\/api/, '')}${url.search}`,
      headers: request.headers,
      body: await request.text(),
      keepalive: request.keepalive,
    };
    calls.push(call);
    const { status, data } = answer(call);
    return new Response(data === undefined ? null : JSON.stringify(data), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
