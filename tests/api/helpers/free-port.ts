/**
 * A TCP port free on the loopback interface right now (for a server a test starts). Chosen below the
 * kernel's ephemeral range (Linux: /proc/sys/net/ipv4/ip_local_port_range, 32768-60999 by default):
 * a port the kernel handed out was free when asked, but any process's next outgoing connection (to
 * PostgreSQL, to a test server) could take it as its local port before the server listened on it.
 */
import fs from 'node:fs';
import net from 'node:net';

const LOWEST = 20_000;

function ephemeralStart(): number {
  try {
    const [start] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const n = Number(start);
    return Number.isInteger(n) && n > LOWEST + 1000 ? n : 32_768;
  } catch {
    return 32_768;
  }
}

const listens = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

export async function freePort(): Promise<number> {
  const below = ephemeralStart();
  for (let tries = 0; tries < 50; tries++) {
    const port = LOWEST + Math.floor(Math.random() * (below - LOWEST));
    if (await listens(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${below}`);
}
