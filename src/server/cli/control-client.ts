/**
 * The CLI end of the admin control channel (docs/architecture.md#admin-control-channel): hands a
 * command to the server that holds the PGlite folder.
 */
import fs from 'node:fs/promises';
import { controlFilePath, controlFileSchema, type ControlFile } from '@server/lib/control-file.js';
import type { CommandResult } from './run-command.js';

/**
 * Sends a command to the server holding `dataDir`, if one is running and answers.
 * Answers undefined when no server is there (the CLI may then open the folder itself).
 * @throws Error when the server answers but refuses the command.
 */
export async function sendToRunningServer(
  dataDir: string,
  name: string,
  options: Record<string, unknown>,
): Promise<CommandResult | undefined> {
  let file: ControlFile;
  try {
    file = controlFileSchema.parse(JSON.parse(await fs.readFile(controlFilePath(dataDir), 'utf8')));
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
