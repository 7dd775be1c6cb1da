/**
 * What the seal costs a signature (docs/performance.md#signed-documents): the server's work of signing a
 * contract, once without the seal and once with it, interleaved, 20 of each in one run, from the built
 * server's own modules (`dist/server`): the contract laid out from the built-in template, the footer and
 * certificate page drawn and the seal made (RSA 3072 through WebCrypto, no time-stamping authority) in
 * the drawing thread (drawing.ts, as the server does). Prints both medians and the difference
 * (target: at most 300 ms), and how long the event loop of this (the server's) thread was held
 * while each sealed one ran, median and longest (target: under 50 ms), from `monitorEventLoopDelay`;
 * then the same for the drawing run on this thread (the drawing thread's module called directly), the
 * way it ran before.
 * Usage: `node scripts/bench/document-seal.mjs` after `npm run build`; `npm run bench` runs it last.
 */
import { webcrypto } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';

const RUNS = 20;
const dist = (file) => import(pathToFileURL(path.resolve('dist/server/modules/documents', file)).href);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Prints the A/B table of the seal's cost. */
export async function benchDocumentSeal() {
  const { createDocumentDrawing } = await dist('drawing.js');
  const { fillSealRoom } = await dist('seal.js');
  const { mergeTemplate, sanitizeTemplateHtml } = await dist('template.js');

  const { generateCertificates } = await dist('signing-certificates.js');
  const made = await generateCertificates('Bench Group');
  const privateKey = await webcrypto.subtle.importKey(
    'pkcs8',
    made.pkcs8,
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const key = { privateKey, certificate: made.certificate, chain: [made.authority] };

  const name = { forename: 'Łukasz', surname: 'Wiśniewski-Șerban' };
  const template = fs.readFileSync('templates/contract-of-employment.html', 'utf8');
  const html = sanitizeTemplateHtml(
    mergeTemplate(template, {
      ...name,
      full_name: `${name.forename} ${name.surname}`,
      known_as: name.forename,
      email_address: 'lukasz@example.com',
      position: 'Bartender',
      venue: 'The Lantern, Leeds',
      start_date: '01/12/2026',
      today: '28/11/2026',
      company: 'Staffroom Group',
    }),
  );
  const signaturePng = new Uint8Array(
    await sharp({ create: { width: 800, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer(),
  );
  const evidence = () => ({
    documentId: '00000000-0000-4000-8000-000000000000',
    title: 'Contract of employment',
    kind: 'contract',
    signerName: `${name.forename} ${name.surname}`,
    signerEmail: 'lukasz@example.com',
    signedAt: new Date(),
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (bench)',
    documentSha256: 'a'.repeat(64),
    hashedWhat: 'the HTML text shown (UTF-8)',
    signaturePng,
  });
  // Laid out from the HTML at each signature and sealed, in the drawing thread, as the server does; the
  // CMS goes into its room here.
  const drawing = createDocumentDrawing();
  const source = () => ({ html, title: 'Contract of employment', createdAt: new Date() });
  const unsealed = async () => (await drawing.draw({ kind: 'signed', original: source(), evidence: evidence() })).pdf;
  const sealing = { reason: 'Contract signed', key };
  const sealed = async () => {
    const drawn = await drawing.draw({ kind: 'signed', original: source(), evidence: evidence(), seal: sealing });
    return fillSealRoom({ pdf: drawn.pdf, ...drawn.room }, drawn.signed.cms);
  };

  // The same drawing run on this thread, as before the drawing thread: what it held the loop for.
  const { default: drawHere } = await dist('drawing-worker.js');
  const sealedHere = async () => {
    const drawn = await drawHere({ kind: 'signed', original: source(), evidence: evidence(), seal: sealing });
    return fillSealRoom({ pdf: drawn.pdf, ...drawn.room }, drawn.signed.cms);
  };

  for (let i = 0; i < 3; i++) {
    await unsealed();
    await sealed();
    await sealedHere();
  }
  const a = [];
  const b = [];
  const holds = { worker: [], here: [], idle: [] };
  // Enabled once for the whole run: enabling and disabling around each signature would count the time
  // it was off as one long hold. The histogram's timer records a hold when the loop comes back, and
  // drops the first sample after a reset: so it is reset and given a turn before the work, and read a
  // turn after it.
  const held = monitorEventLoopDelay({ resolution: 1 });
  held.enable();
  const holdOf = async (work) => {
    held.reset();
    await sleep(10);
    const result = await work();
    await sleep(10);
    return { result, hold: held.max / 1e6 };
  };
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await unsealed();
    a.push(performance.now() - t);
    const worker = await holdOf(async () => {
      const started = performance.now();
      await sealed();
      b.push(performance.now() - started);
    });
    holds.worker.push(worker.hold);
    holds.here.push((await holdOf(sealedHere)).hold);
    // The floor: the loop doing nothing for as long as a signature takes. On a shared machine a thread
    // waiting for a core reads as a hold too.
    holds.idle.push((await holdOf(() => sleep(b.at(-1)))).hold);
  }
  held.disable();
  const ms = (v) => `${v.toFixed(0)} ms`;
  const longest = (values) => Math.max(...values);
  console.log('\nSigning a contract: the signed PDF without and with the seal (median of 20, interleaved)');
  console.log('| without seal | with seal | seal adds | event-loop hold per signature: median, longest |');
  console.log('|---|---|---|---|');
  console.log(
    `| ${ms(median(a))} | ${ms(median(b))} | ${ms(median(b) - median(a))} | ${ms(median(holds.worker))}, ${ms(longest(holds.worker))} |`,
  );
  console.log(
    `\nThe loop doing nothing as long (the machine's floor): ${ms(median(holds.idle))} median, ${ms(longest(holds.idle))} longest`,
  );
  console.log(
    `The same sealed signature drawn on the main thread (as before the drawing thread): event-loop hold per signature ${ms(median(holds.here))} median, ${ms(longest(holds.here))} longest`,
  );
  await drawing.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchDocumentSeal();
