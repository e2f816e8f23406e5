import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { degrees } from "pdf-lib";
import { type DetectedTag, findTags, loadPdfJs } from "../../src/pdf/find-tags";
import { normaliseBox, pageGeometry, toTopLeft } from "../../src/pdf/geometry";
import { InvalidDocumentError } from "../../src/pdf/inspect";
import { type Box, drawUpright, expectNear, newDoc } from "./draw";

/** Word boxes from poppler's pdftotext -bbox, an independent reading of the same PDF. */
function pdftotextWords(bytes: Uint8Array): { page: number; text: string; box: Box }[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), "find-tags-"));
  try {
    const file = path.join(dir, "doc.pdf");
    writeFileSync(file, bytes);
    const html = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" });
    const words: { page: number; text: string; box: Box }[] = [];
    let page = 0;
    for (const line of html.split("\n")) {
      if (line.includes("<page ")) page++;
      const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(
        line,
      );
      if (m) {
        const [x0, y0, x1, y1] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
        const text = m[5]!
          .replace(/&amp;/g, "&")
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&quot;/g, '"');
        words.push({ page, text, box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } });
      }
    }
    return words;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("findTags", () => {
  it("finds tags of the three formats where they are drawn, with their meaning", async () => {
    const { doc, helvetica } = await newDoc();
    const page = doc.addPage([612, 792]);
    const platform = drawUpright(page, [{ text: "{{sig:1}}", font: helvetica }], { x: 72, baseline: 100 });
    const docuSign = drawUpright(page, [{ text: "\\i2\\", font: helvetica }], {
      x: 300,
      baseline: 200,
      size: 10,
    });
    const adobe = drawUpright(page, [{ text: "{{*Amount_es_:signer3:text:number}}", font: helvetica }], {
      x: 50,
      baseline: 700,
      size: 8,
    });
    const tags = await findTags(await doc.save());
    expect(tags).toHaveLength(3);
    expect(tags[0]).toMatchObject({
      text: "{{sig:1}}",
      format: "Platform",
      type: "Signature",
      signerIndex: 1,
      required: true,
      label: null,
      group: null,
      options: null,
      page: 1,
      error: null,
    });
    expectNear(tags[0]!, platform);
    expect(tags[1]).toMatchObject({ text: "\\i2\\", format: "DocuSign", type: "Initials", signerIndex: 2 });
    expectNear(tags[1]!, docuSign);
    expect(tags[2]).toMatchObject({
      format: "AdobeSign",
      type: "Number",
      signerIndex: 3,
      required: true,
      label: "Amount",
    });
    expectNear(tags[2]!, adobe);
  });

  it.each([0, 90, 180, 270])(
    "finds a tag split over two runs in two fonts on a page rotated %p°, where the reader sees it",
    async (rotation) => {
      const { doc, helvetica, times } = await newDoc();
      const page = doc.addPage([612, 792]);
      page.setRotation(degrees(rotation));
      const one = drawUpright(page, [{ text: "{{sig:1}}", font: helvetica }], { x: 80, baseline: 120 });
      const split = drawUpright(
        page,
        [
          { text: "{{text:2;", font: helvetica },
          { text: "label=Amount due}}", font: times },
        ],
        { x: 200, baseline: 300, size: 11 },
      );
      const tags = await findTags(await doc.save());
      expect(tags.map((t) => t.text)).toEqual(["{{sig:1}}", "{{text:2;label=Amount due}}"]);
      expect(tags[1]).toMatchObject({ type: "Text", signerIndex: 2, label: "Amount due", page: 1 });
      expectNear(tags[0]!, one);
      expectNear(tags[1]!, split);
    },
  );

  it("finds a tag inside a longer run, at its own place in that run", async () => {
    const { doc, helvetica } = await newDoc();
    const page = doc.addPage([612, 792]);
    const prefix = "Please sign here, with your usual signature: ";
    drawUpright(page, [{ text: `${prefix}{{sig:1}} and date {{datesigned:1}}.`, font: helvetica }], {
      x: 40,
      baseline: 400,
    });
    const tags = await findTags(await doc.save());
    const sigX = 40 + helvetica.widthOfTextAtSize(prefix, 12);
    const sigW = helvetica.widthOfTextAtSize("{{sig:1}}", 12);
    expect(tags.map((t) => t.type)).toEqual(["Signature", "DateSigned"]);
    expectNear(tags[0]!, { x: sigX, y: 400 - 0.718 * 12, width: sigW, height: 0.925 * 12 });
    const dateX = 40 + helvetica.widthOfTextAtSize(`${prefix}{{sig:1}} and date `, 12);
    expect(Math.abs(tags[1]!.x - dateX)).toBeLessThanOrEqual(2);
  });

  it("measures from the CropBox, not the MediaBox", async () => {
    const { doc, helvetica } = await newDoc();
    const page = doc.addPage([612, 792]);
    page.setCropBox(100, 50, 400, 600);
    page.setRotation(degrees(90));
    const drawn = drawUpright(page, [{ text: "{{initial:1}}", font: helvetica }], { x: 30, baseline: 40 });
    const [tag] = await findTags(await doc.save());
    expectNear(tag!, drawn);
  });

  it("reports a tag that does not parse with its error, its meaning null, and its place", async () => {
    const { doc, helvetica } = await newDoc();
    const page = doc.addPage([612, 792]);
    const drawn = drawUpright(page, [{ text: "{{sig:1;colour=red}}", font: helvetica }], {
      x: 72,
      baseline: 72,
    });
    const [tag] = await findTags(await doc.save());
    expect(tag).toMatchObject({
      text: "{{sig:1;colour=red}}",
      format: "Platform",
      type: null,
      signerIndex: null,
      required: null,
      label: null,
      group: null,
      options: null,
      page: 1,
    });
    expect(tag!.error).toMatch(/colour/);
    expectNear(tag!, drawn);
  });

  it("numbers pages, keeps words apart, and ignores placeholders that are no tags", async () => {
    const { doc, helvetica } = await newDoc();
    drawUpright(doc.addPage(), [{ text: "Dear {{name}}, nothing to sign here.", font: helvetica }], {
      x: 72,
      baseline: 72,
    });
    const p2 = doc.addPage();
    drawUpright(p2, [{ text: "{{sig:1}}", font: helvetica }], { x: 72, baseline: 72 });
    // Same line, a real gap: two tags, not one string "{{sig:2}}{{name:2}}" (which would scan too,
    // so the gap is checked through the text's positions instead).
    drawUpright(p2, [{ text: "{{sig:2}}", font: helvetica }], { x: 200, baseline: 72 });
    // A line below: its own tag.
    drawUpright(p2, [{ text: "{{name:2}}", font: helvetica }], { x: 72, baseline: 90 });
    const tags = await findTags(await doc.save());
    expect(tags.map((t) => [t.page, t.text])).toEqual([
      [2, "{{sig:1}}"],
      [2, "{{sig:2}}"],
      [2, "{{name:2}}"],
    ]);
    expect(tags[1]!.x).toBeCloseTo(200, 0);
    expect(tags[2]!.y).toBeGreaterThan(tags[0]!.y + 10);
  });

  it("agrees with pdftotext -bbox within 2 points", async () => {
    const { doc, helvetica, times, courier } = await newDoc();
    const page = doc.addPage([612, 792]);
    drawUpright(page, [{ text: "{{sig:1}}", font: helvetica }], { x: 72, baseline: 100, size: 14 });
    drawUpright(page, [{ text: "\\d1\\", font: times }], { x: 300, baseline: 150, size: 10 });
    drawUpright(page, [{ text: "{{Sig_es_:signer2:signature}}", font: courier }], {
      x: 60,
      baseline: 500,
      size: 9,
    });
    const turned = doc.addPage([612, 792]);
    turned.setRotation(degrees(180));
    drawUpright(turned, [{ text: "{{check:1;group=Terms}}", font: helvetica }], { x: 150, baseline: 250 });
    const bytes = await doc.save();
    const tags = await findTags(bytes);
    const words = pdftotextWords(bytes);
    expect(tags).toHaveLength(4);
    for (const tag of tags) {
      const word = words.find((w) => w.page === tag.page && w.text === tag.text);
      expect(word).toBeDefined();
      expectNear(tag, word!.box);
    }
  });

  it.each([
    ["mutual-nda.pdf", 8],
    ["master-services-agreement.pdf", 8],
  ])(
    "reads the repository's sample %s (made by another tool) as pdftotext places it",
    async (file, count) => {
      const bytes = new Uint8Array(readFileSync(path.join(__dirname, "../fixtures", file)));
      const tags = await findTags(bytes);
      expect(tags).toHaveLength(count);
      expect(tags.every((t) => t.error === null)).toBe(true);
      const words = pdftotextWords(bytes);
      let compared = 0;
      for (const tag of tags) {
        const word = words.find((w) => w.page === tag.page && w.text === tag.text);
        if (!word) continue; // pdftotext joined it with neighbouring text
        expectNear(tag, word.box);
        compared++;
      }
      expect(compared).toBeGreaterThanOrEqual(2);
      // Each tag's field covers none of the page's other words, as pdftotext reads them.
      const tagTexts = new Set(tags.map((t) => t.text));
      for (const tag of tags) {
        for (const word of words.filter((w) => w.page === tag.page && !tagTexts.has(w.text))) {
          expect({ tag: tag.text, word: word.text, overlaps: overlaps(tag.field, word.box) }).toEqual({
            tag: tag.text,
            word: word.text,
            overlaps: false,
          });
        }
      }
    },
  );

  it("gives each tag the field of its place, the size of the text beside it and its baseline", async () => {
    const { doc, helvetica } = await newDoc();
    const page = doc.addPage([612, 792]);
    // A signature block: the label and the tag in one run, lines 16 pt apart.
    const heading = drawUpright(page, [{ text: "For Fabrikam, Inc.", font: helvetica }], {
      x: 72,
      baseline: 150,
      size: 11,
    });
    drawUpright(page, [{ text: "Signature: {{sig:1}}", font: helvetica }], {
      x: 72,
      baseline: 200,
      size: 11,
    });
    const name = drawUpright(page, [{ text: "Name: ", font: helvetica }], { x: 72, baseline: 216, size: 11 });
    // The name tag in small type after a 10 pt label: the label's size, at most 1.4 × the tag's height.
    drawUpright(page, [{ text: "\\n1\\", font: helvetica }], {
      x: name.x + name.width,
      baseline: 216,
      size: 5,
    });
    const title = drawUpright(page, [{ text: "Title: {{Ttl_es_:signer1:title}}", font: helvetica }], {
      x: 72,
      baseline: 232,
      size: 11,
    });
    const tags = await findTags(await doc.save());
    expect(tags.map((t) => t.type)).toEqual(["Signature", "Name", "Title"]);
    const [sig, nameTag, titleTag] = tags as [DetectedTag, DetectedTag, DetectedTag];
    // The signature stands on its line, grown up into the space under the heading, 150 × 40.
    expect(sig.field.x).toBe(sig.x);
    expect(sig.field.y + sig.field.height).toBeCloseTo(sig.y + sig.height, 1);
    expect(sig.field).toMatchObject({ width: 150, height: 40 });
    expect(overlaps(sig.field, heading)).toBe(false);
    expect(overlaps(sig.field, name)).toBe(false);
    expect(sig.baseline).toBeCloseTo(200, 1);
    expect(sig.textSize).toBe(11);
    expect(nameTag.baseline).toBeCloseTo(216, 1);
    expect(nameTag.textSize).toBeCloseTo(1.4 * nameTag.height, 1);
    expect(nameTag.field).toMatchObject({ x: nameTag.x, width: 150 });
    expect(titleTag.field.y + titleTag.field.height).toBeCloseTo(titleTag.y + titleTag.height, 1);
    expect(overlaps(titleTag.field, title)).toBe(true); // its own line: the tag's text
    expect(titleTag.textSize).toBe(11);
  });

  it("uses the same page frame as pdf.js's own viewport (geometry cross-check)", async () => {
    const { doc } = await newDoc();
    for (const rotation of [0, 90, 180, 270]) {
      const page = doc.addPage([500, 700]);
      page.setCropBox(20, 30, 400, 600);
      page.setRotation(degrees(rotation));
    }
    const pdfjs = await loadPdfJs();
    const loaded = await pdfjs.getDocument({ data: await doc.save(), verbosity: 0 }).promise;
    try {
      for (let n = 1; n <= 4; n++) {
        const page = await loaded.getPage(n);
        const viewport = page.getViewport({ scale: 1 });
        const [a = 0, b = 0, c = 0, d = 0] = page.view;
        const g = pageGeometry(normaliseBox(a, b, c, d), page.rotate);
        expect([g.width, g.height]).toEqual([viewport.width, viewport.height]);
        for (const [ux, uy] of [
          [20, 30],
          [123, 456],
          [420, 630],
        ] as const) {
          const [vx, vy] = viewport.convertToViewportPoint(ux, uy) as [number, number];
          const p = toTopLeft(g, ux, uy);
          expect(p.x).toBeCloseTo(vx, 6);
          expect(p.y).toBeCloseTo(vy, 6);
        }
      }
    } finally {
      await loaded.destroy();
    }
  });

  it("refuses bytes pdf.js cannot open with invalid_document", async () => {
    const error = await findTags(new TextEncoder().encode("%PDF-1.7\nnot really")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidDocumentError);
    expect(error).toMatchObject({ code: "invalid_document", reason: "broken" });
  });

  it("leaves the caller's bytes usable (pdf.js detaches the buffer it is given)", async () => {
    const { doc, helvetica } = await newDoc();
    drawUpright(doc.addPage(), [{ text: "{{sig:1}}", font: helvetica }], { x: 72, baseline: 72 });
    const bytes = await doc.save();
    await findTags(bytes);
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect(await findTags(bytes)).toHaveLength(1);
  });
});
