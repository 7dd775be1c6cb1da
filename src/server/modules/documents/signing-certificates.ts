/**
 * The group's document-signing certificate (decision 59): from the PKCS#12 file the configuration
 * names (`SIGNING_CERTIFICATE_FILE`), or on the embedded default a group certificate authority and a
 * signing certificate generated once (WebCrypto keys, certificates built by pkijs), the signing key sealed in
 * `signing_certificates` like other secrets and the authority's key dropped once it has signed, so
 * nothing else can ever be issued under it. Every certificate used is recorded there, which is how a
 * sealed document is recognised as this Staffroom's.
 */
import { createHash, createPrivateKey, createPublicKey, randomBytes, webcrypto } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as asn1js from 'asn1js';
import { and, eq } from 'drizzle-orm';
import * as pkijs from 'pkijs';
import { getBrand } from '@shared/brands.js';
import { signingCertificates } from '@server/db/schema.js';
import { openField, sealField } from '@server/lib/field-crypto.js';
import { sealContext } from '@server/lib/sealed-columns.js';
import type { Services } from '@server/services.js';
import './pkijs-engine.js';
import type { SealKey } from './seal.js';

type CryptoKey = webcrypto.CryptoKey;
// pkijs's types name the DOM's CryptoKey, which Node's WebCrypto keys are.
type PkijsKey = Parameters<pkijs.Certificate['sign']>[0];

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const RSA_KEY = { ...RSA, modulusLength: 3072, publicExponent: new Uint8Array([1, 0, 1]) };
const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;
const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
} as const;

/** The seal's key with the id of its `signing_certificates` row. */
export interface SealSigner {
  certificateId: string;
  certificateSha256: string;
  key: SealKey;
}

const b64 = (bytes: ArrayBuffer | Uint8Array) =>
  Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64');
const der = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));
const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const importKey = (pkcs8: Uint8Array) => webcrypto.subtle.importKey('pkcs8', pkcs8, RSA, false, ['sign']);

/** An X.509 time: UTCTime through 2049, GeneralizedTime after (RFC 5280 4.1.2.5). */
const x509Time = (value: Date) => new pkijs.Time({ type: value.getUTCFullYear() < 2050 ? 0 : 1, value });

/** A KeyUsage extension value: the bits named (0 digitalSignature, 1 nonRepudiation, 5 keyCertSign, 6 cRLSign). */
function keyUsage(bits: number[]): pkijs.Extension {
  const byte = bits.reduce((acc, bit) => acc | (0x80 >> bit), 0);
  let unused = 0;
  while (unused < 7 && !(byte & (1 << unused))) unused++;
  const value = new asn1js.BitString({ valueHex: new Uint8Array([byte]).buffer, unusedBits: unused });
  return new pkijs.Extension({ extnID: OID.keyUsage, critical: true, extnValue: value.toBER(false) });
}

/**
 * One certificate built and signed by pkijs: `subject` (CN and O), issued by `issuer` (itself when
 * absent) and signed with `signingKey`; a CA with `ca`, else a document-signing certificate.
 */
async function makeCertificate(opts: {
  commonName: string;
  organization: string;
  publicKey: CryptoKey;
  signingKey: CryptoKey;
  issuer?: pkijs.Certificate;
  years: number;
  ca: boolean;
}): Promise<pkijs.Certificate> {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  cert.serialNumber = new asn1js.Integer({ valueHex: serial });
  // One attribute per RDN (pkijs would put both in one SET, a multi-valued RDN readers show as "CN + O").
  const rdns = [
    [OID.commonName, opts.commonName],
    [OID.organization, opts.organization],
  ].map(
    ([type, value]) =>
      new asn1js.Set({
        value: [new pkijs.AttributeTypeAndValue({ type, value: new asn1js.Utf8String({ value }) }).toSchema()],
      }),
  );
  cert.subject = pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: rdns }).toBER(false));
  cert.issuer = opts.issuer ? opts.issuer.subject : cert.subject;
  // Whole seconds: DER times in certificates carry no fraction (RFC 5280 4.1.2.5.2).
  const now = Math.floor(Date.now() / 1000) * 1000;
  cert.notBefore = x509Time(new Date(now));
  cert.notAfter = x509Time(new Date(now + Math.round((opts.years * YEAR_MS) / 1000) * 1000));
  await cert.subjectPublicKeyInfo.importKey(opts.publicKey as unknown as PkijsKey);
  const keyId = (c: pkijs.Certificate) =>
    createHash('sha1').update(c.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest();
  const ownKeyId = keyId(cert);
  cert.extensions = [
    new pkijs.Extension({
      extnID: OID.basicConstraints,
      critical: true,
      extnValue: new pkijs.BasicConstraints(opts.ca ? { cA: true, pathLenConstraint: 0 } : {}).toSchema().toBER(false),
    }),
    keyUsage(opts.ca ? [5, 6] : [0, 1]),
    new pkijs.Extension({
      extnID: OID.subjectKeyIdentifier,
      extnValue: new asn1js.OctetString({ valueHex: ownKeyId }).toBER(false),
    }),
    new pkijs.Extension({
      extnID: OID.authorityKeyIdentifier,
      extnValue: new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: opts.issuer ? keyId(opts.issuer) : ownKeyId }),
      })
        .toSchema()
        .toBER(false),
    }),
  ];
  await cert.sign(opts.signingKey as unknown as PkijsKey, 'SHA-256');
  return cert;
}

/** The group's authority and signing certificate, made now; the authority's key is not kept. */
export async function generateCertificates(brandName: string) {
  const authorityKeys = await webcrypto.subtle.generateKey(RSA_KEY, false, ['sign', 'verify']);
  const signingKeys = await webcrypto.subtle.generateKey(RSA_KEY, true, ['sign', 'verify']);
  const authority = await makeCertificate({
    commonName: `${brandName} document signing authority`,
    organization: brandName,
    publicKey: authorityKeys.publicKey,
    signingKey: authorityKeys.privateKey,
    years: 30,
    ca: true,
  });
  const signing = await makeCertificate({
    commonName: `${brandName} signed documents`,
    organization: brandName,
    publicKey: signingKeys.publicKey,
    signingKey: authorityKeys.privateKey,
    issuer: authority,
    years: 25,
    ca: false,
  });
  const pkcs8 = new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', signingKeys.privateKey));
  return {
    certificate: new Uint8Array(signing.toSchema().toBER()),
    authority: new Uint8Array(authority.toSchema().toBER()),
    pkcs8,
  };
}

/**
 * The generated certificate, made and stored on the first call of the first process: instances
 * starting at once each make one, and the first written is the one every instance uses.
 */
async function generatedSigner(services: Services): Promise<SealSigner> {
  const { db, fieldKeys, config } = services;
  const read = () => db.select().from(signingCertificates).where(eq(signingCertificates.source, 'generated')).limit(1);
  let [row] = await read();
  if (!row) {
    const made = await generateCertificates(getBrand(config.brand).name);
    const id = webcrypto.randomUUID();
    await db
      .insert(signingCertificates)
      .values({
        id,
        source: 'generated',
        certificate: b64(made.certificate),
        chain: [b64(made.authority)],
        sha256: sha256Hex(made.certificate),
        privateKeySealed: sealField(fieldKeys, b64(made.pkcs8), sealContext.signingKey(id)),
      })
      .onConflictDoNothing();
    [row] = await read();
  }
  if (!row?.privateKeySealed) throw new Error('The generated signing certificate has no key');
  const pkcs8 = der(openField(fieldKeys, row.privateKeySealed, sealContext.signingKey(row.id)));
  return {
    certificateId: row.id,
    certificateSha256: row.sha256,
    key: { privateKey: await importKey(pkcs8), certificate: der(row.certificate), chain: row.chain.map(der) },
  };
}

/**
 * The key and certificates of a PKCS#12 file (pkijs): the certificate whose public key is the file's
 * private key signs; the others are its chain, in the order issuers follow.
 * @throws Error naming what is wrong (password, no key, no matching certificate), never the password.
 */
async function readPkcs12(
  bytes: Uint8Array,
  password: string,
): Promise<{ pkcs8: Uint8Array; certificate: Uint8Array; chain: Uint8Array[] }> {
  const pass = new TextEncoder().encode(password).buffer;
  const pfx = pkijs.PFX.fromBER(bytes);
  try {
    await pfx.parseInternalValues({ password: pass, checkIntegrity: true });
  } catch {
    throw new Error('SIGNING_CERTIFICATE_FILE did not open with SIGNING_CERTIFICATE_PASSWORD (or is no PKCS#12 file)');
  }
  const safe = pfx.parsedValue?.authenticatedSafe;
  if (!safe) throw new Error('SIGNING_CERTIFICATE_FILE holds no certificates or keys');
  await safe.parseInternalValues({ safeContents: safe.safeContents.map(() => ({ password: pass })) });
  let pkcs8: Uint8Array | undefined;
  const certificates: Uint8Array[] = [];
  for (const contents of safe.parsedValue?.safeContents ?? []) {
    for (const bag of contents.value.safeBags) {
      if (bag.bagValue instanceof pkijs.PKCS8ShroudedKeyBag) {
        await bag.bagValue.parseInternalValues({ password: pass });
        if (bag.bagValue.parsedValue) pkcs8 = new Uint8Array(bag.bagValue.parsedValue.toSchema().toBER());
      } else if (bag.bagValue instanceof pkijs.PrivateKeyInfo) {
        pkcs8 = new Uint8Array(bag.bagValue.toSchema().toBER());
      } else if (bag.bagValue instanceof pkijs.CertBag && bag.bagValue.parsedValue instanceof pkijs.Certificate) {
        certificates.push(new Uint8Array(bag.bagValue.parsedValue.toSchema().toBER()));
      }
    }
  }
  if (!pkcs8) throw new Error('SIGNING_CERTIFICATE_FILE holds no private key');
  const publicKey = createPublicKey(createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' }));
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const parsed = certificates.map((c) => ({ der: c, cert: pkijs.Certificate.fromBER(c) }));
  const own = parsed.find((c) => Buffer.from(c.cert.subjectPublicKeyInfo.toSchema().toBER()).equals(spki));
  if (!own) throw new Error('SIGNING_CERTIFICATE_FILE has no certificate for its private key');
  const chain: Uint8Array[] = [];
  let at = own;
  for (;;) {
    const current = at;
    const issuer = parsed.find(
      (c) => c !== current && c !== own && !chain.includes(c.der) && c.cert.subject.isEqual(current.cert.issuer),
    );
    if (!issuer) break;
    chain.push(issuer.der);
    at = issuer;
  }
  return { pkcs8, certificate: own.der, chain };
}

/** The configured PKCS#12 file's key, its certificate recorded on first use. */
async function configuredSigner(services: Services, file: { file: string; password: string }): Promise<SealSigner> {
  const read = await readPkcs12(new Uint8Array(await readFile(file.file)), file.password);
  const sha256 = sha256Hex(read.certificate);
  const { db } = services;
  await db
    .insert(signingCertificates)
    .values({ source: 'configured', certificate: b64(read.certificate), chain: read.chain.map(b64), sha256 })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: signingCertificates.id })
    .from(signingCertificates)
    .where(and(eq(signingCertificates.sha256, sha256), eq(signingCertificates.source, 'configured')))
    .limit(1);
  if (!row) throw new Error('The configured signing certificate is recorded as generated here');
  return {
    certificateId: row.id,
    certificateSha256: sha256,
    key: { privateKey: await importKey(read.pkcs8), certificate: read.certificate, chain: read.chain },
  };
}

const signers = new WeakMap<Services, Promise<SealSigner>>();

/**
 * The signer seals are made with, ready once per process (a failure is forgotten, so the next signing
 * tries again). @throws Error for an unreadable PKCS#12 file or a generated key that does not open.
 */
export function sealSigner(services: Services): Promise<SealSigner> {
  let pending = signers.get(services);
  if (!pending) {
    const pkcs12 = services.config.seal.pkcs12;
    pending = (pkcs12 ? configuredSigner(services, pkcs12) : generatedSigner(services)).catch((err: unknown) => {
      signers.delete(services);
      throw err;
    });
    signers.set(services, pending);
  }
  return pending;
}

/**
 * The certificate HR adds to their PDF readers' trust, PEM: the top of the signing certificate's
 * chain (the group's authority), or the signing certificate itself when the file has no chain.
 */
export async function signingAuthorityPem(services: Services): Promise<string> {
  const { key } = await sealSigner(services);
  const top = key.chain.at(-1) ?? key.certificate;
  const lines =
    Buffer.from(top)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
