/**
 * The admin control channel's rendezvous file, `DATA_DIR/control.json` (mode 0600): the loopback
 * port and bearer token of a running server, read by the CLI and written by the server
 * (docs/architecture.md#admin-control-channel).
 */
import path from 'node:path';
import { z } from 'zod';

export const controlFileSchema = z.object({ port: z.number().int(), token: z.string(), pid: z.number().int() });
export type ControlFile = z.infer<typeof controlFileSchema>;

/** Where the running server announces its control channel. */
export const controlFilePath = (dataDir: string) => path.join(dataDir, 'control.json');

/** What the channel's `POST /command` takes. */
export const controlCommandSchema = z.object({ name: z.string(), options: z.record(z.string(), z.unknown()) });
export type ControlCommand = z.infer<typeof controlCommandSchema>;

/**
 * What `POST /command` answers: newline-delimited JSON, sent as the command runs. Text frames carry
 * the output in order (a long export arrives in many); the last frame is the end, with the exit code
 * and, when it failed, the message. An answer that stops without an end frame is a broken command.
 */
export const controlFrameSchema = z.union([
  z.object({ text: z.string() }),
  z.object({ exitCode: z.number().int(), error: z.string().optional() }),
]);
export type ControlFrame = z.infer<typeof controlFrameSchema>;
