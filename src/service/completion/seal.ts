// The deployment's seal: one certificate and key that sign every completed document, so any PDF
// reader shows the file signed and unchanged since completion.
//
// The identity is a PKCS#12 file: the one `SIGN_SEAL_P12` names, or a self-signed one made on first
// start under `$SIGN_DATA_DIR/seal/` (seal.p12 and the random password that opens it). A self-signed
// seal proves integrity, not who sealed: readers call it untrusted until an operator supplies a
// certificate from a CA they trust.
//
// Signature: PAdES baseline B-B (ETSI EN 319 142-1), what Acrobat Sign and DocuSign produce: SubFilter
// ETSI.CAdES.detached; a detached CMS SignedData over every byte but the signature, SHA-256 with RSA,
// whose signed attributes are content-type, message-digest and ESS signing-certificate-v2 (RFC 5035:
// the SHA-256 of the signing certificate, which binds the certificate to the signature). No
// signing-time attribute: PAdES forbids it and puts the time in the signature dictionary's M entry
// (written by the placeholder). @signpdf's P12Signer (node-forge) cannot add signing-certificate-v2,
// so the CMS is built here (NativeSigner).
//
// Speed: the PKCS#12 is opened once (its PBKDF2 and decryption are slow in node-forge) and its key
// kept as a node:crypto KeyObject, so that hashing and the RSA signature are node's native code.
import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign as cryptoSign,
  X509Certificate,
} from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import signpdf from "@signpdf/signpdf";
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import forge from "node-forge";
import { PDFDocument } from "pdf-lib";

export class SealError extends Error {}

export interface SealIdentity {
  /** The PKCS#12 bytes and the password that opens them. */
  p12: Buffer;
  password: string;
  /** The signing certificate (PEM), e.g. to show or publish. */
  certificatePem: string;
  subject: string;
  notAfter: Date;
  /** Where it came from: "configured" (SIGN_SEAL_P12) or "generated" (made under the data directory). */
  origin: "configured" | "generated";
  /** The private key, opened once. */
  privateKey: KeyObject;
  /** Every certificate of the PKCS#12 (DER), the signing one first: all go into each signature. */
  certificatesDer: Buffer[];
  /** The signing certificate's IssuerAndSerialNumber (DER), which names it in the signature. */
  issuerAndSerialDer: Buffer;
  /** The ESS signing-certificate-v2 signed attribute (DER) naming the signing certificate. */
  signingCertificateV2Der: Buffer;
}

export interface SealSettings {
  dataDir: string;
  /** SIGN_SEAL_P12: a PKCS#12 file to use instead of a generated one. */
  sealP12Path: string | null;
  sealP12Password: string;
}

const SEAL_DIR = "seal";
const P12_FILE = "seal.p12";
const PASSWORD_FILE = "password";

/** Opens a PKCS#12 and checks it holds a private key with its certificate. */
export function readSealIdentity(
  p12: Buffer,
  password: string,
  origin: SealIdentity["origin"],
): SealIdentity {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(p12.toString("binary"))),
      false,
      password,
    );
  } catch (e) {
    throw new SealError(`the seal certificate (PKCS#12) cannot be opened: ${(e as Error).message}`);
  }
  const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag as string;
  const certBag = forge.pki.oids.certBag as string;
  const keys = parsed.getBags({ bagType: keyBag })[keyBag] ?? [];
  const key = keys[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new SealError("the seal certificate (PKCS#12) holds no (encrypted) private key");
  const certs: forge.pkcs12.Bag[] = parsed.getBags({ bagType: certBag })[certBag] ?? [];
  const cert = certs
    .map((b) => b.cert)
    .find((c): c is forge.pki.Certificate => {
      const pub = c?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return !!pub?.n && pub.n.compareTo(key.n) === 0 && pub.e.compareTo(key.e) === 0;
    });
  if (!cert) throw new SealError("the seal certificate (PKCS#12) holds no certificate matching its RSA key");
  const certificatePem = forge.pki.certificateToPem(cert);
  const x509 = new X509Certificate(certificatePem);
  const others = certs.map((b) => b.cert).filter((c): c is forge.pki.Certificate => !!c && c !== cert);
  const certificatesDer = [cert, ...others].map((c) =>
    Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes(), "binary"),
  );
  return {
    p12,
    password,
    certificatePem,
    subject: x509.subject,
    notAfter: new Date(x509.validTo),
    origin,
    privateKey: createPrivateKey(forge.pki.privateKeyToPem(key)),
    certificatesDer,
    issuerAndSerialDer: issuerAndSerial(x509.raw),
    signingCertificateV2Der: signingCertificateV2(x509.raw),
  };
}

// ---------------------------------------------------------------------------------------------
// DER, as much as a CMS SignedData needs

/** One DER element: tag, definite length, contents. */
function der(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const n = body.length;
  let head: Buffer;
  if (n < 0x80) head = Buffer.from([tag, n]);
  else {
    const bytes: number[] = [];
    for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
    head = Buffer.from([tag, 0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([head, body]);
}
const SEQUENCE = 0x30;
const SET = 0x31;
const OCTET_STRING = 0x04;
const oid = (dotted: string) =>
  Buffer.from(
    forge.asn1
      .toDer(
        forge.asn1.create(
          forge.asn1.Class.UNIVERSAL,
          forge.asn1.Type.OID,
          false,
          forge.asn1.oidToDer(dotted).getBytes(),
        ),
      )
      .getBytes(),
    "binary",
  );
const NULL = Buffer.from([0x05, 0x00]);
const INTEGER_1 = Buffer.from([0x02, 0x01, 0x01]);
// Made at first use, so that node-forge loads when a seal is first made, not at every start
// (scripts/build-service.ts, LAZY_PACKAGES).
let oidDer:
  | Record<
      | "data"
      | "signedData"
      | "contentType"
      | "messageDigest"
      | "signingCertificateV2"
      | "sha256"
      | "rsaEncryption",
      Buffer
    >
  | undefined;
const oids = () =>
  (oidDer ??= {
    data: oid("1.2.840.113549.1.7.1"),
    signedData: oid("1.2.840.113549.1.7.2"),
    contentType: oid("1.2.840.113549.1.9.3"),
    messageDigest: oid("1.2.840.113549.1.9.4"),
    /** id-aa-signingCertificateV2 (RFC 5035 §3). */
    signingCertificateV2: oid("1.2.840.113549.1.9.16.2.47"),
    sha256: oid("2.16.840.1.101.3.4.2.1"),
    rsaEncryption: oid("1.2.840.113549.1.1.1"),
  });

/** The elements of a DER SEQUENCE (or any constructed element): each child's bytes. */
function children(element: Buffer): Buffer[] {
  const header = (at: number) => {
    const first = element[at + 1]!;
    if (first < 0x80) return { head: 2, length: first };
    let length = 0;
    for (let i = 0; i < (first & 0x7f); i++) length = length * 256 + element[at + 2 + i]!;
    return { head: 2 + (first & 0x7f), length };
  };
  const outer = header(0);
  const out: Buffer[] = [];
  for (let at = outer.head; at < outer.head + outer.length;) {
    const { head, length } = header(at);
    out.push(element.subarray(at, at + head + length));
    at += head + length;
  }
  return out;
}

/** A certificate's issuer Name and serialNumber INTEGER, exactly as the certificate has them. */
function issuerAndSerialOf(certificateDer: Buffer): { issuer: Buffer; serial: Buffer } {
  const tbs = children(children(certificateDer)[0]!);
  const at = tbs[0]![0] === 0xa0 ? 1 : 0; // [0] version is optional
  return { issuer: tbs[at + 2]!, serial: tbs[at]! };
}

/** IssuerAndSerialNumber of a certificate (RFC 5652 §10.2.4): SEQUENCE { issuer, serialNumber }. */
function issuerAndSerial(certificateDer: Buffer): Buffer {
  const { issuer, serial } = issuerAndSerialOf(certificateDer);
  return der(SEQUENCE, issuer, serial);
}

/**
 * The ESS signing-certificate-v2 attribute (RFC 5035) for the signing certificate:
 *
 *   Attribute ::= SEQUENCE { id-aa-signingCertificateV2, SET { SigningCertificateV2 } }
 *   SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }        -- no policies
 *   ESSCertIDv2 ::= SEQUENCE {
 *     hashAlgorithm AlgorithmIdentifier DEFAULT sha256,  -- omitted: DER leaves out a DEFAULT value
 *     certHash      OCTET STRING,                        -- SHA-256 of the certificate's DER
 *     issuerSerial  IssuerSerial }                       -- optional; included as DSS and OpenSSL do
 *   IssuerSerial ::= SEQUENCE { issuer GeneralNames, serialNumber INTEGER }
 *   GeneralNames ::= SEQUENCE OF GeneralName; directoryName is [4], EXPLICIT as Name is a CHOICE.
 *
 * Byte for byte what `openssl cms -sign -cades` writes for the same certificate (a test checks it).
 */
function signingCertificateV2(certificateDer: Buffer): Buffer {
  const { issuer, serial } = issuerAndSerialOf(certificateDer);
  const certHash = createHash("sha256").update(certificateDer).digest();
  const issuerSerial = der(SEQUENCE, der(SEQUENCE, der(0xa4, issuer)), serial);
  const essCertIdV2 = der(SEQUENCE, der(OCTET_STRING, certHash), issuerSerial);
  return der(SEQUENCE, oids().signingCertificateV2, der(SET, der(SEQUENCE, der(SEQUENCE, essCertIdV2))));
}

/** A DER SET OF: its elements sorted by their encodings (X.690 §11.6). */
function setOf(elements: Buffer[]): Buffer[] {
  return [...elements].sort(Buffer.compare);
}

/**
 * The detached CMS SignedData of a PAdES B-B signature (content-type, message-digest and
 * signing-certificate-v2 signed attributes; SHA-256 with RSA; every certificate included), made with
 * node's hash and RSA. The signing time is not in the CMS: PAdES puts it in the dictionary's M entry.
 */
export class NativeSigner extends Signer {
  constructor(private readonly identity: SealIdentity) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const { identity } = this;
    const digest = createHash("sha256").update(content).digest();
    const attributes = setOf([
      der(SEQUENCE, oids().contentType, der(SET, oids().data)),
      der(SEQUENCE, oids().messageDigest, der(SET, der(OCTET_STRING, digest))),
      identity.signingCertificateV2Der,
    ]);
    // Signed as a SET (RFC 5652 §5.4), carried as [0] IMPLICIT.
    const signature = cryptoSign("sha256", der(SET, ...attributes), identity.privateKey);
    // SHA-256's AlgorithmIdentifier without parameters (RFC 5754 §2: generated absent, as OpenSSL
    // does); rsaEncryption's keeps its NULL (RFC 3370 §3.2).
    const sha256 = der(SEQUENCE, oids().sha256);
    const signerInfo = der(
      SEQUENCE,
      INTEGER_1,
      identity.issuerAndSerialDer,
      sha256,
      der(0xa0, ...attributes),
      der(SEQUENCE, oids().rsaEncryption, NULL),
      der(OCTET_STRING, signature),
    );
    const signedData = der(
      SEQUENCE,
      INTEGER_1,
      der(SET, sha256),
      der(SEQUENCE, oids().data),
      der(0xa0, ...identity.certificatesDer),
      der(SET, signerInfo),
    );
    return der(SEQUENCE, oids().signedData, der(0xa0, signedData));
  }
}

/** A new self-signed RSA-2048 seal certificate, valid ten years, as an AES-256-encrypted PKCS#12. */
export function createSelfSignedP12(password: string, commonName: string, now = new Date()): Buffer {
  // Key generation by node:crypto (native); node-forge's pure-JS generator takes seconds.
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs8", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = "01" + randomBytes(15).toString("hex");
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime());
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + 10);
  const name = [
    { name: "commonName", value: commonName },
    { name: "organizationName", value: "Sign for Outlook" },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: "basicConstraints", cA: false, critical: true },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true, critical: true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, {
    algorithm: "aes256",
    friendlyName: commonName,
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
}

function writeDurably(file: string, data: Buffer | string): void {
  const fd = openSync(file, "wx", 0o600);
  try {
    writeSync(fd, typeof data === "string" ? Buffer.from(data) : data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function fsyncDir(dir: string): void {
  const fd = openSync(dir, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * What a start checks of the seal (server.ts): SIGN_SEAL_P12 opens with its password (a broken one
 * stops the start, not the first completion), or the generated identity is there, made now on the
 * first start. An identity this service generated is not opened again at every start (PKCS#12's key
 * derivation in JavaScript is a noticeable part of a start); the first completion opens it.
 */
export function checkSealIdentityAtStart(settings: SealSettings): void {
  const dir = path.join(settings.dataDir, SEAL_DIR);
  if (
    !settings.sealP12Path &&
    existsSync(path.join(dir, P12_FILE)) &&
    existsSync(path.join(dir, PASSWORD_FILE))
  )
    return;
  loadOrCreateSealIdentity(settings);
}

/**
 * The seal identity for this deployment: SIGN_SEAL_P12 when set, else the one under the data
 * directory, made now if absent. Made in a temporary directory then renamed into place, so two
 * instances starting at once end with one identity and a crash leaves none half-written.
 */
export function loadOrCreateSealIdentity(settings: SealSettings): SealIdentity {
  if (settings.sealP12Path) {
    let p12: Buffer;
    try {
      p12 = readFileSync(settings.sealP12Path);
    } catch (e) {
      throw new SealError(`SIGN_SEAL_P12 cannot be read: ${(e as Error).message}`);
    }
    return readSealIdentity(p12, settings.sealP12Password, "configured");
  }
  const dir = path.join(settings.dataDir, SEAL_DIR);
  const existing = () =>
    readSealIdentity(
      readFileSync(path.join(dir, P12_FILE)),
      readFileSync(path.join(dir, PASSWORD_FILE), "utf8"),
      "generated",
    );
  try {
    return existing();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  mkdirSync(settings.dataDir, { recursive: true });
  const temp = path.join(
    settings.dataDir,
    `${SEAL_DIR}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`,
  );
  mkdirSync(temp, { mode: 0o700 });
  try {
    const password = randomBytes(24).toString("base64url");
    writeDurably(path.join(temp, PASSWORD_FILE), password);
    writeDurably(
      path.join(temp, P12_FILE),
      createSelfSignedP12(password, `Sign for Outlook seal (${hostname()})`),
    );
    fsyncDir(temp);
    try {
      renameSync(temp, dir);
      fsyncDir(settings.dataDir);
    } catch (e) {
      // Another instance got there first: use its identity.
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "ENOTEMPTY" && code !== "EEXIST") throw e;
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  return existing();
}

export interface SealOptions {
  reason?: string;
  location?: string;
  /** Shown as the signer's name in readers; defaults to the certificate's subject. */
  name?: string;
  contactInfo?: string;
  /** The signature dictionary's M entry (PAdES keeps the claimed signing time there, not in the CMS). */
  signingTime?: Date;
}

/** The signature's room in the file: the CMS (every certificate, signature, attributes), hex-encoded. */
function signatureLength(identity: SealIdentity): number {
  const certificates = identity.certificatesDer.reduce((n, c) => n + c.length, 0);
  const attributes = identity.signingCertificateV2Der.length + identity.issuerAndSerialDer.length;
  return Math.max(8192, (Math.max(identity.p12.length, certificates) + attributes) * 2 + 4096);
}

/**
 * Adds the invisible signature field and its placeholder to a loaded document (nothing is saved):
 * the document's last change before `signPrepared`.
 */
export function addSealPlaceholder(
  doc: PDFDocument,
  identity: SealIdentity,
  options: SealOptions = {},
): void {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: options.reason ?? "Completed with Sign for Outlook",
    contactInfo: options.contactInfo ?? "",
    name: options.name ?? identity.subject.replace(/\n/g, ", "),
    location: options.location ?? "",
    signingTime: options.signingTime,
    signatureLength: signatureLength(identity),
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: [0, 0, 0, 0],
    appName: "Sign for Outlook",
  });
}

/**
 * Signs a saved document that holds a placeholder (`addSealPlaceholder`): every byte but the signature.
 * The signing time is the placeholder's M entry (PAdES), not part of the CMS.
 */
export async function signPrepared(prepared: Uint8Array, identity: SealIdentity): Promise<Uint8Array> {
  const bytes = Buffer.from(prepared.buffer, prepared.byteOffset, prepared.byteLength);
  return new Uint8Array(await signpdf.sign(bytes, new NativeSigner(identity)));
}

/**
 * Seals a PDF: adds an invisible signature field and signs every byte but the signature itself
 * (PAdES B-B: ETSI.CAdES.detached, SHA-256). The document is rewritten by pdf-lib, then signed; an already
 * sealed input loses its earlier signature's validity (no incremental update). Completion does the
 * same in its single pass over the document (final-document.ts).
 */
export async function sealPdf(
  pdf: Uint8Array,
  identity: SealIdentity,
  options: SealOptions = {},
): Promise<Uint8Array> {
  const signingTime = options.signingTime ?? new Date();
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  addSealPlaceholder(doc, identity, { ...options, signingTime });
  return signPrepared(await doc.save({ useObjectStreams: false }), identity);
}
