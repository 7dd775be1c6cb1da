/**
 * A real SMTP server for the tests, run as its own process: `node smtp-server-process.mjs`.
 * It listens on a loopback port (printed as `listening <port>`) and prints each accepted message as one
 * JSON line: `{ "from", "to", "raw" }`. A line `refuse <n>` on its standard input makes it answer the
 * next <n> messages with `451 Try again later` (a server that is down for a while); `refuse <n> 550`
 * answers them `550 Mailbox unavailable` instead (a refusal for good).
 */
import { createInterface } from 'node:readline';
import { SMTPServer } from 'smtp-server';

let refuse = 0;
let refuseCode = 451;
createInterface({ input: process.stdin }).on('line', (line) => {
  const command = /^refuse (\d+)(?: (451|550))?$/.exec(line.trim());
  if (command) {
    refuse = Number(command[1]);
    refuseCode = Number(command[2] ?? 451);
  }
  process.stdout.write(`ok ${line.trim()}\n`);
});
const server = new SMTPServer({
  authOptional: true,
  // Plain SMTP on loopback: no certificate for nodemailer to check.
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      if (refuse > 0) {
        refuse -= 1;
        const error = Object.assign(new Error(refuseCode === 451 ? 'Try again later' : 'Mailbox unavailable'), {
          responseCode: refuseCode,
        });
        callback(error);
        return;
      }
      const message = {
        from: session.envelope.mailFrom?.address,
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      };
      process.stdout.write(`${JSON.stringify(message)}\n`);
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
