// A one-page PDF encrypted with the standard security handler, written by hand since pdf-lib cannot
// encrypt: revision 2 (40-bit RC4, PDF 32000-1 §7.6.3, algorithms 2, 3 and 4), the simplest a
// reader must still accept. With an empty user password it is "owner-password only": readers,
// pdf.js included, open it without asking, yet it is encrypted (its content stream here too).
import { createHash } from "node:crypto";

/** The 32 bytes a password is padded with (§7.6.3.3, algorithm 2 step a). */
const PADDING = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");

function padded(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, "latin1"), PADDING]).subarray(0, 32);
}

function md5(...parts: Uint8Array[]): Buffer {
  const hash = createHash("md5");
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** RC4 (OpenSSL 3 keeps it in its legacy provider, so it is not always in node:crypto). */
function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

function int32le(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n);
  return b;
}

/** Objects numbered from 1 (a stream as its dictionary and its bytes), with a classic xref. */
export function assemblePdf(objects: (string | [string, Uint8Array])[], trailer: string): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let at = parts[0]!.length;
  const offsets: number[] = [];
  const push = (part: Buffer) => {
    parts.push(part);
    at += part.length;
  };
  objects.forEach((object, i) => {
    offsets.push(at);
    if (typeof object === "string") {
      push(Buffer.from(`${i + 1} 0 obj\n${object}\nendobj\n`, "latin1"));
    } else {
      const [dict, bytes] = object;
      push(Buffer.from(`${i + 1} 0 obj\n${dict}\nstream\n`, "latin1"));
      push(Buffer.from(bytes));
      push(Buffer.from("\nendstream\nendobj\n", "latin1"));
    }
  });
  const xref = at;
  const entries = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}` +
        `trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`,
      "latin1",
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * A US Letter page showing `text` in Helvetica, encrypted with `userPassword` (empty: anyone may
 * open it) and `ownerPassword`.
 */
export function encryptedPdf(userPassword: string, ownerPassword: string, text = "{{sig:1}}"): Uint8Array {
  const id = md5(Buffer.from(`${userPassword}/${ownerPassword}/${text}`));
  const permissions = -44; // printing and copying refused: what an owner password is set for
  // Algorithm 3: /O is the padded user password encrypted with the owner password's key.
  const owner = rc4(md5(padded(ownerPassword)).subarray(0, 5), padded(userPassword));
  // Algorithm 2: the file's key, from the user password, /O, /P and the file's ID.
  const key = md5(padded(userPassword), owner, int32le(permissions), id).subarray(0, 5);
  // Algorithm 4: /U is the padding encrypted with the file's key (how a reader checks a password).
  const user = rc4(key, PADDING);
  // Algorithm 1: each object's strings and streams with a key from the file's key and its number.
  const objectKey = (num: number) =>
    md5(key, Buffer.from([num & 255, (num >> 8) & 255, num >> 16, 0, 0])).subarray(0, 10);
  const content = rc4(objectKey(5), Buffer.from(`BT /F1 12 Tf 72 700 Td (${text}) Tj ET\n`, "latin1"));
  const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
  return assemblePdf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
      [`<< /Length ${content.length} >>`, content],
      `<< /Filter /Standard /V 1 /R 2 /O <${hex(owner)}> /U <${hex(user)}> /P ${permissions} >>`,
    ],
    `/Root 1 0 R /Encrypt 6 0 R /ID [<${hex(id)}> <${hex(id)}>]`,
  );
}
