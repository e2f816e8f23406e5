// The service's PDF reader thread (src/service/pdf-reader) lends pdf.js one reused array for its
// copy of each file (pdf-file.ts's ChunkBufferLender, pdfjs-patched.ts's change 6): readings one
// after another, of files larger and smaller than the last, read what a reading of each alone reads.
// And a page's content stream of over a megabyte, given to pdf.js reduced to its text (overlay.ts):
// in each way a page can have one, the same pages and tags as pdf.js reading the file here finds.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHUNK_BUFFER_KEY } from "../../src/service/pdf/pdfjs-patched";
import { ChunkBufferLender, readPdfFile } from "../../src/service/pdf/pdf-file";
import { PdfReader } from "../../src/service/pdf-reader";
import { breakStartxref, writeBigPdf, writeLargeContentsPdf, writeManyTextPagesPdf } from "../pdf/big-pdf";

jest.setTimeout(120_000);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "sfo-pdf-reader-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("PdfReader", () => {
  it("reads files one after another, larger and smaller, as each alone is read", async () => {
    const text = path.join(dir, "text.pdf");
    const scan = path.join(dir, "scan.pdf");
    const bigger = path.join(dir, "bigger.pdf");
    writeManyTextPagesPdf(text, 30, 50);
    writeBigPdf(scan, 3, 200_000);
    writeBigPdf(bigger, 5, 600_000);
    const alone = new Map<string, unknown>();
    for (const file of [text, scan, bigger]) alone.set(file, await readPdfFile(file));
    const reader = new PdfReader();
    try {
      for (const file of [text, scan, text, bigger, scan, text]) {
        expect(await reader.read(file)).toEqual(alone.get(file));
      }
    } finally {
      await reader.close();
    }
  });

  it("reads pages whose content streams are over a megabyte (from the file, as parsed) as pdf.js alone does", async () => {
    const file = path.join(dir, "contents.pdf");
    const { tags } = writeLargeContentsPdf(file);
    const damaged = path.join(dir, "contents-damaged.pdf");
    copyFileSync(file, damaged);
    breakStartxref(damaged);
    const alone = await readPdfFile(file);
    expect(alone.tags.map((t) => t.text)).toEqual(tags);
    const reader = new PdfReader();
    try {
      // The damaged copy's repaired table is read after the file's end (xref-repair.ts): the same.
      for (const f of [file, damaged]) expect(await reader.read(f)).toEqual(alone);
    } finally {
      await reader.close();
    }
  });
});

describe("ChunkBufferLender", () => {
  const ask = (length: number) =>
    (globalThis as unknown as Record<symbol, (length: number) => Uint8Array | null>)[
      Symbol.for(CHUNK_BUFFER_KEY)
    ]!(length);
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for(CHUNK_BUFFER_KEY)];
  });

  it("lends one array to a single reading, again to it, never to two at once, cleared after", () => {
    const lender = new ChunkBufferLender().install();
    expect(ask(10)).toBeNull(); // no reading under way
    const first = {};
    lender.begin(first);
    const lent = ask(10_000)!;
    expect(lent).toHaveLength(10_000);
    lent.fill(7);
    expect(ask(10_000)!.buffer).toBe(lent.buffer); // the same reading opening the file again
    const second = {};
    lender.begin(second);
    expect(ask(5_000)).toBeNull(); // two readings: the second's pdf.js allocates its own
    lender.end(second, null);
    // The first reading ends; what it loaded (chunk 0 and 1 of 4 KiB) is cleared.
    const seen = new Uint8Array(3);
    seen[0] = 1;
    seen[1] = 1;
    lender.end(first, seen);
    const third = {};
    lender.begin(third);
    const again = ask(9_000)!;
    expect(again.buffer).toBe(lent.buffer);
    expect(again.subarray(0, 8192).every((b) => b === 0)).toBe(true);
    lender.end(third, null);
    lender.release();
    lender.begin(first);
    expect(ask(100)!.buffer).not.toBe(lent.buffer);
    lender.end(first, null);
  });
});
