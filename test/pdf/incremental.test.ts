import { execFileSync, spawnSync } from "node:child_process";
import { PDFDocument, StandardFonts, degrees } from "pdf-lib";
import { findTags } from "../../src/pdf/find-tags";
import { inspectPdf, loadPdf } from "../../src/pdf/inspect";
import { openForUpdate } from "../../src/pdf/incremental";
import { stampDocument, type TagStamp } from "../../src/pdf/stamp-tags";
import { expectNear } from "./draw";
import { withTempFile, wordsOf } from "./poppler";

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

/** A three-page document with body text, a rotated page; classic xref table or xref stream. */
async function sample(useObjectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 3; i++) {
    const page = doc.addPage([612, 792]);
    if (i === 2) page.setRotation(degrees(90));
    page.drawText(`Body text of page ${i + 1}`, { x: 72, y: 700, size: 12, font });
  }
  return doc.save({ useObjectStreams });
}

const STAMPS: TagStamp[] = [
  { page: 1, x: 100, y: 200, width: 150, height: 30, text: "{{sig:1}}" },
  { page: 1, x: 300, y: 600, width: 80, height: 12, text: "{{datesigned:1}}" },
  { page: 3, x: 400, y: 100, width: 120, height: 20, text: "{{initial:2:opt}}" },
];

/** poppler's complaints about the file (it reports a broken xref or object on stderr). */
function popplerErrors(pdf: Uint8Array): string {
  return withTempFile(pdf, (file) => spawnSync("pdfinfo", [file], { encoding: "utf8" }).stderr);
}

const hasQpdf = spawnSync("qpdf", ["--version"]).status === 0;

/** qpdf --check, when qpdf is installed (it checks every xref entry and object). */
function qpdfCheck(pdf: Uint8Array): void {
  if (!hasQpdf) return;
  withTempFile(pdf, (file) => {
    const out = execFileSync("qpdf", ["--check", file], { encoding: "utf8" });
    expect(out).toMatch(/No syntax or stream encoding errors found/);
  });
}

/** The objects of the update section: "n g obj" headers after the original bytes. */
function updatedObjects(original: Uint8Array, updated: Uint8Array): string[] {
  return [...latin1(updated.subarray(original.length)).matchAll(/(\d+ \d+) obj/g)].map((m) => m[1]!);
}

describe.each([
  ["a classic cross-reference table", false, /\nxref\n[\s\S]*trailer\n<<[\s\S]*\/Prev \d+/],
  ["a cross-reference stream", true, /\/Type \/XRef[\s\S]*\/Prev \d+/],
])("incremental stamping after %s", (_, objectStreams, sectionShape) => {
  it("keeps the original bytes, appends a small update of the same kind, and the tags are found where stamped", async () => {
    const original = await sample(objectStreams);
    const stamped = await stampDocument(original, { stamps: STAMPS });
    expect(Buffer.from(stamped.subarray(0, original.length)).equals(Buffer.from(original))).toBe(true);
    const update = latin1(stamped.subarray(original.length));
    expect(update).toMatch(sectionShape);
    expect(update.trimEnd()).toMatch(/startxref\n\d+\n%%EOF$/);
    // Only what changed: pages 1 and 3, their new content streams, the font; page 2 is not written.
    expect(stamped.length - original.length).toBeLessThan(8_000);

    const found = await findTags(stamped);
    expect(found.map((t) => t.text)).toEqual(STAMPS.map((s) => s.text));
    found.forEach((tag, i) => expectNear(tag, STAMPS[i]!));
    expect(await inspectPdf(stamped)).toEqual(await inspectPdf(original));
    const words = wordsOf(stamped);
    expect(words.map((p) => p.words.some((w) => w.text === "Body"))).toEqual([true, true, true]);
    expect(words[0]!.words.map((w) => w.text)).toContain("{{sig:1}}");
    expect(popplerErrors(stamped)).toBe("");
    qpdfCheck(stamped);
  });

  it("stamps an updated file again (a chain of /Prev) and appends signature-block pages", async () => {
    const original = await sample(objectStreams);
    const once = await stampDocument(original, { stamps: [STAMPS[0]!] });
    const twice = await stampDocument(once, {
      stamps: [STAMPS[2]!],
      block: [{ name: "Adele Vance", email: "adele@example.com" }, { name: "Alex Wilber" }],
    });
    expect(Buffer.from(twice.subarray(0, once.length)).equals(Buffer.from(once))).toBe(true);
    expect((await inspectPdf(twice)).pageCount).toBe(4);
    const texts = (await findTags(twice)).map((t) => t.text);
    expect(texts.slice(0, 2)).toEqual(["{{sig:1}}", "{{initial:2:opt}}"]);
    expect(texts.filter((t) => t.startsWith("{{sig:"))).toEqual([
      "{{sig:1}}",
      "{{sig:1:req}}",
      "{{sig:2:req}}",
    ]);
    expect(popplerErrors(twice)).toBe("");
    qpdfCheck(twice);
  });
});

describe("openForUpdate", () => {
  it("writes only new and changed objects, numbered after the file's /Size", async () => {
    const original = await sample(true);
    const before = await PDFDocument.load(original);
    const largest = Math.max(...before.context.enumerateIndirectObjects().map(([r]) => r.objectNumber));
    const update = await openForUpdate(original, loadPdf);
    update.doc.getPage(1).drawText("x", { x: 10, y: 10, size: 10 });
    const saved = await update.save();
    const written = updatedObjects(original, saved);
    const page2 = update.doc.getPage(1).ref;
    const page1 = update.doc.getPage(0).ref;
    expect(written).toContain(`${page2.objectNumber} 0`);
    expect(written).not.toContain(`${page1.objectNumber} 0`);
    // The object and xref streams pdf-lib unpacked are not in its view of the file; new objects
    // must not reuse their numbers.
    const size = Number(/\/Size (\d+)/.exec(latin1(original).slice(-600))![1]);
    const fresh = written.map((w) => Number(w.split(" ")[0])).filter((n) => n > largest);
    expect(Math.min(...fresh)).toBeGreaterThanOrEqual(size);
    expect(popplerErrors(saved)).toBe("");
    qpdfCheck(saved);
  });

  it("gives the same bytes for the same input", async () => {
    const original = await sample(false);
    const a = await stampDocument(original, { stamps: STAMPS });
    const b = await stampDocument(original, { stamps: STAMPS });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it("saves the whole file when the last cross-reference section cannot be found", async () => {
    const original = await sample(false);
    const text = latin1(original);
    const at = text.lastIndexOf("startxref");
    const broken = Uint8Array.from(
      Buffer.from(`${text.slice(0, at)}startxref\n999999999\n%%EOF\n`, "latin1"),
    );
    const stamped = await stampDocument(broken, { stamps: STAMPS });
    expect(latin1(stamped)).not.toContain("999999999"); // written anew, not appended to
    expect((await findTags(stamped)).map((t) => t.text)).toEqual(STAMPS.map((s) => s.text));
    expect(popplerErrors(stamped)).toBe("");
  });

  it("returns the bytes themselves when there is nothing to stamp", async () => {
    const original = await sample(false);
    expect(await stampDocument(original, { stamps: [] })).toBe(original);
  });
});
