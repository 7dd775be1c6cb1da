/** Types of portal.mjs, for the TypeScript scripts that drive the portal (scripts/check-budgets.ts). */
import type { ChildProcess } from 'node:child_process';

export const CHROMIUM: string;
export const DEMO: { email: string; password: string };
export function startPortal(opts: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  joining?: boolean;
  /** More environment for the server (METRICS_TOKEN, say). */
  env?: Record<string, string>;
  cwd?: string;
}): Promise<{ server: ChildProcess; base: string; onboardPath: string | undefined; agreementPath: string | undefined }>;
export function signIn(base: string, who?: { email: string; password: string }): Promise<string>;
