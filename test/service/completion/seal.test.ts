import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { P12Signer } from "@signpdf/signer-p12";
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
    expect(report).toMatch(/Signature Type: adbe\.pkcs7\.detached/);
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

  it("the native signer makes the very CMS @signpdf's P12Signer makes (RSA PKCS#1 v1.5 is deterministic)", async () => {
    const content = Buffer.from(await samplePdf(1));
    for (const at of [new Date("2026-11-25T10:00:00Z"), new Date("2051-01-02T03:04:05Z")]) {
      const native = await new NativeSigner(identity).sign(content, at);
      const forge = await new P12Signer(identity.p12, { passphrase: identity.password }).sign(content, at);
      expect(native.toString("hex")).toBe(forge.toString("hex"));
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
