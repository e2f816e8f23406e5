// A large PDF written straight to a file, for the memory test of pdf-file.ts: pages of random
// (incompressible) image data, each with a text tag drawn over it. Written object by object, so
// making a 50 MB document costs its writing time and a megabyte or two of memory, not pdf-lib
// holding it all (and the test's process would otherwise be part of what is measured).
import { randomFillSync } from "node:crypto";
import { closeSync, fstatSync, openSync, readSync, writeSync } from "node:fs";
import zlib from "node:zlib";

export interface BigPdf {
  /** Size of the file written. */
  bytes: number;
  /** The tag text on each page, in page order. */
  tags: string[];
  /** With object streams: the number of the cross-reference stream (startxref points at it). */
  xrefStream?: number;
}

const TAGS = ["{{sig:1}}", "{{text:2;label=Amount due}}", "\\i3\\", "{{Sig_es_:signer2:signature}}"];

/**
 * Writes a PDF of `pages` US Letter pages to `file`, each showing an 8-bit grey (over 40 MB, RGB) image of
 * `imageBytes` bytes (random, so no filter makes it smaller) with a tag of one of the three
 * formats written over it. With `objectStreams`, as PDF 1.5 writers (pdf-lib's default save) write:
 * the catalog, page tree, font and pages compressed in object streams of 100 objects, and a
 * compressed cross-reference stream instead of a table.
 */
export function writeBigPdf(
  file: string,
  pages: number,
  imageBytes: number,
  { objectStreams = false }: { objectStreams?: boolean } = {},
): BigPdf {
  const fd = openSync(file, "w");
  let at = 0;
  const offsets: number[] = []; // offsets[n] is object n's
  const write = (data: string | Uint8Array) => {
    const bytes = typeof data === "string" ? Buffer.from(data, "latin1") : data;
    writeSync(fd, bytes);
    at += bytes.length;
  };
  /** With object streams, the objects that go into them: [number, body]. */
  const pending: [number, string][] = [];
  const object = (n: number, body: string) => {
    // A stream cannot lie in an object stream.
    if (objectStreams && !body.includes("\nstream\n")) {
      pending.push([n, body]);
      return;
    }
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
    // An image over 40 million pixels is refused (MAX_IMAGE_PIXELS): a larger one is RGB, three
    // bytes a pixel, so that 50 MB of image stays under the limit.
    const channels = imageBytes > 40_000_000 ? 3 : 1;
    const height = Math.ceil(imageBytes / (width * channels));
    const image = new Uint8Array(width * height * channels);
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
          `/ColorSpace /Device${channels === 3 ? "RGB" : "Gray"} /BitsPerComponent 8 /Length ${image.length} >>\nstream\n`,
      );
      write(image);
      write("\nendstream\nendobj\n");
    }
    if (objectStreams) {
      const xrefStream = writeObjectStreams(pending, pageObject(pages), offsets, write, () => at);
      return { bytes: at, tags, xrefStream };
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

/**
 * Writes `objects` ([number, body]) into object streams of 100 (numbered from `first`), then a
 * cross-reference stream of every object (`offsets` holds those written whole), /W [1 4 2];
 * answers the stream's number.
 */
function writeObjectStreams(
  objects: [number, string][],
  first: number,
  offsets: number[],
  write: (data: string | Uint8Array) => void,
  position: () => number,
): number {
  const inStream = new Map<number, [number, number]>();
  let next = first;
  for (let i = 0; i < objects.length; i += 100) {
    const group = objects.slice(i, i + 100);
    const n = next++;
    let header = "";
    let body = "";
    group.forEach(([num, text], k) => {
      header += `${num} ${body.length} `;
      body += `${text}\n`;
      inStream.set(num, [n, k]);
    });
    const data = zlib.deflateSync(Buffer.from(header + body, "latin1"));
    offsets[n] = position();
    write(
      `${n} 0 obj\n<< /Type /ObjStm /N ${group.length} /First ${header.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
    );
    write(data);
    write("\nendstream\nendobj\n");
  }
  const self = next;
  offsets[self] = position();
  const size = self + 1;
  const rows = Buffer.alloc(size * 7);
  for (let num = 0; num < size; num++) {
    const r = num * 7;
    const compressed = inStream.get(num);
    if (compressed) {
      rows[r] = 2;
      rows.writeUInt32BE(compressed[0], r + 1);
      rows.writeUInt16BE(compressed[1], r + 5);
    } else if (num > 0 && offsets[num] !== undefined) {
      rows[r] = 1;
      rows.writeUInt32BE(offsets[num]!, r + 1);
    } else {
      rows.writeUInt16BE(65535, r + 5);
    }
  }
  const data = zlib.deflateSync(rows);
  write(
    `${self} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
  );
  write(data);
  write(`\nendstream\nendobj\nstartxref\n${offsets[self]}\n%%EOF\n`);
  return self;
}

/** Writes numbered objects and the cross-reference table: the frame of the writers below. */
function pdfWriter(file: string) {
  const fd = openSync(file, "w");
  let at = 0;
  const offsets: number[] = [];
  const write = (data: string | Uint8Array) => {
    const bytes = typeof data === "string" ? Buffer.from(data, "latin1") : data;
    writeSync(fd, bytes);
    at += bytes.length;
  };
  write("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
  return {
    write,
    begin(n: number) {
      offsets[n] = at;
    },
    object(n: number, body: string) {
      offsets[n] = at;
      write(`${n} 0 obj\n${body}\nendobj\n`);
    },
    /** A stream object whose data is written by `data` (told how to write), `length` bytes in all. */
    stream(n: number, dict: string, length: number, data: (write: (s: string | Uint8Array) => void) => void) {
      offsets[n] = at;
      write(`${n} 0 obj\n<< ${dict} /Length ${length} >>\nstream\n`);
      const start = at;
      data(write);
      if (at - start !== length) throw new Error(`stream ${n}: wrote ${at - start}, announced ${length}`);
      write("\nendstream\nendobj\n");
    },
    end(count: number): number {
      const xref = at;
      let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
      for (let n = 1; n < count; n++) table += `${String(offsets[n] ?? 0).padStart(10, "0")} 00000 n \n`;
      write(table);
      write(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
      closeSync(fd);
      return at;
    },
  };
}

/**
 * One page whose single content stream is `contentBytes` long (uncompressed line drawing, as a
 * plan or a map is), with the tag `{{sig:1}}` drawn halfway through it.
 */
export function writeHugeContentPdf(file: string, contentBytes: number): BigPdf {
  const w = pdfWriter(file);
  w.object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  w.object(2, "<< /Type /Pages /Kids [4 0 R] /Count 1 >>");
  w.object(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  w.object(
    4,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /Font << /F1 3 0 R >> >> >>",
  );
  const tag = "BT /F1 12 Tf 72 720 Td ({{sig:1}}) Tj ET\n";
  const line = (i: number) =>
    `${(i * 7) % 600} ${(i * 13) % 780} m ${(i * 11) % 600} ${(i * 17) % 780} l S\n`;
  // Lines are written a megabyte at a time; the last is padded with spaces to the exact length.
  const piece: string[] = [];
  let pieceBytes = 0;
  let i = 0;
  while (pieceBytes < 1024 * 1024) {
    const l = line(i++);
    piece.push(l);
    pieceBytes += l.length;
  }
  const block = piece.join("");
  w.stream(5, "", contentBytes, (write) => {
    let left = contentBytes;
    let wroteTag = false;
    while (left > 0) {
      if (!wroteTag && left <= contentBytes / 2) {
        write(tag);
        left -= tag.length;
        wroteTag = true;
        continue;
      }
      const n = Math.min(block.length, left);
      write(n === block.length ? block : " ".repeat(n));
      left -= n;
    }
  });
  return { bytes: w.end(6), tags: ["{{sig:1}}"] };
}

/**
 * `pages` pages of plain text (uncompressed, `linesPerPage` lines of 80 characters each), one tag a
 * page: the shape of a long contract or report.
 */
export function writeManyTextPagesPdf(file: string, pages: number, linesPerPage: number): BigPdf {
  const w = pdfWriter(file);
  const pageObject = (i: number) => 4 + 2 * i;
  w.object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  const kids = Array.from({ length: pages }, (_, i) => `${pageObject(i)} 0 R`).join(" ");
  w.object(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  w.object(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const tags: string[] = [];
  const words = "The parties agree that the services shall be performed with due care and skill ";
  for (let i = 0; i < pages; i++) {
    const p = pageObject(i);
    w.object(
      p,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${p + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
    const tag = TAGS[i % TAGS.length]!;
    tags.push(tag);
    let content = "BT /F1 9 Tf 11 TL 36 760 Td\n";
    for (let l = 0; l < linesPerPage; l++) content += `(${words.slice(l % 7)}${words.slice(0, l % 7)}) '\n`;
    content += `ET BT /F1 12 Tf 72 ${30 + (i % 5)} Td (${tag.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj ET\n`;
    w.stream(p + 1, "", content.length, (write) => write(content));
  }
  return { bytes: w.end(pageObject(pages)), tags };
}

/**
 * One page whose content stream inflates to `inflatedBytes` (spaces, with the tag `{{sig:1}}` at
 * the start) from a few hundred kilobytes: a "zip bomb".
 */
export function writeDeflateBombPdf(file: string, inflatedBytes: number): BigPdf {
  const w = pdfWriter(file);
  w.object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  w.object(2, "<< /Type /Pages /Kids [4 0 R] /Count 1 >>");
  w.object(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  w.object(
    4,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /Font << /F1 3 0 R >> >> >>",
  );
  const tag = Buffer.from("BT /F1 12 Tf 72 720 Td ({{sig:1}}) Tj ET\n", "latin1");
  // Run-length matching finds the same 258-byte runs of spaces as level 9's search (as small a
  // stream, ~1,030:1) in a tenth of the time: 256 MiB took 12 s at level 9 alone, 1 s this way.
  const deflate = zlib.deflateSync(Buffer.concat([tag, Buffer.alloc(inflatedBytes - tag.length, 0x20)]), {
    level: 9,
    strategy: zlib.constants.Z_RLE,
  });
  w.stream(5, "/Filter /FlateDecode", deflate.length, (write) => write(deflate));
  return { bytes: w.end(6), tags: ["{{sig:1}}"] };
}

/**
 * Damages the cross-reference data of a PDF written above, in place: its last startxref is made to
 * point `by` bytes past the table (into its `xref` keyword), so a reader must rebuild the table.
 * The number keeps its length (zero-padded), so nothing else moves.
 */
export function breakStartxref(file: string, by = 3): void {
  const fd = openSync(file, "r+");
  try {
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(Math.min(size, 1024));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    const text = tail.toString("latin1");
    const at = text.lastIndexOf("startxref");
    const m = /^startxref(\s+)(\d+)/.exec(text.slice(at));
    if (!m) throw new Error(`${file}: no startxref`);
    const number = String(Number(m[2]) + by).padStart(m[2]!.length, "0");
    if (number.length !== m[2]!.length) throw new Error(`${file}: startxref would change length`);
    writeSync(
      fd,
      Buffer.from(number, "latin1"),
      0,
      number.length,
      size - tail.length + at + 9 + m[1]!.length,
    );
  } finally {
    closeSync(fd);
  }
}

/**
 * Pages whose content streams are over a megabyte each, in each way a page can have such a stream
 * (the service's reader gives pdf.js one reduced to its text, overlay.ts):
 * 1. plain, the tag halfway; 2. compressed (over a megabyte compressed), the tag near the end;
 * 3. an array of two streams, the tag split between them; 4. an inline image every 40 bytes or so,
 * the tag halfway. Answers the tags in page order.
 */
export function writeLargeContentsPdf(file: string): BigPdf {
  const pageObject = (i: number) => 4 + 3 * i;
  const pages = 4;
  // Deterministic "random" numbers: line drawing that compresses no better than real drawings.
  let seed = 12345;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const lines = (bytes: number) => {
    const out: string[] = [];
    let length = 0;
    while (length < bytes) {
      const l = `${next(600)}.${next(100)} ${next(780)}.${next(100)} m ${next(600)} ${next(780)} l S\n`;
      out.push(l);
      length += l.length;
    }
    return out.join("");
  };
  const show = (text: string, y: number) =>
    `BT /F1 12 Tf 72 ${y} Td (${text.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj ET\n`;
  const tags = ["{{sig:1}}", "{{text:2;label=Amount due}}", "\\i3\\", "{{Sig_es_:signer2:signature}}"];
  const page = (i: number, contents: string) =>
    w.object(
      pageObject(i),
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contents} /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
  // About 1.1 MB compressed, 3.7 MB inflated (within the decoding limit, object-survey.ts's MAX_DECODED_BYTES).
  const packed = zlib.deflateSync(
    Buffer.from(lines(3_700_000) + show(tags[1]!, 650) + lines(1000), "latin1"),
  );
  if (packed.length < 1024 * 1024) throw new Error("the compressed content is under a megabyte");
  const w = pdfWriter(file);
  w.object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  const kids = Array.from({ length: pages }, (_, i) => `${pageObject(i)} 0 R`).join(" ");
  w.object(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  w.object(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const plain = (n: number, content: string) =>
    w.stream(n, "", Buffer.byteLength(content, "latin1"), (write) => write(content));

  page(0, `${pageObject(0) + 1} 0 R`);
  plain(pageObject(0) + 1, lines(550_000) + show(tags[0]!, 700) + lines(550_000));

  page(1, `${pageObject(1) + 1} 0 R`);
  w.stream(pageObject(1) + 1, "/Filter /FlateDecode", packed.length, (write) => write(packed));

  page(2, `[${pageObject(2) + 1} 0 R ${pageObject(2) + 2} 0 R]`);
  plain(pageObject(2) + 1, `${lines(1_100_000)}BT /F1 12 Tf 72 600 Td (\\\\i) Tj\n`);
  plain(pageObject(2) + 2, `(3\\\\) Tj ET\n${lines(1_100_000)}`);

  page(3, `${pageObject(3) + 1} 0 R`);
  const images: string[] = [];
  const image = () => {
    const bytes = Buffer.alloc(16);
    for (let b = 0; b < 16; b++) bytes[b] = 0x46 + next(0x70); // no "E" (0x45): EI ends the data
    return `q 10 0 0 10 ${next(500)} ${next(700)} cm BI /W 4 /H 4 /CS /G /BPC 8 ID ${bytes.toString("latin1")} EI Q\n`;
  };
  for (let length = 0; length < 550_000;) length += (images[images.length] = image()).length;
  images.push(show(tags[3]!, 550));
  for (let length = 0; length < 550_000;) length += (images[images.length] = image()).length;
  plain(pageObject(3) + 1, images.join(""));
  return { bytes: w.end(pageObject(pages)), tags: [tags[0]!, tags[1]!, "\\i3\\", tags[3]!] };
}
