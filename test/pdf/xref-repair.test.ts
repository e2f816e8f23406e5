// Damaged cross-reference tables (issue 15): readPdfFile repairs them in constant memory
// (src/pdf/xref-repair.ts) and reads the same pages and tags as from the intact file, or refuses
// with invalid_document; never anything else.
import fc from "fast-check";
import { mkdtempSync, openSync, closeSync, readFileSync, readSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { degrees } from "pdf-lib";
import { findTags } from "../../src/pdf/find-tags";
import { loadPdf } from "../../src/pdf/inspect";
import { openForUpdate } from "../../src/pdf/incremental";
import { InvalidDocumentError } from "../../src/pdf/inspect";
import { type PdfFileReading, readPdfFile } from "../../src/pdf/pdf-file";
import { type ReadInto, headerOffset, repairXref, xrefIsSound } from "../../src/pdf/xref-repair";
import { writeBigPdf } from "./big-pdf";
import { drawUpright, newDoc } from "./draw";

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
  const { doc, helvetica, times } = await newDoc();
  for (const rotation of [0, 90, 180]) {
    const page = doc.addPage([612, 792]);
    page.setRotation(degrees(rotation));
    drawUpright(page, [{ text: "{{sig:1}}", font: helvetica }], { x: 72, baseline: 100 });
    drawUpright(
      page,
      [
        { text: "{{text:2;", font: helvetica },
        { text: "label=Amount due}}", font: times },
      ],
      { x: 200, baseline: 300, size: 11 },
    );
  }
  doc.addPage([300, 400]);
  // A classic table, as scanners and older generators write (object streams are left to pdf.js).
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
    [40, 20_000, true],
    [2000, 100, false],
  ])(
    "%i scanned pages, startxref off: repaired, the pages and tags of the intact file",
    async (pages, imageBytes, tags) => {
      const file = path.join(dir, `scan-${pages}.pdf`);
      const big = writeBigPdf(file, pages, imageBytes);
      const bytes = new Uint8Array(readFileSync(file));
      const reading = await readPdfFile(file, { tags });
      expect(reading.tags.map((t) => t.text)).toEqual(tags ? big.tags : []);
      const damaged = withStartxref(bytes, String(startxrefOf(bytes) - 17));
      // Repaired (a page tree's /Kids of 2,000 pages is longer than a first look reads).
      expect((await repairOf(damaged)).repair).toMatchObject({ notRepaired: null, objects: 3 + 3 * pages });
      expect(await readPdfFile(fileOf(damaged), { tags })).toEqual(reading);
    },
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
