import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHash, X509Certificate } from "node:crypto";
import forge from "node-forge";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { loadConfig } from "../../../src/service/config";
import {
  createSelfSignedP12,
  loadOrCreateSealIdentity,
  NativeSigner,
  SealError,
  type SealIdentity,
  sealPdf,
} from "../../../src/service/completion/seal";
import { textOf, withTempFile } from "../../pdf/poppler";

async function samplePdf(pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    doc.addPage([612, 792]).drawText(`Agreement page ${i}`, { x: 72, y: 700, size: 14, font });
  return doc.save();
}

function pdfsig(pdf: Uint8Array): string {
  return withTempFile(pdf, (file) => {
    // pdfsig exits non-zero for untrusted or broken signatures; its report is what we assert on.
    const r = spawnSync("pdfsig", [file], { encoding: "utf8" });
    return r.stdout + r.stderr;
  });
}

/** The signed bytes and the CMS blob, from the signature dictionary's /ByteRange and /Contents. */
function signedParts(pdf: Uint8Array): { data: Buffer; cms: Buffer } {
  const buf = Buffer.from(pdf);
  const text = buf.toString("latin1");
  const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!m) throw new Error("no /ByteRange");
  const [a, b, c, d] = m.slice(1).map(Number) as [number, number, number, number];
  const data = Buffer.concat([buf.subarray(a, a + b), buf.subarray(c, c + d)]);
  const padded = Buffer.from(text.slice(a + b + 1, c - 1), "hex");
  // The placeholder is zero-padded: keep the DER SEQUENCE alone (its length from its header).
  const lengthBytes = padded[1]! & 0x80 ? padded[1]! & 0x7f : 0;
  let length = lengthBytes ? 0 : padded[1]!;
  for (let i = 0; i < lengthBytes; i++) length = length * 256 + padded[2 + i]!;
  return { data, cms: padded.subarray(0, 2 + lengthBytes + length) };
}

/** `openssl cms -cmsout -print` of a DER CMS: an independent decoding of every field. */
function opensslPrint(cms: Buffer): string {
  return execFileSync("openssl", ["cms", "-cmsout", "-print", "-inform", "DER"], {
    input: cms,
    encoding: "utf8",
  });
}

const SIGNING_TIME = "1.2.840.113549.1.9.5";

/**
 * The parts of a DER CMS SignedData that two signers of the same content with the same key and
 * certificate must agree on, each as hex DER, decoded by node-forge's ASN.1 reader (not seal.ts's).
 */
function cmsFields(cms: Buffer) {
  const { asn1, util } = forge;
  const parsed = asn1.fromDer(util.createBuffer(cms.toString("binary")));
  const hex = (a: forge.asn1.Asn1) => util.bytesToHex(asn1.toDer(a).getBytes());
  const items = (a: forge.asn1.Asn1) => a.value as forge.asn1.Asn1[];
  const tagged = (list: forge.asn1.Asn1[], n: number) =>
    list.find((e) => e.tagClass === asn1.Class.CONTEXT_SPECIFIC && e.type === n);
  const signedData = items(items(items(parsed)[1]!)[0]!);
  const signerInfos = items(signedData[signedData.length - 1]!);
  expect(signerInfos).toHaveLength(1);
  const signerInfo = items(signerInfos[0]!);
  const attributes = items(tagged(signerInfo, 0)!).map((a) => ({
    oid: asn1.derToOid(util.createBuffer(items(a)[0]!.value as string)),
    der: hex(a),
  }));
  return {
    contentType: asn1.derToOid(util.createBuffer(items(parsed)[0]!.value as string)),
    digestAlgorithms: hex(signedData[1]!),
    encapsulatedContentInfo: hex(signedData[2]!),
    certificates: items(tagged(signedData, 0)!).map(hex).sort(),
    signerInfoVersion: hex(signerInfo[0]!),
    sid: hex(signerInfo[1]!),
    digestAlgorithm: hex(signerInfo[2]!),
    attributes,
    signatureAlgorithm: hex(signerInfo[4]!),
    unsignedAttributes: tagged(signerInfo, 1),
  };
}

/** openssl checks the CMS signature over the byte range (the certificate chain is not checked: it is self-signed). */
function opensslVerifies(pdf: Uint8Array): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), "seal-cms-"));
  try {
    const { data, cms } = signedParts(pdf);
    writeFileSync(path.join(dir, "data"), data);
    writeFileSync(path.join(dir, "sig.der"), cms);
    const r = spawnSync(
      "openssl",
      [
        "cms",
        "-verify",
        "-binary",
        "-inform",
        "DER",
        "-in",
        "sig.der",
        "-content",
        "data",
        "-noverify",
        "-out",
        "/dev/null",
      ],
      { cwd: dir, encoding: "utf8" },
    );
    return r.status === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("seal identity", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "seal-data-"));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("makes a self-signed identity on first use under the data directory and reuses it", () => {
    const first = loadOrCreateSealIdentity({ dataDir, sealP12Path: null, sealP12Password: "" });
    expect(first.origin).toBe("generated");
    expect(first.subject).toMatch(/CN=Sign for Outlook seal/);
    expect(first.notAfter.getTime()).toBeGreaterThan(Date.now() + 9 * 365 * 86400_000);
    const p12File = path.join(dataDir, "seal", "seal.p12");
    expect(statSync(p12File).mode & 0o077).toBe(0);
    expect(statSync(path.join(dataDir, "seal", "password")).mode & 0o077).toBe(0);
    const again = loadOrCreateSealIdentity({ dataDir, sealP12Path: null, sealP12Password: "" });
    expect(again.certificatePem).toBe(first.certificatePem);
    // openssl can open the file with the stored password: it is a standard PKCS#12.
    const password = readFileSync(path.join(dataDir, "seal", "password"), "utf8");
    const out = execFileSync(
      "openssl",
      ["pkcs12", "-in", p12File, "-passin", `pass:${password}`, "-nokeys", "-clcerts"],
      {
        encoding: "utf8",
      },
    );
    expect(out).toContain("BEGIN CERTIFICATE");
  });

  it("uses SIGN_SEAL_P12 when set, and says clearly when it cannot be opened", () => {
    const file = path.join(dataDir, "mine.p12");
    writeFileSync(file, createSelfSignedP12("s3cret pass", "Contoso Seal"));
    const config = loadConfig({
      SIGN_DATA_DIR: dataDir,
      SIGN_SEAL_P12: file,
      SIGN_SEAL_P12_PASSWORD: "s3cret pass",
    });
    expect(config.sealP12Path).toBe(file);
    const id = loadOrCreateSealIdentity(config);
    expect(id.origin).toBe("configured");
    expect(id.subject).toContain("CN=Contoso Seal");
    expect(() => statSync(path.join(dataDir, "seal"))).toThrow(); // nothing generated

    expect(() => loadOrCreateSealIdentity({ ...config, sealP12Password: "wrong" })).toThrow(SealError);
    expect(() =>
      loadOrCreateSealIdentity({ ...config, sealP12Path: path.join(dataDir, "absent.p12") }),
    ).toThrow(/SIGN_SEAL_P12 cannot be read/);
    writeFileSync(file, "not a pkcs12");
    expect(() => loadOrCreateSealIdentity(config)).toThrow(SealError);
  });

  it("config defaults: no SIGN_SEAL_P12, empty password", () => {
    const config = loadConfig({});
    expect(config.sealP12Path).toBeNull();
    expect(config.sealP12Password).toBe("");
  });
});

describe("sealPdf", () => {
  let dataDir: string;
  let identity: SealIdentity;
  let sealed: Uint8Array;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "seal-data-"));
    identity = loadOrCreateSealIdentity({ dataDir, sealP12Path: null, sealP12Password: "" });
    sealed = await sealPdf(await samplePdf(), identity, {
      reason: "Completed",
      signingTime: new Date("2026-11-25T10:00:00Z"),
    });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("pdfsig reports the seal valid over the whole document (trust aside: it is self-signed)", () => {
    const report = pdfsig(sealed);
    expect(report).toMatch(/Signature #1/);
    expect(report).toMatch(/Signature Validation: Signature is Valid\./);
    expect(report).toMatch(/Total document signed/);
    expect(report).toMatch(/Signature Type: ETSI\.CAdES\.detached/);
    expect(report).toMatch(/Signer Certificate Common Name: Sign for Outlook seal/);
    expect(opensslVerifies(sealed)).toBe(true);
    // The content is still there and readable.
    expect(textOf(sealed)).toContain("Agreement page 2");
  });

  it("changing one byte of the signed range breaks it", () => {
    const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(
      Buffer.from(sealed).toString("latin1"),
    )!;
    const [a, b, c, d] = m.slice(1).map(Number) as [number, number, number, number];
    expect(a + b + (c - a - b) + d).toBe(sealed.length); // every byte but the signature is covered
    // A byte in the pages' objects (first range) and one after the signature (second range).
    for (const offset of [a + Math.floor(b / 2), c + Math.floor(d / 2)]) {
      const tampered = Uint8Array.from(sealed);
      tampered[offset] = tampered[offset] === 0x41 ? 0x42 : 0x41;
      const report = pdfsig(tampered);
      expect(report).not.toMatch(/Signature is Valid/);
      expect(report).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
      expect(opensslVerifies(tampered)).toBe(false);
    }
  });

  it("is PAdES B-B: content-type, message-digest, signing-certificate-v2 with the certificate's SHA-256, no signing-time; the time in /M", () => {
    const { cms } = signedParts(sealed);
    const printed = opensslPrint(cms);
    expect(printed).toMatch(/contentType: pkcs7-signedData/);
    const signedAttrs = /signedAttrs:([\s\S]*?)signatureAlgorithm:/.exec(printed)![1]!;
    const names = [...signedAttrs.matchAll(/object: (\S+) \(([\d.]+)\)/g)].map((m) => m[2]);
    expect(names.sort()).toEqual(
      ["1.2.840.113549.1.9.3", "1.2.840.113549.1.9.4", "1.2.840.113549.1.9.16.2.47"].sort(),
    );
    expect(signedAttrs).toContain("id-smime-aa-signingCertificateV2");
    expect(signedAttrs).not.toMatch(/signingTime/);
    // openssl prints the attribute's value as an ASN.1 dump: the certHash is the SHA-256 of the
    // certificate, and the issuerSerial names its serial number.
    const certificate = new X509Certificate(identity.certificatePem);
    const certHash = createHash("sha256").update(certificate.raw).digest("hex").toUpperCase();
    expect(signedAttrs).toContain(`OCTET STRING      [HEX DUMP]:${certHash}`);
    expect(signedAttrs).toContain(`INTEGER           :${certificate.serialNumber.toUpperCase()}`);
    // The signing time is the dictionary's M entry (PAdES), which pdfsig reads.
    expect(Buffer.from(sealed).toString("latin1")).toMatch(/\/M \(D:20261125100000Z\)/);
    expect(pdfsig(sealed)).toMatch(/Signing Time: Nov 25 2026 10:00:00/);
  });

  it("the native signer's CMS is byte for byte what `openssl cms -sign -cades` makes, less openssl's signing-time", async () => {
    // Two identities: the generated one and a configured one with a different subject and serial.
    const file = path.join(dataDir, "other.p12");
    writeFileSync(file, createSelfSignedP12("pw", "Northwind Traders Seal"));
    const other = loadOrCreateSealIdentity({ dataDir, sealP12Path: file, sealP12Password: "pw" });
    const dir = mkdtempSync(path.join(tmpdir(), "seal-openssl-"));
    try {
      for (const id of [identity, other]) {
        const content = Buffer.from(await samplePdf(1));
        writeFileSync(path.join(dir, "content"), content);
        writeFileSync(path.join(dir, "cert.pem"), id.certificatePem);
        writeFileSync(path.join(dir, "key.pem"), id.privateKey.export({ type: "pkcs8", format: "pem" }), {
          mode: 0o600,
        });
        // -cades adds signing-certificate-v2 (SHA-256 of the certificate, with issuerSerial).
        execFileSync(
          "openssl",
          [
            "cms",
            "-sign",
            "-cades",
            "-binary",
            "-nosmimecap",
            "-md",
            "sha256",
            "-in",
            "content",
            "-signer",
            "cert.pem",
            "-inkey",
            "key.pem",
            "-outform",
            "DER",
            "-out",
            "openssl.der",
          ],
          { cwd: dir },
        );
        const reference = cmsFields(readFileSync(path.join(dir, "openssl.der")));
        const native = await new NativeSigner(id).sign(content);
        const ours = cmsFields(native);
        // OpenSSL always adds signing-time, which PAdES forbids: the rest must be identical, in
        // the same (DER-sorted) order.
        expect(reference.attributes.map((a) => a.oid)).toContain(SIGNING_TIME);
        expect(ours.attributes).toEqual(reference.attributes.filter((a) => a.oid !== SIGNING_TIME));
        expect(ours.attributes.map((a) => a.oid)).toEqual([
          "1.2.840.113549.1.9.3", // content-type
          "1.2.840.113549.1.9.4", // message-digest
          "1.2.840.113549.1.9.16.2.47", // signing-certificate-v2
        ]);
        expect({ ...ours, attributes: [] }).toEqual({ ...reference, attributes: [] });
        // And the signature over those attributes verifies (RSA PKCS#1 v1.5, SHA-256).
        const single = mkdtempSync(path.join(tmpdir(), "seal-native-"));
        try {
          writeFileSync(path.join(single, "content"), content);
          writeFileSync(path.join(single, "sig.der"), native);
          const r = spawnSync(
            "openssl",
            [
              "cms",
              "-verify",
              "-binary",
              "-inform",
              "DER",
              "-in",
              "sig.der",
              "-content",
              "content",
              "-noverify",
              "-out",
              "/dev/null",
            ],
            { cwd: single, encoding: "utf8" },
          );
          expect(r.stderr).toContain("Verification successful");
        } finally {
          rmSync(single, { recursive: true, force: true });
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("seals with a configured PKCS#12 too", async () => {
    const file = path.join(dataDir, "configured.p12");
    writeFileSync(file, createSelfSignedP12("pw", "Fabrikam Seal"));
    const configured = loadOrCreateSealIdentity({ dataDir, sealP12Path: file, sealP12Password: "pw" });
    const report = pdfsig(await sealPdf(await samplePdf(1), configured));
    expect(report).toMatch(/Signature is Valid/);
    expect(report).toMatch(/Common Name: Fabrikam Seal/);
  });
});
