// A large PDF written straight to a file, for the memory test of pdf-file.ts: pages of random
// (incompressible) image data, each with a text tag drawn over it. Written object by object, so
// making a 50 MB document costs its writing time and a megabyte or two of memory, not pdf-lib
// holding it all (and the test's process would otherwise be part of what is measured).
import { randomFillSync } from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";

export interface BigPdf {
  /** Size of the file written. */
  bytes: number;
  /** The tag text on each page, in page order. */
  tags: string[];
}

const TAGS = ["{{sig:1}}", "{{text:2;label=Amount due}}", "\\i3\\", "{{Sig_es_:signer2:signature}}"];

/**
 * Writes a PDF of `pages` US Letter pages to `file`, each showing an 8-bit grey image of
 * `imageBytes` bytes (random, so no filter makes it smaller) with a tag of one of the three
 * formats written over it.
 */
export function writeBigPdf(file: string, pages: number, imageBytes: number): BigPdf {
  const fd = openSync(file, "w");
  let at = 0;
  const offsets: number[] = []; // offsets[n] is object n's
  const write = (data: string | Uint8Array) => {
    const bytes = typeof data === "string" ? Buffer.from(data, "latin1") : data;
    writeSync(fd, bytes);
    at += bytes.length;
  };
  const object = (n: number, body: string) => {
    offsets[n] = at;
    write(`${n} 0 obj\n${body}\nendobj\n`);
  };
  try {
    // The binary comment line tells tools the file is binary (PDF 32000-1 §7.5.2).
    write("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
    // 1 catalog, 2 page tree, 3 font; then per page: page, contents, image.
    const pageObject = (i: number) => 4 + 3 * i;
    object(1, "<< /Type /Catalog /Pages 2 0 R >>");
    const kids = Array.from({ length: pages }, (_, i) => `${pageObject(i)} 0 R`).join(" ");
    object(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
    object(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
    const width = 1000;
    const height = Math.ceil(imageBytes / width);
    const image = new Uint8Array(width * height);
    const tags: string[] = [];
    for (let i = 0; i < pages; i++) {
      const p = pageObject(i);
      object(
        p,
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${p + 1} 0 R ` +
          `/Resources << /Font << /F1 3 0 R >> /XObject << /Im1 ${p + 2} 0 R >> >> >>`,
      );
      const tag = TAGS[i % TAGS.length]!;
      tags.push(tag);
      const text = tag.replace(/[\\()]/g, (c) => `\\${c}`);
      const content = `q 540 0 0 700 36 60 cm /Im1 Do Q\nBT /F1 12 Tf 72 ${30 + (i % 5)} Td (${text}) Tj ET\n`;
      object(p + 1, `<< /Length ${content.length} >>\nstream\n${content}endstream`);
      randomFillSync(image);
      offsets[p + 2] = at;
      write(
        `${p + 2} 0 obj\n<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} ` +
          `/ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${image.length} >>\nstream\n`,
      );
      write(image);
      write("\nendstream\nendobj\n");
    }
    const xref = at;
    const count = pageObject(pages);
    let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
    for (let n = 1; n < count; n++) table += `${String(offsets[n]).padStart(10, "0")} 00000 n \n`;
    write(table);
    write(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
    return { bytes: at, tags };
  } finally {
    closeSync(fd);
  }
}
