/**
 * The server end of the admin control channel. A PGlite folder may be opened by one process only,
 * so while the server runs on the embedded database the CLI hands its command to the server instead
 * of opening the folder: the server listens on 127.0.0.1 (loopback only) on a random port and writes
 * the port and a random bearer token to `DATA_DIR/control.json` (mode 0600); the CLI posts
 * `{ name, options }` and reads the output as it is produced, as newline-delimited JSON frames
 * (docs/architecture.md#admin-control-channel). The caller supplies `run`, so this file knows
 * nothing of the commands themselves.
 */
import fs from 'node:fs/promises';
import { Transform, type Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  controlCommandSchema,
  controlFilePath,
  type ControlCommand,
  type ControlFile,
  type ControlFrame,
} from '@server/lib/control-file.js';
import { newToken, safeEqual } from '@server/lib/tokens.js';
import { zodSchemaController } from '@server/lib/zod-compilers.js';

export interface ControlChannelOptions {
  dataDir: string;
  log: FastifyBaseLogger;
  /**
   * Runs one command, writing what the CLI prints to `output` as it comes (without ending it), and
   * answers its exit code and, when it failed, the message.
   */
  run(command: ControlCommand, output: Writable): Promise<{ exitCode: number; error?: string }>;
}

/** Output text in, one `{ text }` frame per chunk out; an end frame (an object) written last. */
function frameStream(): Transform {
  return new Transform({
    writableObjectMode: true,
    transform(chunk: string | Buffer | ControlFrame, _encoding, done) {
      const frame: ControlFrame = typeof chunk === 'string' || Buffer.isBuffer(chunk) ? { text: String(chunk) } : chunk;
      done(null, `${JSON.stringify(frame)}\n`);
    },
  });
}

/** Starts the channel for a running server. Close it before the app. */
export async function startControlChannel(opts: ControlChannelOptions): Promise<{ close(): Promise<void> }> {
  const token = newToken();
  const channel = Fastify({ logger: false, bodyLimit: 32 * 1024 * 1024, schemaController: zodSchemaController });
  channel.post('/command', async (request, reply) => {
    const auth = request.headers.authorization ?? '';
    if (!safeEqual(auth, `Bearer ${token}`)) return reply.code(401).send({ error: 'unauthorised' });
    const body = controlCommandSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'bad request' });
    opts.log.info({ command: body.data.name }, 'admin command');
    const frames = frameStream();
    const end = (frame: ControlFrame) => {
      // Gone when the CLI hung up: nobody is left to tell.
      if (!frames.destroyed) frames.end(frame);
    };
    opts.run(body.data, frames).then(end, (err: unknown) => {
      if (frames.destroyed) return;
      opts.log.error({ err, command: body.data.name }, 'admin command failed');
      end({
        exitCode: 1,
        error: `The command failed in the server (${err instanceof Error ? err.message : String(err)}); its log has the details.`,
      });
    });
    return reply.type('application/x-ndjson').send(frames);
  });
  await channel.listen({ host: '127.0.0.1', port: 0 });
  const address = channel.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const file: ControlFile = { port, token, pid: process.pid };
  await fs.writeFile(controlFilePath(opts.dataDir), JSON.stringify(file), { mode: 0o600 });
  return {
    async close() {
      await fs.rm(controlFilePath(opts.dataDir), { force: true });
      await channel.close();
    },
  };
}
