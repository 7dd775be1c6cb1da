/**
 * The PAdES seal of a signed document (docs/architecture.md#signature-evidence-and-signed-pdfs,
 * decision 59): a PAdES baseline signature (`ETSI.CAdES.detached`, SHA-256) over the whole file, with
 * the `signing-certificate-v2` attribute and no `signing-time` (ETSI EN 319 142-1 5.4: the time is the
 * dictionary's `/M`, or the timestamp's), and with a time-stamping authority an RFC 3161 token over the
 * signature value in `signature-time-stamp` (PAdES B-T).
 *
 * The PDF side is seal-room.ts (a signature field and dictionary with room for the CMS); it and the
 * signed CMS are made in the drawing thread with the rest of the document (drawing-worker.ts), and the
 * trusted time is added on the server's thread (`stampSeal`). The CMS, the signing-certificate
 * attribute and the timestamp request are built and read by pkijs and asn1js. The RSA signature is
 * WebCrypto's, which runs off the event loop.
 */
import { createHash, randomBytes, type webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

import './pkijs-engine.js';
import type { SealRoom } from './seal-room.js';

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
export const CONTENTS_BYTES = 24 * 1024;

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

/** The CMS of a seal without a trusted time, and the signature value a timestamp is taken over. */
export interface SignedSeal {
  /** DER of the ContentInfo (SignedData), ready for the signature dictionary's room. */
  cms: Uint8Array;
  signatureValue: Uint8Array;
}

/**
 * The CMS over `digest` (seal-room.ts SealRoom), signed with `key`: the signed attributes with
 * pkijs, the RSA signature with WebCrypto. Run in the drawing thread (drawing-worker.ts), which the
 * key is handed to for the one task.
 */
export async function signSeal(digest: Uint8Array, key: SealKey): Promise<SignedSeal> {
  const { signedData, signatureValue } = await signedAttributes(key, digest);
  return { cms: encodeCms(signedData), signatureValue };
}

/**
 * Adds `tsa`'s RFC 3161 token over the signature value to `signed`'s CMS (its `signature-time-stamp`
 * unsigned attribute), or, when the authority fails or takes longer than `timeoutMs`, answers the CMS
 * as it was and says why. On the server's thread: the wait is I/O, the CMS a few kilobytes.
 */
export async function stampSeal(
  signed: SignedSeal,
  tsa: TimeStampAuthority,
): Promise<{ cms: Uint8Array; timestamp: SealTimestamp }> {
  try {
    const token = await requestTimestamp(tsa, createHash('sha256').update(signed.signatureValue).digest());
    const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(signed.cms).content });
    signedData.signerInfos[0]!.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [new pkijs.Attribute({ type: OID.signatureTimeStamp, values: [token.contentInfo.toSchema()] })],
    });
    return { cms: encodeCms(signedData), timestamp: { outcome: 'stamped', authority: tsa.url, time: token.time } };
  } catch (err) {
    return { cms: signed.cms, timestamp: { outcome: 'none', authority: tsa.url, reason: (err as Error).message } };
  }
}

/**
 * Writes `cms` (DER) as hex into the room of `room.pdf`, in place, padded with zeros.
 * @throws Error when the CMS is larger than the room.
 */
export function fillSealRoom(room: SealRoom, cms: Uint8Array): Uint8Array {
  if (cms.length > CONTENTS_BYTES) throw new Error(`The seal's CMS (${cms.length} bytes) is larger than its room`);
  const hex = Buffer.from(cms)
    .toString('hex')
    .padEnd(CONTENTS_BYTES * 2, '0');
  room.pdf.set(Buffer.from(hex, 'latin1'), room.contentsStart + 1);
  return room.pdf;
}

/** DER of the ContentInfo that wraps `signedData`. */
const encodeCms = (signedData: pkijs.SignedData) =>
  new Uint8Array(
    new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) }).toSchema().toBER(),
  );

/** The CMS SignedData with content type, message digest and signing-certificate-v2, signed. */
async function signedAttributes(
  key: SealKey,
  digest: Uint8Array,
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
