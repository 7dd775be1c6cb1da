/**
 * A stand-in drawing worker for tests of the pool's failures (document-drawing.test.ts): asked to
 * crash, its thread exits at once; asked to hang, it never answers; otherwise it answers its thread.
 */
import { threadId } from 'node:worker_threads';

export default async function draw(task: { crash?: boolean; hang?: boolean }): Promise<{ threadId: number }> {
  if (task.crash) process.exit(70);
  if (task.hang) await new Promise(() => {});
  return { threadId };
}
