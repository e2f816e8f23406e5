// Tag text removal (src/service/pdf/scrub-text.ts), read back by an independent tool (pdftotext -bbox): the
// glyphs inside a box are gone, every other word stays exactly where it was, on horizontal lines (the
// fast path that skips lines no box spans) and on rotated text (glyph by glyph).
import { degrees, PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { scrubText, scrubTextIn } from "../../src/service/pdf/scrub-text";
import { NODE_FLATE } from "../../src/service/completion/final-document";
import { wordsOf } from "./poppler";

const TAG = "{{Sig_es_:signer1:signature}}";

/** Three pages: a tag mid-line among other lines; a rotated line with a tag; a page without any. */
async function source(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const times = await doc.embedFont(StandardFonts.TimesRoman);
  const first = doc.addPage([612, 792]);
  for (let line = 0; line < 10; line++)
    first.drawText(`line ${line} of the agreement stays`, {
      x: 72,
      y: 700 - line * 20,
      size: 11,
      font: times,
    });
  first.drawText(`Signed by ${TAG} on behalf of Contoso`, { x: 72, y: 400, size: 12, font: helvetica });
  const second = doc.addPage([612, 792]);
  second.drawText(`Initials ${TAG} here`, { x: 300, y: 200, size: 12, font: helvetica, rotate: degrees(90) });
  doc.addPage([612, 792]).drawText("nothing to remove", { x: 72, y: 700, size: 11, font: times });
  return doc.save();
}

type Word = ReturnType<typeof wordsOf>[number]["words"][number];
const key = (w: Word) =>
  `${w.text}@${w.xMin.toFixed(2)},${w.yMin.toFixed(2)},${w.xMax.toFixed(2)},${w.yMax.toFixed(2)}`;

describe("scrubText", () => {
  let original: Uint8Array;
  let before: ReturnType<typeof wordsOf>;
  beforeAll(async () => {
    original = await source();
    before = wordsOf(original);
  });

  /** The box of the word `text` on a page (points from the top-left), as pdftotext sees it. */
  const boxOf = (page: number, text: string) => {
    const w = before[page - 1]!.words.find((x) => x.text === text)!;
    return { page, x: w.xMin - 1, y: w.yMin - 1, width: w.xMax - w.xMin + 2, height: w.yMax - w.yMin + 2 };
  };

  it("removes the glyphs inside the boxes and leaves every other word where it was", async () => {
    for (const codec of [undefined, NODE_FLATE]) {
      const doc = await PDFDocument.load(original);
      const contents = doc.getPages().map((p) => p.node.get(PDFName.of("Contents")));
      const changed = await scrubTextIn(doc, [boxOf(1, TAG), boxOf(2, TAG)], codec);
      expect(changed).toBe(2);
      // Only the pages that lost a glyph got a new content stream.
      expect(doc.getPages()[2]!.node.get(PDFName.of("Contents"))).toBe(contents[2]);
      const after = wordsOf(await doc.save());
      for (let p = 0; p < 3; p++) {
        const expected = before[p]!.words.filter((w) => w.text !== TAG).map(key);
        expect(after[p]!.words.map(key)).toEqual(expected);
      }
      expect(after.flatMap((p) => p.words).some((w) => w.text.includes("Sig_es_"))).toBe(false);
    }
  });

  it("answers the very bytes when no glyph lies in the boxes", async () => {
    const empty = { page: 1, x: 400, y: 20, width: 100, height: 20 };
    expect(await scrubText(original, [empty])).toBe(original);
    expect(await scrubText(original, [])).toBe(original);
  });
});
