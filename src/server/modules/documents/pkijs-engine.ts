/**
 * pkijs on Node's WebCrypto, set once by every file that builds or reads CMS and certificates with it
 * (seal.ts, signing-certificates.ts, verify.ts), so its signatures run on Node's own crypto, off the
 * event loop.
 */
import { webcrypto } from 'node:crypto';
import * as pkijs from 'pkijs';

type EngineCrypto = ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'];
pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as EngineCrypto }));
