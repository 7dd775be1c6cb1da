/**
 * A stand-in HTTP SMS gateway on a loopback port (`SMS_GATEWAY_URL`), answering 200 to every message
 * and keeping what it was sent, in order, as the server's JSON body (`{ to, text }` and the rest).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsGateway {
  /** The address to give the server as `SMS_GATEWAY_URL`. */
  url: string;
  /** Every message received so far. */
  texts: { to: string; text: string }[];
  stop(): Promise<void>;
}

/** Starts a gateway that accepts every message. */
export async function startSmsGateway(): Promise<SmsGateway> {
  const texts: SmsGateway['texts'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      texts.push(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/messages`,
    texts,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
