/**
 * The admin control channel. A PGlite folder may be opened by one process only, so while the server
 * runs on the embedded database the CLI hands its command to the server instead of opening the
 * folder: the server listens on 127.0.0.1 (loopback only) on a random port and writes the port and a
 * random bearer token to `DATA_DIR/control.json` (mode 0600); the CLI posts `{ name, options }`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newToken, safeEqual } from '../lib/tokens.js';
import { runCommand, type CommandResult } from './run-command.js';

const controlFileSchema = z.object({ port: z.number().int(), token: z.string(), pid: z.number().int() });
type ControlFile = z.infer<typeof controlFileSchema>;

const controlFile = (dataDir: string) => path.join(dataDir, 'control.json');

/** Starts the channel for a running server. Close it before the app. */
export async function startControlChannel(opts: { app: FastifyInstance; dataDir: string }): Promise<{ close(): Promise<void> }> {
  const token = newToken();
  const channel = Fastify({ logger: false, bodyLimit: 32 * 1024 * 1024 });
  const bodySchema = z.object({ name: z.string(), options: z.record(z.string(), z.unknown()) });
  channel.post('/command', async (request, reply) => {
    const auth = request.headers.authorization ?? '';
    if (!safeEqual(auth, `Bearer ${token}`)) return reply.code(401).send({ error: 'unauthorised' });
    const body = bodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'bad request' });
    opts.app.log.info({ command: body.data.name }, 'admin command');
    const result: CommandResult = await runCommand({
      services: opts.app.services,
      name: body.data.name,
      options: body.data.options,
    });
    return result;
  });
  await channel.listen({ host: '127.0.0.1', port: 0 });
  const address = channel.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const file: ControlFile = { port, token, pid: process.pid };
  await fs.writeFile(controlFile(opts.dataDir), JSON.stringify(file), { mode: 0o600 });
  return {
    async close() {
      await fs.rm(controlFile(opts.dataDir), { force: true });
      await channel.close();
    },
  };
}

/**
 * Sends a command to the server holding `dataDir`, if one is running and answers.
 * Answers undefined when no server is there (the CLI may then open the folder itself).
 */
export async function sendToRunningServer(
  dataDir: string,
  name: string,
  options: Record<string, unknown>,
): Promise<CommandResult | undefined> {
  let file: ControlFile;
  try {
    file = controlFileSchema.parse(JSON.parse(await fs.readFile(controlFile(dataDir), 'utf8')));
  } catch {
    return undefined;
  }
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${file.port}/command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${file.token}` },
      body: JSON.stringify({ name, options }),
    });
  } catch {
    return undefined;
  }
  if (!res.ok) throw new Error(`The running server refused the command (HTTP ${res.status}).`);
  return (await res.json()) as CommandResult;
}
