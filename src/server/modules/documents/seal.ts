/**
 * The PAdES seal of a signed document (docs/architecture.md#signature-evidence-and-signed-pdfs,
 * decision 59): a PAdES baseline signature (`ETSI.CAdES.detached`, SHA-256) over the whole file, with
 * the `signing-certificate-v2` attribute and no `signing-time` (ETSI EN 319 142-1 5.4: the time is the
 * dictionary's `/M`, or the timestamp's), and with a time-stamping authority an RFC 3161 token over the
 * signature value in `signature-time-stamp` (PAdES B-T).
 *
 * The PDF side is @cantoo/pdf-lib (a signature field and dictionary with room for the CMS, written
 * without object streams so the room can be found and filled in place); the CMS, the signing-certificate
 * attribute and the timestamp request are built and read by pkijs and asn1js. The RSA signature is
 * WebCrypto's, which runs off the event loop.
 */
import { createHash, randomBytes, type webcrypto } from 'node:crypto';
import { PDFArray, type PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from '@cantoo/pdf-lib';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

import './pkijs-engine.js';

type CryptoKey = webcrypto.CryptoKey;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStamp: '1.2.840.113549.1.9.16.2.14',
  sha256: '2.16.840.1.101.3.4.2.1',
} as const;

/** Bytes kept for the CMS: two certificates, the signature and a timestamp token with its authority's chain. */
const CONTENTS_BYTES = 24 * 1024;
/** What `/ByteRange` holds until the file's length is known; replaced in place, padded with spaces. */
const BYTE_RANGE_PLACEHOLDER = '**********';

/** The key and certificates a seal is made with (signing-certificates.ts keeps them). */
export interface SealKey {
  /** RSA private key for RSASSA-PKCS1-v1_5 with SHA-256, usable for `sign`. */
  privateKey: CryptoKey;
  /** DER of the signing certificate. */
  certificate: Uint8Array;
  /** DER of the certificates above it, nearest first (the group's authority), carried in the CMS. */
  chain: Uint8Array[];
}

/** A time-stamping authority (RFC 3161 over HTTP) and how long a seal waits for it. */
export interface TimeStampAuthority {
  url: string;
  timeoutMs: number;
}

/** What became of the trusted time: the authority's time, or why there is none. */
export type SealTimestamp =
  | { outcome: 'stamped'; authority: string; time: Date }
  | { outcome: 'none'; authority: string; reason: string }
  | { outcome: 'not-configured' };

export interface SealResult {
  bytes: Uint8Array;
  timestamp: SealTimestamp;
}

/**
 * Adds an invisible signature field on the last page with a signature dictionary whose `/Contents`
 * is empty room, saves, and fills the room with the CMS over every byte but the room itself.
 * @param opts.signedAt the signature dictionary's `/M` (the claimed signing time).
 * @param opts.tsa with it, the signature carries the authority's token unless the authority fails or
 *   takes longer than `timeoutMs`; the seal is then made without one and says why.
 */
export async function sealPdf(
  doc: PDFDocument,
  opts: { key: SealKey; signedAt: Date; reason: string; signerName: string; tsa?: TimeStampAuthority },
): Promise<SealResult> {
  const ctx = doc.context;
  const placeholder = PDFName.of(BYTE_RANGE_PLACEHOLDER);
  const sigDict = ctx.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    ByteRange: PDFArray.withContext(ctx),
    Contents: PDFHexString.of('0'.repeat(CONTENTS_BYTES * 2)),
    M: PDFString.fromDate(opts.signedAt),
    Name: PDFHexString.fromText(opts.signerName),
    Reason: PDFHexString.fromText(opts.reason),
  });
  const byteRange = sigDict.lookup(PDFName.of('ByteRange'), PDFArray);
  byteRange.push(PDFNumber.of(0));
  byteRange.push(placeholder);
  byteRange.push(placeholder);
  byteRange.push(placeholder);
  const sigRef = ctx.register(sigDict);

  const pages = doc.getPages();
  const page = pages[pages.length - 1]!;
  const widgetRef = ctx.register(
    ctx.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: [0, 0, 0, 0],
      V: sigRef,
      T: PDFString.of(`Staffroom seal ${opts.signedAt.toISOString()}`),
      F: 132,
      P: page.ref,
    }),
  );
  page.node.addAnnot(widgetRef);
  const acroForm = doc.catalog.getOrCreateAcroForm();
  acroForm.addField(widgetRef);
  acroForm.dict.set(PDFName.of('SigFlags'), PDFNumber.of(3));

  const pdf = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  const { contentsStart, contentsEnd } = fillByteRange(pdf);
  const digest = createHash('sha256').update(pdf.subarray(0, contentsStart)).update(pdf.subarray(contentsEnd)).digest();

  const { signedData, signatureValue } = await signedAttributes(opts.key, digest);
  let timestamp: SealTimestamp = { outcome: 'not-configured' };
  if (opts.tsa) {
    try {
      const token = await requestTimestamp(opts.tsa, createHash('sha256').update(signatureValue).digest());
      signedData.signerInfos[0]!.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
        type: 1,
        attributes: [new pkijs.Attribute({ type: OID.signatureTimeStamp, values: [token.contentInfo.toSchema()] })],
      });
      timestamp = { outcome: 'stamped', authority: opts.tsa.url, time: token.time };
    } catch (err) {
      timestamp = { outcome: 'none', authority: opts.tsa.url, reason: (err as Error).message };
    }
  }
  const cms = new Uint8Array(
    new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) }).toSchema().toBER(),
  );
  if (cms.length > CONTENTS_BYTES) throw new Error(`The seal's CMS (${cms.length} bytes) is larger than its room`);
  const hex = Buffer.from(cms)
    .toString('hex')
    .padEnd(CONTENTS_BYTES * 2, '0');
  pdf.set(Buffer.from(hex, 'latin1'), contentsStart + 1);
  return { bytes: pdf, timestamp };
}

/** Finds the room for the CMS and writes the real `/ByteRange` over its placeholder, in place. */
function fillByteRange(pdf: Uint8Array): { contentsStart: number; contentsEnd: number } {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  const room = `<${'0'.repeat(CONTENTS_BYTES * 2)}>`;
  const contentsStart = text.indexOf(room);
  const rangeMatch = /\/ByteRange\s*\[\s*0\s+\/\*{10}\s+\/\*{10}\s+\/\*{10}\s*\]/.exec(text);
  if (contentsStart < 0 || text.indexOf(room, contentsStart + 1) >= 0 || !rangeMatch) {
    throw new Error('The signature dictionary was not found once in the saved PDF');
  }
  const contentsEnd = contentsStart + room.length;
  const inner = `0 ${contentsStart} ${contentsEnd} ${pdf.length - contentsEnd}`;
  const open = rangeMatch.index + rangeMatch[0].indexOf('[') + 1;
  const width = rangeMatch[0].lastIndexOf(']') - rangeMatch[0].indexOf('[') - 1;
  if (inner.length > width) throw new Error('The byte range does not fit its placeholder');
  pdf.set(Buffer.from(inner.padEnd(width, ' '), 'latin1'), open);
  return { contentsStart, contentsEnd };
}

/** The CMS SignedData with content type, message digest and signing-certificate-v2, signed. */
async function signedAttributes(
  key: SealKey,
  digest: Buffer,
): Promise<{ signedData: pkijs.SignedData; signatureValue: Uint8Array }> {
  const certificate = pkijs.Certificate.fromBER(key.certificate);
  const issuerSerial = new pkijs.IssuerSerial({
    issuer: new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })] }),
    serialNumber: certificate.serialNumber,
  });
  // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 } (RFC 5035); ESSCertIDv2 leaves
  // out hashAlgorithm when it is the default, SHA-256, as DER requires.
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      new asn1js.OctetString({ valueHex: createHash('sha256').update(key.certificate).digest() }),
      issuerSerial.toSchema(),
    ],
  });
  const signingCertificateV2 = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: derSetOrder([
            new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
            new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
            new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2] }),
          ]),
        }),
      }),
    ],
    certificates: [certificate, ...key.chain.map((der) => pkijs.Certificate.fromBER(der))],
  });
  await signedData.sign(key.privateKey as Parameters<pkijs.SignedData['sign']>[0], 0, 'SHA-256');
  const signatureValue = signedData.signerInfos[0]!.signature.valueBlock.valueHexView;
  return { signedData, signatureValue: new Uint8Array(signatureValue) };
}

/**
 * The attributes in DER's order for a SET OF (by their encodings), which pkijs leaves to its caller:
 * verifiers that re-encode the signed attributes (OpenSSL, NSS) check the signature over that order.
 */
function derSetOrder(attributes: pkijs.Attribute[]): pkijs.Attribute[] {
  const encoded = attributes.map((attribute) => ({
    attribute,
    der: Buffer.from(attribute.toSchema().toBER()),
  }));
  return encoded.sort((a, b) => Buffer.compare(a.der, b.der)).map((e) => e.attribute);
}

/**
 * Asks `tsa` for an RFC 3161 token over `imprint` (SHA-256), within its timeout.
 * @throws Error when it does not answer in time, answers with another status than granted, or answers
 *   a token for another imprint or nonce.
 */
async function requestTimestamp(
  tsa: TimeStampAuthority,
  imprint: Uint8Array,
): Promise<{ contentInfo: pkijs.ContentInfo; time: Date }> {
  const nonce = randomBytes(8);
  // A positive INTEGER in its shortest form, so the authority's copy compares byte for byte.
  nonce[0] = (nonce[0]! & 0x7f) | 0x40;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: imprint }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  let answer: ArrayBuffer;
  try {
    const response = await fetch(tsa.url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: Buffer.from(request.toSchema().toBER()),
      signal: AbortSignal.timeout(tsa.timeoutMs),
    });
    if (!response.ok) throw new Error(`the authority answered HTTP ${response.status}`);
    answer = await response.arrayBuffer();
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new Error(`the authority did not answer within ${tsa.timeoutMs} ms`);
    }
    throw new Error(`the authority could not be reached (${(err as Error).message})`);
  }
  const reply = pkijs.TimeStampResp.fromBER(answer);
  // PKIStatus granted (0) or grantedWithMods (1).
  if (reply.status.status > 1 || !reply.timeStampToken) {
    throw new Error(`the authority refused (status ${reply.status.status})`);
  }
  const signed = new pkijs.SignedData({ schema: reply.timeStampToken.content });
  const eContent = signed.encapContentInfo.eContent;
  if (!eContent) throw new Error('the authority answered a token without its content');
  const info = pkijs.TSTInfo.fromBER(eContent.getValue());
  const sameImprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(
    Buffer.from(imprint),
  );
  const sameNonce = info.nonce && Buffer.from(info.nonce.valueBlock.valueHexView).equals(nonce);
  if (!sameImprint || !sameNonce) throw new Error('the authority answered a token for another request');
  return { contentInfo: reply.timeStampToken, time: info.genTime };
}
