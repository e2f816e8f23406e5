// Damaged cross-reference tables (issue 15): readPdfFile repairs them in constant memory
// (src/service/pdf/xref-repair.ts) and reads the same pages and tags as from the intact file, or refuses
// with invalid_document; never anything else.
import fc from "fast-check";
import { mkdtempSync, openSync, closeSync, readFileSync, readSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { findTags } from "../../src/pdf/find-tags";
import { loadPdf } from "../../src/pdf/inspect";
import { openForUpdate } from "../../src/pdf/incremental";
import { InvalidDocumentError } from "../../src/pdf/inspect";
import { type PdfFileReading, readPdfFile } from "../../src/service/pdf/pdf-file";
import {
  type ReadInto,
  READ_BUDGET,
  headerOffset,
  repairXref,
  xrefIsSound,
} from "../../src/service/pdf/xref-repair";
import { readStreamData, readStreamHead } from "../../src/service/pdf/xref-stream";
import { writeBigPdf } from "./big-pdf";
import { drawUpright, taggedDoc } from "./draw";

let dir: string;
let count = 0;
let intact: Uint8Array;
let intactReading: PdfFileReading;

function fileOf(bytes: Uint8Array): string {
  const file = path.join(dir, `${++count}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));

/** Reads of `bytes` as xref-repair.ts asks for them. */
function reader(bytes: Uint8Array): ReadInto {
  return (buffer, position, length) => {
    const piece = bytes.subarray(position, position + length);
    buffer.set(piece);
    return piece.length;
  };
}

async function repairOf(bytes: Uint8Array) {
  const read = reader(bytes);
  const start = await headerOffset(read, bytes.length);
  return {
    sound: await xrefIsSound(read, bytes.length, start),
    repair: await repairXref(read, bytes.length, start),
  };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "xref-repair-"));
  const doc = await taggedDoc();
  // A classic table, as scanners and older generators write (the same document with object streams
  // and a cross-reference stream is `streamed`, below).
  intact = await doc.save({ useObjectStreams: false });
  intactReading = await readPdfFile(fileOf(intact));
  expect(intactReading.tags.length).toBe(6);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The file with its last startxref number replaced by `number`. */
function withStartxref(bytes: Uint8Array, number: string): Uint8Array {
  const text = latin1(bytes);
  const at = text.lastIndexOf("startxref");
  const m = /^startxref(\s+)(\d+)/.exec(text.slice(at))!;
  const from = at + "startxref".length + m[1]!.length;
  return bytesOf(text.slice(0, from) + number + text.slice(from + m[2]!.length));
}

function startxrefOf(bytes: Uint8Array): number {
  const text = latin1(bytes);
  return Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf("startxref")))![1]);
}

const DAMAGES: [string, (bytes: Uint8Array) => Uint8Array][] = [
  ["startxref off by 3 bytes", (b) => withStartxref(b, String(startxrefOf(b) + 3))],
  ["startxref 40 bytes too early", (b) => withStartxref(b, String(startxrefOf(b) - 40))],
  ["startxref past the end", (b) => withStartxref(b, String(b.length + 1000))],
  ["startxref 0", (b) => withStartxref(b, "0")],
  [
    "xref table garbage",
    (b) => {
      const text = latin1(b);
      const at = startxrefOf(b) + 30;
      return bytesOf(text.slice(0, at) + "#garbage!".repeat(8) + text.slice(at + 72));
    },
  ],
  [
    "every entry 7 bytes off",
    (b) => {
      const text = latin1(b);
      const xref = startxrefOf(b);
      const end = text.indexOf("trailer", xref);
      const table = text
        .slice(xref, end)
        .replace(
          /^(\d{10}) (\d{5}) n/gm,
          (_, o: string, g: string) => `${String(Number(o) + 7).padStart(10, "0")} ${g} n`,
        );
      return bytesOf(text.slice(0, xref) + table + text.slice(end));
    },
  ],
  [
    "no trailer",
    (b) => {
      const text = latin1(b);
      const at = text.lastIndexOf("trailer");
      const end = text.indexOf(">>", at) + 2;
      return bytesOf(text.slice(0, at) + " ".repeat(end - at) + text.slice(end));
    },
  ],
  [
    "no xref table, no trailer, no startxref (cut after the last object)",
    (b) => b.subarray(0, startxrefOf(b)),
  ],
];

describe("a damaged cross-reference table is repaired", () => {
  it("an intact file is left alone", async () => {
    const { sound } = await repairOf(intact);
    expect(sound).toBe(true);
  });

  it("an incremental update (a table with /Prev) is left alone; damaged, it is repaired", async () => {
    const update = await openForUpdate(intact, loadPdf);
    const page = update.doc.getPage(3);
    drawUpright(page, [{ text: "{{sig:3}}", font: await update.doc.embedFont("Helvetica") }], {
      x: 50,
      baseline: 50,
    });
    const updated = await update.save();
    expect(latin1(updated)).toMatch(/\/Prev \d+/);
    expect((await repairOf(updated)).sound).toBe(true);
    const reading = await readPdfFile(fileOf(updated));
    expect(reading.tags.map((t) => t.text)).toContain("{{sig:3}}");
    const damaged = withStartxref(updated, String(startxrefOf(updated) + 2));
    const { sound, repair } = await repairOf(damaged);
    expect([sound, repair.notRepaired]).toEqual([false, null]);
    expect(await readPdfFile(fileOf(damaged))).toEqual(reading);
  });

  it("bytes before %PDF- (offsets count from it): left alone, and repaired when damaged", async () => {
    const shifted = new Uint8Array([...bytesOf("junk before the header\n"), ...intact]);
    expect((await repairOf(shifted)).sound).toBe(true);
    expect(await readPdfFile(fileOf(shifted))).toEqual(intactReading);
    const damaged = withStartxref(shifted, String(startxrefOf(shifted) + 3));
    expect((await repairOf(damaged)).sound).toBe(false);
    expect(await readPdfFile(fileOf(damaged))).toEqual(intactReading);
  });

  it.each(DAMAGES)("%s: the same pages and tags as the intact file", async (_, damage) => {
    const damaged = damage(intact);
    const { sound, repair } = await repairOf(damaged);
    expect(sound).toBe(false);
    expect(repair.notRepaired).toBeNull();
    expect(repair.appendix).not.toBeNull();
    expect(await readPdfFile(fileOf(damaged))).toEqual(intactReading);
  });

  it("what pdf.js reads by rebuilding the table itself (all in memory) is what the repair reads", async () => {
    // Where pdf.js rebuilds at all: without a trailer it refuses the file, the repair does not.
    for (const [name, damage] of DAMAGES.filter(([n]) => !/trailer/.test(n))) {
      const damaged = damage(intact);
      expect([name, await findTags(damaged)]).toEqual([name, intactReading.tags]);
    }
  });

  it.each([
    // 2,000 pages read for their sizes only (tags: false): the repair is what is tested.
    [40, 20_000, true, false],
    [2000, 100, false, false],
    // Pages, page tree and catalog compressed in object streams, a cross-reference stream.
    [40, 20_000, true, true],
    [2000, 100, false, true],
  ])(
    "%i scanned pages (images of %i bytes, tags %s, object streams %s), startxref off: repaired, the pages and tags of the intact file",
    async (pages, imageBytes, tags, objectStreams) => {
      const file = path.join(dir, `scan-${pages}-${objectStreams}.pdf`);
      const big = writeBigPdf(file, pages, imageBytes, { objectStreams });
      const bytes = new Uint8Array(readFileSync(file));
      expect((await repairOf(bytes)).sound).toBe(true);
      const reading = await readPdfFile(file, { tags });
      expect(reading.tags.map((t) => t.text)).toEqual(tags ? big.tags : []);
      const damaged = withStartxref(bytes, String(startxrefOf(bytes) - 17));
      // Repaired (a page tree's /Kids of 2,000 pages is longer than a first look reads). With
      // object streams the index also holds them (one a hundred objects), the cross-reference
      // stream and its free entry 0.
      const objects = 3 + 3 * pages + (objectStreams ? Math.ceil((3 + pages) / 100) + 2 : 0);
      expect((await repairOf(damaged)).repair).toMatchObject({ notRepaired: null, objects });
      expect(await readPdfFile(fileOf(damaged), { tags })).toEqual(reading);
    },
    // Two readings of 2,000 pages take about 25 s on a quiet machine and over 30 s under load.
    180_000,
  );

  it("any startxref number or bytes in its place: the intact reading, or invalid_document", async () => {
    const xref = startxrefOf(intact);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.integer({ min: -200, max: 200 }).map((d) => String(Math.max(0, xref + d))),
          fc.nat({ max: intact.length * 2 }).map(String),
          fc.string({ maxLength: 12 }).map((s) => s.replace(/[^\x20-\x7e]/g, " ")),
          fc.uint8Array({ maxLength: 12 }).map((b) => latin1(b)),
        ),
        async (number) => {
          const damaged = withStartxref(intact, number);
          const outcome = await readPdfFile(fileOf(damaged)).catch((e: unknown) => e);
          if (outcome instanceof InvalidDocumentError) {
            expect(outcome.code).toBe("invalid_document");
          } else {
            expect(outcome).toEqual(intactReading);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

test("any bytes over the table, trailer and startxref: the intact reading, or invalid_document", async () => {
  const xref = startxrefOf(intact);
  await fc.assert(
    fc.asyncProperty(
      fc.nat({ max: intact.length - xref - 1 }),
      fc.uint8Array({ minLength: 1, maxLength: 64 }),
      async (at, junk) => {
        const damaged = intact.slice();
        damaged.set(junk.subarray(0, intact.length - xref - at), xref + at);
        const outcome = await readPdfFile(fileOf(damaged)).catch((e: unknown) => e);
        if (outcome instanceof InvalidDocumentError) expect(outcome.code).toBe("invalid_document");
        else expect(outcome).toEqual(intactReading);
      },
    ),
    { numRuns: 60 },
  );
});

// Keeps the file's reads honest: the repair reads through the function it is given, not around it.
test("the repair reads a file through a ReadInto over a descriptor", async () => {
  const file = fileOf(withStartxref(intact, "12"));
  const fd = openSync(file, "r");
  try {
    const read: ReadInto = (buffer, position, length) => readSync(fd, buffer, 0, length, position);
    const size = readFileSync(file).length;
    expect(await xrefIsSound(read, size, 0)).toBe(false);
    expect((await repairXref(read, size, 0)).appendix).not.toBeNull();
  } finally {
    closeSync(fd);
  }
});

// The service reads with synchronous reads in its reader thread, which throw for a negative
// position: a startxref of "-5" gave a RangeError (a 500) before readText refused such positions.
test("a negative or huge startxref, read as the service reads (synchronously): the intact reading, or invalid_document", async () => {
  for (const number of ["-5", "-1", "-0", "-999999999", "99999999999", "1e9"]) {
    for (const syncReads of [true, false]) {
      const outcome = await readPdfFile(fileOf(withStartxref(intact, number)), { syncReads }).catch(
        (e: unknown) => e,
      );
      if (outcome instanceof InvalidDocumentError) expect(outcome.code).toBe("invalid_document");
      else expect(outcome).toEqual(intactReading);
    }
  }
});

// Each trailer is read and its /Root followed: a file of nothing but trailers is left to pdf.js
// (as before the repair) once it has more than MAX_TRAILERS, instead of holding the reader thread.
test("a file of thousands of trailers is not weighed trailer by trailer", async () => {
  const head = latin1(intact.subarray(0, startxrefOf(intact)));
  const bytes = bytesOf(
    head + "trailer\n<<\n/Root 1 0 R>>\nstartxref\n".repeat(20_000) + "startxref\n7\n%%EOF\n",
  );
  let bytesRead = 0;
  const counted: ReadInto = (buffer, position, length) => {
    const n = reader(bytes)(buffer, position, length) as number;
    bytesRead += n;
    return n;
  };
  const repair = await repairXref(counted, bytes.length, await headerOffset(counted, bytes.length));
  expect(repair.notRepaired).toBe("too_many_objects");
  // What it read is bounded (no timing): before the bound, 64 KB and the /Root for each trailer.
  expect(bytesRead).toBeLessThan(8 * bytes.length);
});

// Each object stream the walk found is read: without `endstream` (and no /Length), each was searched
// through the 4 MB after it and its dictionary read 64 KB at a time; 1,000 of them in a 4 MB file
// read 4 GB, seconds of the one reader thread. The search ends where the walk found the object to
// end, the head is read 2 KB first, and what the repair reads after its walk is budgeted.
test("a file of object streams without endstream is not searched megabytes a stream", async () => {
  let text = "%PDF-1.7\n";
  for (let k = 1; k <= 1000; k++) {
    text += `${k} 0 obj\n<</Type/ObjStm/N 1/First 4/Filter/FlateDecode>>\nstream\nabcd\nendobj\n`;
  }
  const bytes = bytesOf(text + "x".repeat(4 * 1024 * 1024) + "\n");
  let bytesRead = 0;
  const counted: ReadInto = (buffer, position, length) => {
    const n = reader(bytes)(buffer, position, length) as number;
    bytesRead += n;
    return n;
  };
  const repair = await repairXref(counted, bytes.length, await headerOffset(counted, bytes.length));
  expect(repair.appendix).toBeNull();
  // Bounded by what is read (no timing): 4 GB before the bounds.
  expect(bytesRead).toBeLessThan(8 * bytes.length);
});

// What the repair reads after its walk is budgeted (READ_BUDGET): here 100 trailers, each /Root a
// dictionary that never ends, read 16 KB, 64 KB, … 4 MB each (530 MB in all) without the budget.
test("what the repair reads after its walk is bounded: past it, the file is left to pdf.js", async () => {
  let text = "%PDF-1.7\n";
  for (let k = 1; k <= 100; k++) text += `${k} 0 obj\n<< /Type /Catalog /Pages << /Kids [\n`;
  text += "0 ".repeat(2 * 1024 * 1024) + "\n";
  for (let k = 1; k <= 100; k++) text += `trailer\n<< /Root ${k} 0 R >>\n`;
  const bytes = bytesOf(text + "startxref\n7\n%%EOF\n");
  let bytesRead = 0;
  const counted: ReadInto = (buffer, position, length) => {
    const n = reader(bytes)(buffer, position, length) as number;
    bytesRead += n;
    return n;
  };
  const repair = await repairXref(counted, bytes.length, await headerOffset(counted, bytes.length));
  expect(repair.notRepaired).toBe("too_costly");
  expect(bytesRead).toBeLessThan(READ_BUDGET + 8 * bytes.length);
});

// A predictor's rows are sized from /Columns /Colors /BitsPerComponent: never more than the data.
test("a predictor's huge rows in a small stream are damaged, not allocated", async () => {
  const raw = zlib.deflateSync(Buffer.from([2, 1, 2, 3]));
  const dict =
    "<</Type/ObjStm/N 0/First 0/Filter/FlateDecode/DecodeParms" +
    `<</Predictor 12/Columns 1048576/Colors 32/BitsPerComponent 16>>/Length ${raw.length}>>`;
  const bytes = new Uint8Array(
    Buffer.concat([
      Buffer.from(`1 0 obj\n${dict}\nstream\n`, "latin1"),
      raw,
      Buffer.from("\nendstream\nendobj\n", "latin1"),
    ]),
  );
  const read = reader(bytes);
  const head = (await readStreamHead(read, bytes.length, 0))!;
  expect(head).not.toBeNull();
  const before = process.memoryUsage().arrayBuffers;
  let peak = 0;
  for (let i = 0; i < 5; i++) {
    expect(await readStreamData(read, bytes.length, head)).toBe("damaged");
    peak = Math.max(peak, process.memoryUsage().arrayBuffers - before);
  }
  // 134 MB a decoding before rows were bounded by the data.
  expect(peak).toBeLessThan(100 * 1024 * 1024);
});

// Files written with object streams and a cross-reference stream (pdf-lib's default save, most
// writers since PDF 1.5): most objects lie compressed in object streams that only the stream
// locates. Damaged, they are repaired as well (the stream read and inflated on its own, the
// object streams' headers where the stream is lost) instead of read whole by pdf.js.
describe("a damaged cross-reference stream is repaired", () => {
  let streamed: Uint8Array;

  /** Where the last cross-reference stream lies: its object, dictionary and data. */
  function xrefStreamOf(bytes: Uint8Array) {
    const text = latin1(bytes);
    const objectAt = startxrefOf(bytes);
    const head = /^(\d+) 0 obj\s*(<<[^]*?>>)\s*stream\r?\n/.exec(text.slice(objectAt))!;
    const dataStart = objectAt + head[0].length;
    const dataEnd = text.indexOf("endstream", dataStart);
    return { objectAt, num: Number(head[1]), dict: head[2]!, dataStart, dataEnd };
  }

  /** The file with its last cross-reference stream's dictionary and data replaced. */
  function withXrefStream(bytes: Uint8Array, dict: string, data: Uint8Array): Uint8Array {
    const x = xrefStreamOf(bytes);
    const head = bytesOf(
      `${x.num} 0 obj\n${dict.replace(/\/Length \d+/, `/Length ${data.length}`)}\nstream\n`,
    );
    const tail = bytesOf(`\nendstream\nendobj\nstartxref\n${x.objectAt}\n%%EOF\n`);
    return new Uint8Array([...bytes.subarray(0, x.objectAt), ...head, ...data, ...tail]);
  }

  /** The entries' rows of the last cross-reference stream, and its row length. */
  function rowsOf(bytes: Uint8Array): { rows: Uint8Array; width: number; dict: string } {
    const x = xrefStreamOf(bytes);
    const w = /\/W \[ ?(\d+) (\d+) (\d+) ?\]/.exec(x.dict)!.slice(1).map(Number);
    const rows = new Uint8Array(zlib.inflateSync(bytes.subarray(x.dataStart, x.dataEnd)));
    return { rows, width: w[0]! + w[1]! + w[2]!, dict: x.dict };
  }

  /** PNG filtering of `rows` (each `width` bytes), row r with filter type `types(r)`. */
  function pngFilter(rows: Uint8Array, width: number, types: (r: number) => number): Uint8Array {
    const out: number[] = [];
    for (let r = 0; r * width < rows.length; r++) {
      const type = types(r);
      out.push(type);
      for (let i = 0; i < width; i++) {
        const x = rows[r * width + i]!;
        const left = i > 0 ? rows[r * width + i - 1]! : 0;
        const up = r > 0 ? rows[(r - 1) * width + i]! : 0;
        const upLeft = r > 0 && i > 0 ? rows[(r - 1) * width + i - 1]! : 0;
        const estimate = left + up - upLeft;
        const [pa, pb, pc] = [
          Math.abs(estimate - left),
          Math.abs(estimate - up),
          Math.abs(estimate - upLeft),
        ];
        const paeth = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
        const predicted = [0, left, up, (left + up) >> 1, paeth][type]!;
        out.push((x - predicted) & 0xff);
      }
    }
    return new Uint8Array(out);
  }

  beforeAll(async () => {
    // The same document as `intact`, saved as pdf-lib saves by default.
    const doc = await taggedDoc();
    streamed = await doc.save();
    expect(latin1(streamed)).toMatch(/\/Type \/ObjStm/);
    expect(latin1(streamed)).toMatch(/\/Type \/XRef/);
    expect(latin1(streamed)).not.toMatch(/\btrailer\b/);
    expect(await readPdfFile(fileOf(streamed))).toEqual(intactReading);
  });

  const STREAM_DAMAGES: [string, (bytes: Uint8Array) => Uint8Array][] = [
    ["startxref off by 3 bytes", (b) => withStartxref(b, String(startxrefOf(b) + 3))],
    ["startxref 40 bytes too early", (b) => withStartxref(b, String(startxrefOf(b) - 40))],
    ["startxref past the end", (b) => withStartxref(b, String(b.length + 1000))],
    ["startxref 0", (b) => withStartxref(b, "0")],
    [
      "startxref into a content stream's compressed bytes",
      (b) => withStartxref(b, String(latin1(b).indexOf("stream\n", 100) + 20)),
    ],
    [
      "the stream's compressed data overwritten",
      (b) => {
        const x = xrefStreamOf(b);
        const damaged = b.slice();
        damaged.fill(0x41, x.dataStart + 4, Math.min(x.dataEnd - 2, x.dataStart + 24));
        return damaged;
      },
    ],
    [
      "the stream's /W overwritten",
      (b) => bytesOf(latin1(b).replace(/\/W \[ 1 (\d) (\d) \]/, (w) => "/W [ 9 9 9 ]".padEnd(w.length))),
    ],
    [
      "its header overwritten (no longer an object)",
      (b) => {
        const x = xrefStreamOf(b);
        const text = latin1(b);
        return bytesOf(text.slice(0, x.objectAt) + "#".repeat(6) + text.slice(x.objectAt + 6));
      },
    ],
    [
      "no /Root in the stream's dictionary (no trailer)",
      (b) => bytesOf(latin1(b).replace(/\/Root \d+ 0 R/, (r) => " ".repeat(r.length))),
    ],
    [
      "no cross-reference stream, no startxref (cut after the last object)",
      (b) => b.subarray(0, startxrefOf(b)),
    ],
  ];

  it("an intact file is left alone", async () => {
    expect((await repairOf(streamed)).sound).toBe(true);
  });

  it.each(STREAM_DAMAGES)("%s: the same pages and tags as the intact file", async (_, damage) => {
    const damaged = damage(streamed);
    const { sound, repair } = await repairOf(damaged);
    expect(sound).toBe(false);
    expect(repair.notRepaired).toBeNull();
    // Every object, compressed ones included: the catalog, page tree, pages, fonts, info.
    expect(repair.objects).toBeGreaterThanOrEqual(14);
    expect(latin1(repair.appendix!)).toMatch(/\/Type \/XRef/);
    expect(await readPdfFile(fileOf(damaged))).toEqual(intactReading);
  });

  it("where pdf.js rebuilds the table itself (all in memory), it reads what the repair reads", async () => {
    // Where its stream is intact: pdf.js does not look into object streams without it. Not with
    // startxref 0 either: pdf.js then reads the file's first object (a content stream) as a
    // cross-reference stream, fails, and keeps the failed reading's state (its streamState), so
    // it fails on the real stream too when it rebuilds (so with startxref in a content stream's
    // bytes); the repair reads those files.
    const damage = (name: string) => STREAM_DAMAGES.find(([n]) => n === name)![1](streamed);
    expect(await findTags(damage("startxref 0")).catch((e: unknown) => e)).toBeInstanceOf(
      InvalidDocumentError,
    );
    for (const name of [
      "startxref off by 3 bytes",
      "startxref 40 bytes too early",
      "startxref past the end",
    ]) {
      expect([name, await findTags(damage(name))]).toEqual([name, intactReading.tags]);
    }
  });

  it("an update cut off (its stream and startxref gone) is the file before it: left alone", async () => {
    const update = await openForUpdate(streamed, loadPdf);
    drawUpright(
      update.doc.getPage(0),
      [{ text: "{{sig:3}}", font: await update.doc.embedFont("Helvetica") }],
      {
        x: 50,
        baseline: 50,
      },
    );
    const updated = await update.save();
    const cut = updated.subarray(0, startxrefOf(updated));
    expect((await repairOf(cut)).sound).toBe(true);
    expect(await readPdfFile(fileOf(cut))).toEqual(intactReading);
  });

  it("an incremental update with its own cross-reference stream (/Prev): left alone; damaged, repaired", async () => {
    const update = await openForUpdate(streamed, loadPdf);
    const page = update.doc.getPage(3);
    drawUpright(page, [{ text: "{{sig:3}}", font: await update.doc.embedFont("Helvetica") }], {
      x: 50,
      baseline: 50,
    });
    const updated = await update.save();
    expect(latin1(updated.subarray(streamed.length))).toMatch(/\/Type \/XRef/);
    expect(latin1(updated.subarray(streamed.length))).toMatch(/\/Prev \d+/);
    expect((await repairOf(updated)).sound).toBe(true);
    const reading = await readPdfFile(fileOf(updated));
    expect(reading.tags.map((t) => t.text)).toContain("{{sig:3}}");
    for (const damaged of [
      withStartxref(updated, String(startxrefOf(updated) + 2)),
      // The update's own stream damaged: its compressed data overwritten.
      (() => {
        const x = xrefStreamOf(updated);
        const d = updated.slice();
        d.fill(0x41, x.dataStart + 2, x.dataStart + 20);
        return d;
      })(),
      // The older stream (reached by /Prev) damaged: its compressed data overwritten.
      (() => {
        const x = xrefStreamOf(streamed);
        const d = updated.slice();
        d.fill(0x41, x.dataStart + 4, x.dataStart + 20);
        return d;
      })(),
    ]) {
      const { sound, repair } = await repairOf(damaged);
      expect([sound, repair.notRepaired]).toEqual([false, null]);
      expect(await readPdfFile(fileOf(damaged))).toEqual(reading);
    }
  });

  it("a stream with PNG predictors (/Predictor 10-15): read, and repaired when damaged", async () => {
    const { rows, width, dict } = rowsOf(streamed);
    for (const [predictor, types] of [
      [12, () => 2],
      [10, () => 0],
      [15, (r: number) => r % 5],
    ] as const) {
      const data = zlib.deflateSync(pngFilter(rows, width, types));
      const withParms = dict.replace(
        />>$/,
        `/DecodeParms << /Predictor ${predictor} /Columns ${width} >>\n>>`,
      );
      const predicted = withXrefStream(streamed, withParms, data);
      expect((await repairOf(predicted)).sound).toBe(true);
      expect(await readPdfFile(fileOf(predicted))).toEqual(intactReading);
      // (+1 would land on "5 0 obj" of "15 0 obj": the same stream, which pdf.js reads too.)
      const damaged = withStartxref(predicted, String(startxrefOf(predicted) + 3));
      const { sound, repair } = await repairOf(damaged);
      expect([sound, repair.notRepaired]).toEqual([false, null]);
      // The stream was decoded: the trailer is its dictionary (its /Info).
      expect(latin1(repair.appendix!)).toMatch(/\/Info 3 0 R/);
      expect(await readPdfFile(fileOf(damaged))).toEqual(intactReading);
    }
  });

  it("a stream with the TIFF predictor (/Predictor 2): read, and repaired when damaged", async () => {
    const { rows, width, dict } = rowsOf(streamed);
    // Each byte less the one before it in its row.
    const filtered = rows.map((b, i) => (i % width === 0 ? b : (b - rows[i - 1]!) & 0xff));
    const withParms = dict.replace(/>>$/, `/DecodeParms << /Predictor 2 /Columns ${width} >>\n>>`);
    const predicted = withXrefStream(streamed, withParms, zlib.deflateSync(filtered));
    expect((await repairOf(predicted)).sound).toBe(true);
    expect(await readPdfFile(fileOf(predicted))).toEqual(intactReading);
    const damaged = withStartxref(predicted, String(startxrefOf(predicted) + 3));
    const { sound, repair } = await repairOf(damaged);
    expect([sound, repair.notRepaired]).toEqual([false, null]);
    expect(latin1(repair.appendix!)).toMatch(/\/Info 3 0 R/);
    expect(await readPdfFile(fileOf(damaged))).toEqual(intactReading);
  });

  it("a compression bomb as the stream's data: inflated only to a bound, read as damaged, repaired", async () => {
    const { dict } = rowsOf(streamed);
    const bomb = zlib.deflateSync(Buffer.alloc(256 * 1024 * 1024), { level: 9 });
    const bombed = withXrefStream(streamed, dict, bomb);
    const { sound, repair } = await repairOf(bombed);
    expect([sound, repair.notRepaired]).toEqual([false, null]);
    expect(await readPdfFile(fileOf(bombed))).toEqual(intactReading);
  });

  it("a hostile /W or /Index (no bytes an entry, a billion entries): no endless reading", async () => {
    const { rows, dict } = rowsOf(streamed);
    for (const hostile of [
      dict.replace(/\/W \[[^\]]*\]/, "/W [0 0 0]").replace(/\/Index \[[^\]]*\]/, "/Index [0 1000000000]"),
      dict.replace(/\/Index \[[^\]]*\]/, "/Index [0 1000000000 5 -3 7]"),
      dict.replace(/\/W \[[^\]]*\]/, "/W [1 2 99999999]"),
    ]) {
      const file = withXrefStream(streamed, hostile, zlib.deflateSync(rows));
      const outcome = await readPdfFile(fileOf(file)).catch((e: unknown) => e);
      if (outcome instanceof InvalidDocumentError) expect(outcome.code).toBe("invalid_document");
      else expect(outcome).toEqual(intactReading);
    }
  });

  it("an /Encrypt in the stream's dictionary: not repaired, refused as encrypted", async () => {
    const { rows, dict } = rowsOf(streamed);
    const encrypted = withXrefStream(
      streamed,
      dict.replace("/Info 3 0 R", "/Encrypt 3 0 R"),
      zlib.deflateSync(rows),
    );
    const damaged = withStartxref(encrypted, String(startxrefOf(encrypted) + 3));
    expect((await repairOf(damaged)).repair.notRepaired).toBe("encrypted");
    await expect(readPdfFile(fileOf(damaged))).rejects.toMatchObject({ reason: "encrypted" });
  });

  // For some bytes pdf.js rejects a fetch it started and never awaits (a page tree kid's: FormatError,
  // XRefEntryException), outside the promises readPdfFile awaits. The service's reader thread drops
  // such rejections (pdf-reader/worker.ts; test/service/pdf-reader.test.ts reads two such files), but
  // here, read in Jest's process, Jest charges them to this test (seed 2 with 1,000 runs shows one
  // within 15 s). So the 60 inputs come from a fixed seed: the property is about the answers.
  it("any bytes over the stream and startxref: the intact reading, or invalid_document", async () => {
    const xref = xrefStreamOf(streamed).objectAt;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: streamed.length - xref - 1 }),
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        async (at, junk) => {
          const damaged = streamed.slice();
          damaged.set(junk.subarray(0, streamed.length - xref - at), xref + at);
          const outcome = await readPdfFile(fileOf(damaged)).catch((e: unknown) => e);
          if (outcome instanceof InvalidDocumentError) expect(outcome.code).toBe("invalid_document");
          else expect(outcome).toEqual(intactReading);
        },
      ),
      { numRuns: 60, seed: 20261128 },
    );
  });
});
