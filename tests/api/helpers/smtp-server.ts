/**
 * A real SMTP server for API tests: `tests/support/smtp-server-process.mjs` (`smtp-server` from npm) in a
 * process of its own on a loopback port, as production sends to with `SMTP_URL`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The `Message-ID` header, `<…>`. */
  messageId: string;
}

export interface SmtpServer {
  url: string;
  /** Every message accepted so far, in order. */
  received: ReceivedMail[];
  /** Makes the server refuse the next `count` messages (451 for a while, 550 for good); resolves once it has taken the order. */
  refuseNext(count: number, code?: 451 | 550): Promise<void>;
  /** Resolves with the first message to `to` once the server has accepted it. */
  arrivedFor(to: string): Promise<ReceivedMail>;
  /**
   * Resolves once `received` holds every message the server accepted so far: the server prints a
   * message before it answers 250, and answers this order after, on the same output.
   */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** A header's value from a raw message, unfolded. */
export const headerOf = (raw: string, name: string): string | undefined =>
  new RegExp(`^${name}: ?(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim();

/** The text body with quoted-printable soft line breaks joined (links survive whole). */
export const bodyOf = (raw: string): string => raw.replace(/=\r?\n/g, '');

export async function startSmtpServer(): Promise<SmtpServer> {
  const child: ChildProcess = spawn(process.execPath, ['tests/support/smtp-server-process.mjs'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const received: ReceivedMail[] = [];
  let orders = 0;
  const waiting: (() => void)[] = [];
  const wakeAll = () => waiting.splice(0).forEach((wake) => wake());
  const acknowledged: string[] = [];
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the SMTP server stopped (${code})`)));
    lines.on('line', (line) => {
      const listening = /^listening (\d+)$/.exec(line);
      if (listening) return resolve(Number(listening[1]));
      if (line.startsWith('ok ')) acknowledged.push(line.slice(3));
      else {
        const message = JSON.parse(line) as Omit<ReceivedMail, 'messageId'>;
        received.push({ ...message, messageId: headerOf(message.raw, 'Message-ID') ?? '' });
      }
      wakeAll();
    });
  });
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((wake) => waiting.push(wake));
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async refuseNext(count, code = 451) {
      const order = `refuse ${count} ${code}`;
      child.stdin!.write(`${order}\n`);
      await until(() => acknowledged.includes(order));
      acknowledged.splice(acknowledged.indexOf(order), 1);
    },
    async settled() {
      const order = `settle ${(orders += 1)}`;
      child.stdin!.write(`${order}\n`);
      await until(() => acknowledged.includes(order));
    },
    async arrivedFor(to) {
      await until(() => received.some((m) => m.to.includes(to)));
      return received.find((m) => m.to.includes(to))!;
    },
    stop: () =>
      new Promise<void>((resolve) =>
        child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')),
      ),
  };
}
