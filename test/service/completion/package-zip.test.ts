import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { inflateRawSync } from "node:zlib";
import fc from "fast-check";
import {
  AUDIT_TRAIL_NAME,
  CERTIFICATE_NAME,
  packageZip,
  safeEntryName,
  UniqueNames,
} from "../../../src/service/completion/package-zip";

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

/** A minimal reader (central directory → local headers → inflate), independent of yazl. */
function readZip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error("no end of central directory");
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error("bad central directory entry");
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    out.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

describe("safeEntryName", () => {
  it.each([
    ["Contract.pdf", "Contract.pdf"],
    ["Contract", "Contract.pdf"],
    ["../../etc/passwd", "passwd.pdf"],
    ["..\\..\\Windows\\system.ini.pdf", "system.ini.pdf"],
    ["/absolute/x.pdf", "x.pdf"],
    ["C:\\Users\\a\\Offer.PDF", "Offer.PDF"],
    ["..", "document.pdf"],
    ["", "document.pdf"],
    ["  .hidden. ", "hidden.pdf"],
    ['a<b>c:d"e|f?g*h\u0001.pdf', "a_b_c_d_e_f_g_h_.pdf"],
    ["CON.pdf", "_CON.pdf"],
    ["lpt1", "_lpt1.pdf"],
    ["Vertrag für Zoë — 李.pdf", "Vertrag für Zoë — 李.pdf"],
    [`${"李".repeat(100)}.pdf`, `${"李".repeat(65)}.pdf`],
    [`${"😀".repeat(60)}.pdf`, `${"😀".repeat(49)}.pdf`],
  ])("%j → %j", (raw, safe) => {
    expect(safeEntryName(raw)).toBe(safe);
  });

  it("never yields a name with a folder, a parent reference, control characters or an over-long name", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400, unit: "grapheme" }), (raw) => {
        const name = safeEntryName(raw);
        // eslint-disable-next-line no-control-regex
        expect(name).not.toMatch(/[/\\\u0000-\u001f<>:"|?*]/);
        expect(name).not.toBe("..");
        expect(name.startsWith(".")).toBe(false);
        expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
        // No half surrogate pair: UTF-8 would turn it into U+FFFD.
        expect(Buffer.from(name).toString()).toBe(name);
        expect(name.toLowerCase().endsWith(".pdf")).toBe(true);
      }),
    );
  });
});

describe("UniqueNames", () => {
  it("numbers repeats, case-insensitively, without colliding with a literal numbered name", () => {
    const names = new UniqueNames();
    expect(["a.pdf", "A.pdf", "a (2).pdf", "a.pdf", "b"].map((n) => names.take(n))).toEqual([
      "a.pdf",
      "A (2).pdf",
      "a (2) (2).pdf",
      "a (3).pdf",
      "b",
    ]);
  });
});

describe("packageZip", () => {
  it("streams the signed documents and the reports under safe unique names", async () => {
    const docs = [
      { name: "Offer.pdf", content: new Uint8Array(Buffer.from("%PDF offer")) },
      { name: "../Offer.pdf", content: Readable.from([Buffer.from("%PDF offer "), Buffer.from("two")]) },
      { name: CERTIFICATE_NAME, content: new Uint8Array(Buffer.from("%PDF sender's own certificate")) },
      { name: "big", content: new Uint8Array(Buffer.alloc(200_000, 7)) },
    ];
    const { stream, names } = packageZip({
      documents: docs,
      certificate: new Uint8Array(Buffer.from("%PDF certificate")),
      auditTrail: new Uint8Array(Buffer.from("%PDF audit")),
      mtime: new Date("2026-11-21T16:30:00Z"),
    });
    expect(names).toEqual([
      "Offer.pdf",
      "Offer (2).pdf",
      "Certificate of completion (2).pdf",
      "big.pdf",
      CERTIFICATE_NAME,
      AUDIT_TRAIL_NAME,
    ]);
    const zip = await collect(stream);
    expect(zip.length).toBeLessThan(100_000); // compressed
    const files = readZip(zip);
    expect([...files.keys()]).toEqual(names);
    expect(files.get("Offer.pdf")!.toString()).toBe("%PDF offer");
    expect(files.get("Offer (2).pdf")!.toString()).toBe("%PDF offer two");
    expect(files.get("Certificate of completion (2).pdf")!.toString()).toBe("%PDF sender's own certificate");
    expect(files.get("big.pdf")!.equals(Buffer.alloc(200_000, 7))).toBe(true);
    expect(files.get(CERTIFICATE_NAME)!.toString()).toBe("%PDF certificate");
    expect(files.get(AUDIT_TRAIL_NAME)!.toString()).toBe("%PDF audit");

    // And a standard tool unpacks it into one folder, nothing outside it.
    if (spawnSync("unzip", ["-v"]).status === 0) {
      const dir = mkdtempSync(path.join(tmpdir(), "zip-test-"));
      try {
        writeFileSync(path.join(dir, "p.zip"), zip);
        const r = spawnSync("unzip", ["-q", "p.zip", "-d", "out"], { cwd: dir, encoding: "utf8" });
        expect(r.status).toBe(0);
        expect(readdirSync(path.join(dir, "out")).sort()).toEqual([...names].sort());
        expect(readdirSync(dir).sort()).toEqual(["out", "p.zip"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it("makes a zip of the documents alone when there is no certificate yet", async () => {
    const { stream, names } = packageZip({
      documents: [{ name: "x.pdf", content: new Uint8Array([1, 2, 3]) }],
    });
    expect(names).toEqual(["x.pdf"]);
    expect([...readZip(await collect(stream)).keys()]).toEqual(["x.pdf"]);
  });
});
