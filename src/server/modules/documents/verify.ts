/**
 * Checking a PDF anyone uploads to `/verify` (docs/product.md#verify, decision 59): is it sealed by a
 * certificate this Staffroom has used, and is it unchanged since? Read from the bytes alone, without
 * parsing the PDF's objects (an untrusted upload is never handed to a PDF parser here): each
 * `/ByteRange` found names the signed bytes and the CMS between them, which pkijs reads and checks.
 * Nothing uploaded is stored.
 */
import { createHash } from 'node:crypto';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import * as asn1js from 'asn1js';
import { inArray } from 'drizzle-orm';
import * as pkijs from 'pkijs';
import type { VerifyResult } from '@shared/api/documents.js';
import { getBrand } from '@shared/brands.js';
import { signingCertificates } from '@server/db/schema.js';
import type { Services } from '@server/services.js';
import './pkijs-engine.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const OID_TIMESTAMP_TOKEN = '1.2.840.113549.1.9.16.2.14';
const OID_COMMON_NAME = '2.5.4.3';

interface FoundSignature {
  byteRange: [number, number, number, number];
  signed: pkijs.SignedData;
  certificate: pkijs.Certificate;
  certificateSha256: string;
  /** The signature dictionary's text after `/Contents` (its `/M` and `/Name`). */
  after: string;
}

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** Every signature whose byte range and CMS can be read, in the order they appear. */
function findSignatures(bytes: Buffer): FoundSignature[] {
  const text = bytes.toString('latin1');
  const found: FoundSignature[] = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const range = match.slice(1, 5).map(Number) as [number, number, number, number];
    const [a, b, c, d] = range;
    if (a !== 0 || b <= 0 || c <= b || c + d > bytes.length || text[b] !== '<' || text[c - 1] !== '>') continue;
    const hex = text.slice(b + 1, c - 1);
    if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2) continue;
    const der = Buffer.from(hex, 'hex');
    const parsed = asn1js.fromBER(new Uint8Array(der));
    if (parsed.offset <= 0) continue;
    try {
      const info = new pkijs.ContentInfo({ schema: parsed.result });
      const signed = new pkijs.SignedData({ schema: info.content });
      const sid = signed.signerInfos[0]?.sid;
      const certificate = (signed.certificates ?? []).find(
        (cert): cert is pkijs.Certificate =>
          cert instanceof pkijs.Certificate &&
          sid instanceof pkijs.IssuerAndSerialNumber &&
          cert.serialNumber.isEqual(sid.serialNumber) &&
          cert.issuer.isEqual(sid.issuer),
      );
      if (!certificate) continue;
      const end = text.indexOf('>>', c);
      found.push({
        byteRange: range,
        signed,
        certificate,
        certificateSha256: sha256(new Uint8Array(certificate.toSchema().toBER())).toString('hex'),
        after: text.slice(c, end < 0 ? c + 4096 : Math.min(end, c + 4096)),
      });
    } catch {
      // Not a CMS SignedData: not a signature this check can read.
    }
  }
  return found;
}

/** True when the signature's message digest is the signed bytes' and its signature verifies. */
async function holds(sig: FoundSignature, bytes: Buffer): Promise<boolean> {
  const [a, b, c, d] = sig.byteRange;
  const data = Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);
  const digest = sig.signed.signerInfos[0]?.signedAttrs?.attributes.find((x) => x.type === OID_MESSAGE_DIGEST);
  const claimed = digest?.values[0] instanceof asn1js.OctetString ? digest.values[0].valueBlock.valueHexView : null;
  if (!claimed || !Buffer.from(claimed).equals(sha256(data))) return false;
  try {
    return (await sig.signed.verify({ signer: 0, data: new Uint8Array(data).buffer, checkChain: false })) === true;
  } catch {
    return false;
  }
}

/** The signer's name and claimed time from the signature dictionary (`/Name`, `/M`). */
function nameAndTime(after: string): { name: string | null; time: Date | null } {
  const hexName = /\/Name\s*<([0-9A-Fa-f]+)>/.exec(after)?.[1];
  let name: string | null = null;
  if (hexName?.toUpperCase().startsWith('FEFF')) {
    const utf16be = Buffer.from(hexName.slice(4), 'hex');
    name = Buffer.from(utf16be.swap16()).toString('utf16le');
  }
  const m = /\/M\s*\(D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z/.exec(after);
  const time = m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : null;
  return { name, time };
}

/** The trusted time of the signature's timestamp token, and the authority's name, when it checks out. */
async function trustedTime(sig: FoundSignature): Promise<{ authority: string; time: Date } | null> {
  const signer = sig.signed.signerInfos[0]!;
  const attr = signer.unsignedAttrs?.attributes.find((x) => x.type === OID_TIMESTAMP_TOKEN);
  if (!attr?.values[0]) return null;
  try {
    const token = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: attr.values[0] }).content });
    const eContent = token.encapContentInfo.eContent;
    if (!eContent) return null;
    const info = pkijs.TSTInfo.fromBER(eContent.getValue());
    const signatureValue = new Uint8Array(signer.signature.valueBlock.valueHexView);
    const imprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
    if (!imprint.equals(sha256(signatureValue))) return null;
    // pkijs checks a TSTInfo's imprint against `data` as well as the token's own signature.
    const data = signatureValue.slice().buffer;
    if ((await token.verify({ signer: 0, checkChain: false, data })) !== true) return null;
    const tsaCert = (token.certificates ?? []).find((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
    const cn = tsaCert?.subject.typesAndValues.find((t) => t.type === OID_COMMON_NAME)?.value.valueBlock.value;
    return { authority: typeof cn === 'string' && cn ? cn : 'a time-stamping authority', time: info.genTime };
  } catch {
    return null;
  }
}

const ukDate = (time: Date) => dayjs(time).tz('Europe/London');

/**
 * The verdict on `bytes` (a PDF of at most 20 MB, already decoded): intact, changed after it was
 * signed, or not signed by this Staffroom; with what a trusted time confirms.
 */
export async function verifyPdf(opts: { services: Services; bytes: Buffer }): Promise<VerifyResult> {
  const { services, bytes } = opts;
  const group = getBrand(services.config.brand).name;
  const signatures = findSignatures(bytes);
  const known = signatures.length
    ? new Set(
        (
          await services.db
            .select({ sha256: signingCertificates.sha256 })
            .from(signingCertificates)
            .where(inArray(signingCertificates.sha256, [...new Set(signatures.map((s) => s.certificateSha256))]))
        ).map((r) => r.sha256),
      )
    : new Set<string>();
  const ours = signatures.filter((s) => known.has(s.certificateSha256)).at(-1);
  if (!ours) {
    return {
      verdict: 'not-signed-here',
      message: 'Not signed by this Staffroom.',
      trusted_time: 'No trusted time confirms a signing time.',
    };
  }
  const [, , c, d] = ours.byteRange;
  const intact = c + d === bytes.length && (await holds(ours, bytes));
  const stamp = await trustedTime(ours);
  const trusted = stamp
    ? `A trusted time from ${stamp.authority} confirms the signing time: ${ukDate(stamp.time).format('DD/MM/YYYY')} at ${ukDate(stamp.time).format('HH:mm')}.`
    : 'No trusted time confirms the signing time.';
  if (!intact) {
    return {
      verdict: 'changed',
      message: `Signed by ${group} with Staffroom, but changed after it was signed: this is not the document that was signed.`,
      trusted_time: trusted,
    };
  }
  const { name, time } = nameAndTime(ours.after);
  const when = ukDate(time ?? stamp?.time ?? new Date(0));
  return {
    verdict: 'intact',
    message: `Signed by ${group} with Staffroom on ${when.format('DD/MM/YYYY')} at ${when.format('HH:mm')} by ${name ?? 'an unnamed signer'}, and unchanged since.`,
    trusted_time: trusted,
  };
}
