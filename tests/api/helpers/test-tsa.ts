/**
 * A real RFC 3161 time-stamping authority for tests: OpenSSL's `openssl ts -reply` with a test
 * authority (its own root and a time-stamping certificate made by `openssl req`/`x509`) behind a small
 * HTTP handler on a loopback port. Also a "down" authority that accepts connections and never answers.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TestTsa {
  url: string;
  /** The authority's root certificate (PEM file), for `openssl ts -verify -CAfile`. */
  caFile: string;
  /** The time-stamping certificate (PEM file), for `-untrusted`. */
  certFile: string;
  /** Requests answered so far. */
  answered(): number;
  close(): Promise<void>;
}

const openssl = (dir: string, ...args: string[]) => run('openssl', args, { cwd: dir });

/** Starts the test authority on 127.0.0.1 and a free port. */
export async function startTestTsa(): Promise<TestTsa> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-tsa-'));
  await openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '2',
    '-subj',
    '/CN=Staffroom test time-stamping root',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  await openssl(
    dir,
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'tsa.key',
    '-out',
    'tsa.csr',
    '-subj',
    '/CN=Staffroom test time-stamping authority',
  );
  await fs.writeFile(
    path.join(dir, 'tsa.ext'),
    'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n',
  );
  await openssl(
    dir,
    'x509',
    '-req',
    '-in',
    'tsa.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'tsa.crt',
    '-days',
    '2',
    '-extfile',
    'tsa.ext',
  );
  await fs.writeFile(path.join(dir, 'serial'), '01\n');
  await fs.writeFile(
    path.join(dir, 'tsa.cnf'),
    [
      '[ tsa ]',
      'default_tsa = test_tsa',
      '[ test_tsa ]',
      `serial = ${path.join(dir, 'serial')}`,
      `signer_cert = ${path.join(dir, 'tsa.crt')}`,
      `signer_key = ${path.join(dir, 'tsa.key')}`,
      `certs = ${path.join(dir, 'ca.crt')}`,
      'signer_digest = sha256',
      'default_policy = 1.3.6.1.4.1.99999.1',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1',
      'ordering = yes',
      'tsa_name = yes',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );
  let answered = 0;
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = n++;
      const query = path.join(dir, `q${id}.tsq`);
      const reply = path.join(dir, `r${id}.tsr`);
      fs.writeFile(query, Buffer.concat(chunks))
        .then(() => openssl(dir, 'ts', '-reply', '-config', 'tsa.cnf', '-queryfile', query, '-out', reply))
        .then(() => fs.readFile(reply))
        .then((bytes) => {
          answered++;
          res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(bytes);
        })
        .catch((err: Error) => res.writeHead(500).end(err.message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsr`,
    caFile: path.join(dir, 'ca.crt'),
    certFile: path.join(dir, 'tsa.crt'),
    answered: () => answered,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** An authority that takes the request and never answers (until closed). */
export async function startSilentTsa(): Promise<{ url: string; requests(): number; close(): Promise<void> }> {
  let requests = 0;
  const server = http.createServer(() => {
    requests++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsr`,
    requests: () => requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
