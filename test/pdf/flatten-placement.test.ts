// Issue 26 point 2, looked at on the page: a realistic signature block (labels on the left, tags of
// the three formats after them, lines 16 pt apart) is completed as completion does it (tag text
// scrubbed, tags covered, values drawn: scrub-text.ts then flatten.ts), and the page is rendered
// by poppler before and after. Every pixel that changed lies in a field's box or a removed tag's
// box, every filled field has ink in its box, and text values stand on their tag's baseline at the
// size of the text around the tag (pdftotext -bbox).
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { NODE_FLATE } from "../../src/service/completion/final-document";
import {
  type FlattenField,
  type FlattenFieldType,
  flattenInto,
  type PageBox,
} from "../../src/service/pdf/flatten";
import { scrubTextIn } from "../../src/service/pdf/scrub-text";
import { FIELD_SIZES } from "../../src/tags/field-sizes";
import { signaturePng } from "./images";
import { changedPixels, darkestIn, type GreyImage, inBox, renderGrey, type Word, wordsOf } from "./poppler";

const TEXT_SIZE = 10;
const LINE = 16;
const LABEL_X = 72;
const TAG_X = 160;

interface Row {
  label: string;
  tag: string;
  type: FlattenFieldType;
  value: string | Uint8Array;
  /** Signatures grow upward into free space; this row has that much of it above. */
  gapAbove?: number;
}

// Tags of the three formats (Platform, DocuSign, Adobe Sign); each is one word for pdftotext.
const ROWS: Row[] = [
  {
    label: "Signature:",
    tag: "{{sig:1:req}}",
    type: "Signature",
    value: signaturePng(400, 120),
    gapAbove: 40,
  },
  { label: "Name:", tag: "\\n1\\", type: "Name", value: "Ada Lovelace" },
  { label: "Title:", tag: "{{Ttl_es_:signer1:title}}", type: "Title", value: "Chief Analytical Officer" },
  {
    label: "Company:",
    tag: "{{company:1}}",
    type: "Company",
    value: "Contoso Pharmaceuticals International Holdings Ltd",
  },
  { label: "Email:", tag: "{{Em_es_:signer1:email}}", type: "Email", value: "ada@contoso.com" },
  { label: "Date:", tag: "\\d1\\", type: "DateSigned", value: "2026-11-25" },
  { label: "Start:", tag: "{{date:1}}", type: "Date", value: "2027-01-01" },
  { label: "Seats:", tag: "{{num:1}}", type: "Number", value: "42" },
  { label: "Notes:", tag: "{{Txt_es_:signer1}}", type: "Text", value: "Renewal subject to board approval" },
  { label: "Agreed:", tag: "{{check:1}}", type: "Checkbox", value: "true" },
  { label: "Plan:", tag: "{{radio:1:plan:gold}}", type: "RadioGroup", value: "Gold" },
  { label: "Region:", tag: "\\dd1\\", type: "Dropdown", value: "Europe" },
  { label: "Annex:", tag: "{{file:1}}", type: "Attachment", value: "annex-a.pdf" },
  { label: "Initials:", tag: "{{Int_es_:signer1:initials}}", type: "Initials", value: "AL", gapAbove: 40 },
  { label: "Witness:", tag: "{{sig:2:req}}", type: "Signature", value: "Grace Hopper", gapAbove: 40 },
];

interface Placed extends Row {
  baseline: number;
}

/** The page: a heading, a paragraph, then the block; each row's baseline from the top. */
async function sourcePdf(): Promise<{ pdf: Uint8Array; rows: Placed[] }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const text = (s: string, x: number, top: number, size = TEXT_SIZE) =>
    page.drawText(s, { x, y: 792 - top, size, font, color: rgb(0, 0, 0) });
  text("Master Services Agreement", LABEL_X, 80, 16);
  text("The parties sign this agreement on the date written below.", LABEL_X, 110);
  const rows: Placed[] = [];
  let baseline = 130;
  for (const row of ROWS) {
    baseline += LINE + (row.gapAbove ?? 0);
    text(row.label, LABEL_X, baseline);
    text(row.tag, TAG_X, baseline);
    rows.push({ ...row, baseline });
  }
  return { pdf: await doc.save(), rows };
}

const boxOf = (w: Word): PageBox => ({
  page: 1,
  x: w.xMin,
  y: w.yMin,
  width: w.xMax - w.xMin,
  height: w.yMax - w.yMin,
});

/**
 * A field box as tag detection makes one (issue 26 point 1): from the tag's left, its bottom 1.5 pt
 * below the tag's text box, as wide as the type's usual width; a line tall, but signatures and
 * initials grow upward into the free space above, up to the type's usual height; a checkbox is a
 * square the tag's height.
 */
function fieldBox(tag: PageBox, row: Placed): PageBox {
  const bottom = tag.y + tag.height + 1.5;
  const usual = FIELD_SIZES[row.type];
  if (row.type === "Checkbox")
    return { page: 1, x: tag.x, y: bottom - tag.height, width: tag.height, height: tag.height };
  const height =
    row.type === "Signature" || row.type === "Initials"
      ? Math.min(usual.height, tag.height + (row.gapAbove ?? 0))
      : tag.height + 1.5;
  return { page: 1, x: tag.x, y: bottom - height, width: Math.max(tag.width, usual.width), height };
}

/** What completion does to a document (without the seal): tag text removed, tags covered, values drawn. */
async function complete(pdf: Uint8Array, hideTags: PageBox[], fields: FlattenField[]): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  await scrubTextIn(doc, hideTags, NODE_FLATE);
  await flattenInto(doc, { fields, hideTags });
  return doc.save();
}

describe("flattened values stay in their boxes (rendered by poppler)", () => {
  let source: { pdf: Uint8Array; rows: Placed[] };
  let tags: PageBox[];
  let fields: (FlattenField & { row: Placed; tag: PageBox })[];
  let before: GreyImage;
  let completed: Uint8Array;
  let after: GreyImage;
  let afterWords: Word[];

  beforeAll(async () => {
    source = await sourcePdf();
    const words = wordsOf(source.pdf)[0]!.words;
    tags = source.rows.map((row) => boxOf(words.find((w) => w.text === row.tag)!));
    fields = source.rows.map((row, i) => ({
      ...fieldBox(tags[i]!, row),
      type: row.type,
      value: row.value,
      textSize: TEXT_SIZE,
      baseline: row.baseline,
      row,
      tag: tags[i]!,
    }));
    before = renderGrey(source.pdf, 1);
    completed = await complete(
      source.pdf,
      tags,
      fields.map(({ row: _row, tag: _tag, ...f }) => f),
    );
    after = renderGrey(completed, 1);
    afterWords = wordsOf(completed)[0]!.words;
  });

  it("changes no pixel outside the fields' and the removed tags' boxes", () => {
    const changed = changedPixels(before, after);
    expect(changed.length).toBeGreaterThan(0);
    const boxes = [...tags, ...fields];
    const outside = changed.filter((p) => !boxes.some((b) => inBox(p, b)));
    expect(outside).toEqual([]);
  });

  it.each(ROWS.map((r) => [r.type, r.tag] as const))(
    "draws the %s value of %s in its box",
    (_type, tagText) => {
      const field = fields.find((f) => f.row.tag === tagText)!;
      // The tag is gone: nothing of it shows outside the field.
      expect(afterWords.map((w) => w.text)).not.toContain(tagText);
      expect(darkestIn(after, field, 0)).toBeLessThan(128);
    },
  );

  it("draws text values on their tag's baseline at the size of the text around it", () => {
    const words = afterWords;
    // Poppler's box of a Helvetica word of size s on baseline b: from b - a·s to b + d·s. The labels
    // (size 10, known baselines) give a and d.
    const label = words.find((w) => w.text === "Name:")!;
    const nameRow = source.rows.find((r) => r.label === "Name:")!;
    const a = (nameRow.baseline - label.yMin) / TEXT_SIZE;
    const d = (label.yMax - nameRow.baseline) / TEXT_SIZE;
    const texts = fields.filter(
      (f) => typeof f.value === "string" && !["Signature", "Initials", "Checkbox"].includes(f.type),
    );
    expect(texts.length).toBeGreaterThanOrEqual(10);
    for (const f of texts) {
      const first = String(f.value).split(" ")[0]!;
      const word = words.find((w) => w.text === first && inBox({ x: w.xMin, y: w.yMin }, f, 2));
      expect(word).toBeDefined();
      const size = (word!.yMax - word!.yMin) / (a + d);
      const baseline = word!.yMax - d * size;
      expect(size).toBeLessThanOrEqual(1.4 * f.tag.height);
      expect(size).toBeLessThanOrEqual(TEXT_SIZE + 0.01);
      if (f.row.type === "Company") {
        // Too long for its box at the document's size: smaller, and still inside the box.
        expect(size).toBeLessThan(TEXT_SIZE);
        expect(size).toBeGreaterThanOrEqual(6 - 0.01);
      } else {
        expect(size).toBeCloseTo(TEXT_SIZE, 0);
        expect(Math.abs(baseline - f.row.baseline)).toBeLessThanOrEqual(1.5);
      }
      // The whole value: every word of it drawn inside the box.
      const inside = words.filter(
        (w) => inBox({ x: w.xMin, y: w.yMin }, f, 0.5) && inBox({ x: w.xMax - 1, y: w.yMax - 1 }, f, 0.5),
      );
      expect(inside.map((w) => w.text).join(" ")).toBe(String(f.value));
    }
  });

  it("fits a drawn signature's ink to its box, keeping its proportions, on the box's bottom from its left", () => {
    const field = fields.find((f) => f.row.tag === "{{sig:1:req}}")!;
    // The pad's canvas (400×120) has ink from 10 % to 90 % across and 30 % to 70 % down (320×48):
    // scaled by the tighter of the box's width and height, so it fills one of them.
    const scale = Math.min(field.width / 320, field.height / 48);
    const ink = { ...field, y: field.y + field.height - 48 * scale, width: 320 * scale, height: 48 * scale };
    const strip = (b: PageBox, side: "left" | "right" | "top" | "bottom") =>
      side === "left"
        ? { ...b, width: 3 }
        : side === "right"
          ? { ...b, x: b.x + b.width - 3, width: 3 }
          : side === "top"
            ? { ...b, height: 3 }
            : { ...b, y: b.y + b.height - 3, height: 3 };
    // Ink reaches each side of its fitted rectangle, which stands on the box's bottom-left corner.
    for (const side of ["left", "right", "top", "bottom"] as const)
      expect(darkestIn(after, strip(ink, side), 0)).toBeLessThan(160);
    // Nothing beyond it in the box: right of it, and above it.
    if (ink.width < field.width - 2)
      expect(
        darkestIn(after, { ...field, x: ink.x + ink.width + 1, width: field.width - ink.width - 1 }, 0),
      ).toBe(255);
    if (ink.height < field.height - 2)
      expect(darkestIn(after, { ...field, height: field.height - ink.height - 1 }, 0)).toBe(255);
  });

  it("ticks a checkbox as wide as a long tag at the box's left, beside its label", async () => {
    // An Adobe Sign checkbox tag is ~140 pt wide; its field is as wide, a line high.
    const wide = { page: 1, x: 300, y: 600, width: 140, height: 11 };
    const img = renderGrey(await complete(source.pdf, [], [{ ...wide, type: "Checkbox", value: "true" }]), 1);
    expect(darkestIn(img, { ...wide, width: wide.height }, 0)).toBeLessThan(128);
    expect(
      darkestIn(img, { ...wide, x: wide.x + wide.height + 1, width: wide.width - wide.height - 1 }, 0),
    ).toBe(255);
  });

  it("shrinks and wraps text to its box when the tag gives no size (manual fields)", async () => {
    const box = { page: 1, x: 300, y: 600, width: 90, height: 30 };
    const name = { page: 1, x: 300, y: 650, width: 200, height: 18 };
    // Too long for its box even at the smallest size, wrapped: what does not fit is cut at the box.
    const tiny = { page: 1, x: 300, y: 700, width: 30, height: 9 };
    const pdf = await complete(
      source.pdf,
      [],
      [
        { ...box, type: "Text", value: "A rather long remark that cannot fit on one line of this box" },
        { ...name, type: "Name", value: "Ada" },
        { ...tiny, type: "Number", value: "1234567890123456789012345678901234567890" },
      ],
    );
    const img = renderGrey(pdf, 1);
    expect(darkestIn(img, tiny, 0)).toBeLessThan(128);
    const changed = changedPixels(before, img);
    expect(changed.filter((p) => !inBox(p, box) && !inBox(p, name) && !inBox(p, tiny))).toEqual([]);
    const words = wordsOf(pdf)[0]!.words;
    const ada = words.find((w) => w.text === "Ada")!;
    // min(11, 0.7 × 18) = 11 pt; Helvetica's box in poppler is about 1.2 × the size.
    expect(ada.yMax - ada.yMin).toBeLessThanOrEqual(11 * 1.25);
    expect(ada.yMax).toBeLessThanOrEqual(650 + 18 + 0.5);
    const remark = words.filter((w) => inBox({ x: w.xMin, y: w.yMin }, box, 0.5));
    expect(remark.map((w) => w.text).join(" ")).toMatch(/^A rather long remark/);
    expect(new Set(remark.map((w) => Math.round(w.yMax))).size).toBeGreaterThan(1); // wrapped
  });
});
