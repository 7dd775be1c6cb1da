/**
 * A Fetch API function that answers from this Fastify app with `inject` instead of the network.
 * The relying party uses it to reach the embedded provider: no socket, no dependency on the public
 * URL being reachable from the server itself. The Host header is the requested URL's, so the
 * provider builds its endpoint URLs for the public address.
 */
import type { FastifyInstance } from 'fastify';

export function injectFetch(app: FastifyInstance) {
  return async (
    url: string,
    options: { method?: string; headers?: ConstructorParameters<typeof Headers>[0]; body?: unknown },
  ): Promise<Response> => {
    const target = new URL(url);
    const headers: Record<string, string> = Object.fromEntries(new Headers(options.headers).entries());
    headers.host = target.host;
    headers['x-forwarded-proto'] = target.protocol.replace(':', '');
    const body = options.body;
    const payload =
      body === undefined || body === null
        ? undefined
        : body instanceof URLSearchParams
          ? body.toString()
          : typeof body === 'string'
            ? body
            : Buffer.from(body as ArrayBuffer);
    const res = await app.inject({
      method: (options.method ?? 'GET') as 'GET',
      url: target.pathname + target.search,
      headers,
      payload,
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined) continue;
      for (const value of Array.isArray(v) ? v : [String(v)]) out.append(k, value);
    }
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.rawPayload, {
      status: res.statusCode,
      headers: out,
    });
  };
}
