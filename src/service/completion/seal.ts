// The deployment's seal: one certificate and key that sign every completed document, so any PDF
// reader shows the file signed and unchanged since completion.
//
// The identity is a PKCS#12 file: the one `SIGN_SEAL_P12` names, or a self-signed one made on first
// start under `$SIGN_DATA_DIR/seal/` (seal.p12 and the random password that opens it). A self-signed
// seal proves integrity, not who sealed: readers call it untrusted until an operator supplies a
// certificate from a CA they trust.
//
// Subfilter: adbe.pkcs7.detached. @signpdf accepts ETSI.CAdES.detached as a name, but its P12 signer
// (node-forge) cannot add the ESS signing-certificate-v2 attribute a CAdES/PAdES baseline signature
// must carry, so claiming ETSI.CAdES.detached would label a signature that validators reject as
// non-conformant. adbe.pkcs7.detached over SHA-256 is what the signature really is.
import { generateKeyPairSync, randomBytes, X509Certificate } from "node:crypto";
import {
  closeSync,
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
import { P12Signer } from "@signpdf/signer-p12";
import signpdf from "@signpdf/signpdf";
import { SUBFILTER_ADOBE_PKCS7_DETACHED } from "@signpdf/utils";
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
  return { p12, password, certificatePem, subject: x509.subject, notAfter: new Date(x509.validTo), origin };
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
  signingTime?: Date;
}

/**
 * Seals a PDF: adds an invisible signature field and signs every byte but the signature itself
 * (adbe.pkcs7.detached, SHA-256). The document is rewritten by pdf-lib, then signed; an already
 * sealed input loses its earlier signature's validity (no incremental update).
 */
export async function sealPdf(
  pdf: Uint8Array,
  identity: SealIdentity,
  options: SealOptions = {},
): Promise<Uint8Array> {
  const signingTime = options.signingTime ?? new Date();
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: options.reason ?? "Completed with Sign for Outlook",
    contactInfo: options.contactInfo ?? "",
    name: options.name ?? identity.subject.replace(/\n/g, ", "),
    location: options.location ?? "",
    signingTime,
    // Room for the CMS: every certificate in the PKCS#12 plus signature and attributes, hex-encoded.
    signatureLength: Math.max(8192, identity.p12.length * 2 + 4096),
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    widgetRect: [0, 0, 0, 0],
    appName: "Sign for Outlook",
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signer = new P12Signer(identity.p12, { passphrase: identity.password });
  return new Uint8Array(await signpdf.sign(prepared, signer, signingTime));
}
