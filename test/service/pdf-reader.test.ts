// The service's PDF reader thread (src/service/pdf-reader) reads one file after another: readings of
// files larger and smaller than the last read what a reading of each alone reads.
// And a page's content stream of over a megabyte, given to pdf.js reduced to its text (overlay.ts):
// in each way a page can have one, the same pages and tags as pdf.js reading the file here finds.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readPdfFile } from "../../src/service/pdf/pdf-file";
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
