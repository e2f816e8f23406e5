// The service's PDF reader thread (src/service/pdf-reader) reads one file after another: readings of
// files larger and smaller than the last read what a reading of each alone reads.
// And a page's content stream of over a megabyte, given to pdf.js reduced to its text (overlay.ts):
// in each way a page can have one, the same pages and tags as pdf.js reading the file here finds.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { InvalidDocumentError } from "../../src/pdf/inspect";
import { readPdfFile } from "../../src/service/pdf/pdf-file";
import { PdfReader } from "../../src/service/pdf-reader";
import { breakStartxref, writeBigPdf, writeLargeContentsPdf, writeManyTextPagesPdf } from "../pdf/big-pdf";
import { taggedDoc } from "../pdf/draw";

jest.setTimeout(120_000);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "sfo-pdf-reader-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("PdfReader", () => {
  it("a damaged object stream among the page tree's kids: invalid_document, and the thread reads on", async () => {
    // Four pages in object streams, with a cross-reference stream (pdf-lib's default).
    const intact = await (await taggedDoc()).save();
    const text = Buffer.from(intact).toString("latin1");
    const xref = Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf("startxref")))![1]);
    // Bytes over the cross-reference stream's entries (two that xref-repair.test.ts's property found):
    // pdf.js's fetch of a page tree kid it started and never awaits rejects (FormatError,
    // XRefEntryException), which ended the thread mid-reading with a server error.
    const good = path.join(dir, "objstm-intact.pdf");
    writeFileSync(good, intact);
    const reader = new PdfReader();
    try {
      for (const [at, hex] of [
        [171, "14225bdf1b31b1"],
        [172, "5fa7b61e88da154ed5b7"],
      ] as const) {
        const damaged = intact.slice();
        damaged.set(Buffer.from(hex, "hex"), xref + at);
        const file = path.join(dir, `objstm-${at}.pdf`);
        writeFileSync(file, damaged);
        const outcome = await reader.read(file).catch((error: unknown) => error);
        if (outcome instanceof Error) expect(outcome).toBeInstanceOf(InvalidDocumentError);
        else expect(outcome).toEqual(await reader.read(good));
        expect((await reader.read(good)).pageCount).toBe(4);
      }
    } finally {
      await reader.close();
    }
  });

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
