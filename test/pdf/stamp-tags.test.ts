import { PDFArray, PDFDocument, type PDFRawStream, decodePDFRawStream, degrees } from "pdf-lib";
import { findTags } from "../../src/pdf/find-tags";
import { InvalidDocumentError, inspectPdf } from "../../src/pdf/inspect";
import { StampError, appendSignatureBlockPage, stampTags, type TagStamp } from "../../src/pdf/stamp-tags";
import { drawUpright, expectNear, newDoc } from "./draw";

/** A document with one page per rotation, some text on each, and a cropped page. */
async function sampleDocument(): Promise<Uint8Array> {
  const { doc, helvetica } = await newDoc();
  for (const rotation of [0, 90, 180, 270]) {
    const page = doc.addPage([612, 792]);
    page.setRotation(degrees(rotation));
    drawUpright(page, [{ text: `Page turned ${rotation} degrees. Please sign below.`, font: helvetica }], {
      x: 72,
      baseline: 72,
    });
  }
  const cropped = doc.addPage([612, 792]);
  cropped.setCropBox(50, 60, 400, 500);
  return doc.save();
}

/** The fill colour set in the text object that shows each tag (a "{{" string), on page 1. */
async function fillColoursOfTags(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(0).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  const text = streams
    .map((ref) => doc.context.lookup(ref))
    .map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString("latin1"))
    .join("\n");
  const colours: string[] = [];
  for (const block of text.split("BT").slice(1)) {
    // pdf-lib writes the tag's text as a hex string: "{{" is <7B7B.
    if (!block.includes("<7B7B")) continue;
    const m = /(\d+(?:\.\d+)? \d+(?:\.\d+)? \d+(?:\.\d+)? rg)/.exec(block);
    colours.push(m ? m[1]! : "none");
  }
  return colours;
}

const STAMPS: TagStamp[] = [
  { page: 1, x: 100, y: 200, width: 150, height: 30, text: "{{sig:1}}" },
  { page: 1, x: 300, y: 600, width: 80, height: 12, text: "{{datesigned:1}}" },
  { page: 2, x: 400, y: 100, width: 120, height: 20, text: "{{initial:2:opt}}" },
  { page: 3, x: 50, y: 700, width: 200, height: 16, text: "{{text:1;label=Amount due}}" },
  { page: 4, x: 600, y: 500, width: 100, height: 24, text: "\\s3\\" },
  { page: 5, x: 10, y: 10, width: 90, height: 14, text: "{{Sig_es_:signer2:signature}}" },
];

describe("stampTags", () => {
  it("round trip: find-tags finds each stamped tag within 2 points of its box, on every rotation", async () => {
    const stamped = await stampTags(await sampleDocument(), STAMPS);
    const found = await findTags(stamped);
    expect(found.map((t) => t.text)).toEqual(STAMPS.map((s) => s.text));
    found.forEach((tag, i) => {
      expect(tag.page).toBe(STAMPS[i]!.page);
      expect(tag.error).toBeNull();
      expectNear(tag, STAMPS[i]!);
    });
  });

  it("keeps the page count and sizes", async () => {
    const original = await sampleDocument();
    expect(await inspectPdf(await stampTags(original, STAMPS, { visible: true }))).toEqual(
      await inspectPdf(original),
    );
  });

  it("writes white text by default and black text when visible", async () => {
    const doc = await sampleDocument();
    const stamp = [STAMPS[0]!];
    expect(await fillColoursOfTags(await stampTags(doc, stamp))).toEqual(["1 1 1 rg"]);
    expect(await fillColoursOfTags(await stampTags(doc, stamp, { visible: true }))).toEqual(["0 0 0 rg"]);
  });

  it("stamps over content that leaves the graphics state changed", async () => {
    const { doc, helvetica } = await newDoc();
    const page = doc.addPage([612, 792]);
    drawUpright(page, [{ text: "Body text", font: helvetica }], { x: 72, baseline: 72 });
    // An unbalanced `cm` as the last thing in the page's content: everything after it is moved.
    const { concatTransformationMatrix } = await import("pdf-lib");
    page.pushOperators(concatTransformationMatrix(1, 0, 0, 1, 100, -50));
    const stamp = { page: 1, x: 200, y: 300, width: 100, height: 20, text: "{{sig:1}}" };
    const [tag] = await findTags(await stampTags(await doc.save(), [stamp]));
    expectNear(tag!, stamp);
  });

  it("refuses stamps off the document, with an empty box, on two lines, or in characters it cannot write", async () => {
    const doc = await sampleDocument();
    const base = { page: 1, x: 10, y: 10, width: 50, height: 10, text: "{{sig:1}}" };
    for (const bad of [
      { ...base, page: 6 },
      { ...base, page: 0 },
      { ...base, width: 0 },
      { ...base, height: Number.NaN },
      { ...base, x: 600 },
      { ...base, text: "{{sig:1}}\n{{sig:2}}" },
      { ...base, text: "{{text:1;label=Сумма}}" },
    ]) {
      const error = await stampTags(doc, [base, bad]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StampError);
      expect(error).toMatchObject({ index: 1 });
    }
  });

  it("refuses bytes that are no readable PDF", async () => {
    await expect(stampTags(new TextEncoder().encode("nope"), [])).rejects.toBeInstanceOf(
      InvalidDocumentError,
    );
  });
});

describe("appendSignatureBlockPage", () => {
  it("adds a page with a signature, name and date tag per signer that find-tags reads back", async () => {
    const original = await sampleDocument();
    const signers = [
      { name: "Ada Lovelace", email: "ada@example.com" },
      { name: "Charles Babbage" },
      { name: "Mary Somerville" },
    ];
    const bytes = await appendSignatureBlockPage(original, signers);
    const info = await inspectPdf(bytes);
    expect(info.pageCount).toBe(6);
    expect(info.pages[5]).toEqual({ width: 612, height: 792 });
    const tags = (await findTags(bytes)).filter((t) => t.page === 6);
    expect(tags.map((t) => [t.type, t.signerIndex])).toEqual([
      ["Signature", 1],
      ["Name", 1],
      ["DateSigned", 1],
      ["Signature", 2],
      ["Name", 2],
      ["DateSigned", 2],
      ["Signature", 3],
      ["Name", 3],
      ["DateSigned", 3],
    ]);
    for (const tag of tags) {
      expect(tag.error).toBeNull();
      expect(tag.x + tag.width).toBeLessThanOrEqual(612 - 54 + 0.5);
    }
    // Rows do not overlap.
    const sigs = tags.filter((t) => t.type === "Signature");
    expect(sigs[1]!.y).toBeGreaterThan(sigs[0]!.y + sigs[0]!.height);
  });

  it("continues on further pages when the signers do not fit on one", async () => {
    const signers = Array.from({ length: 12 }, (_, i) => ({ name: `Signer ${i + 1}` }));
    const bytes = await appendSignatureBlockPage(await sampleDocument(), signers);
    const info = await inspectPdf(bytes);
    expect(info.pageCount).toBeGreaterThan(6);
    const tags = await findTags(bytes);
    const sigIndexes = tags.filter((t) => t.type === "Signature").map((t) => t.signerIndex);
    expect(sigIndexes).toEqual(signers.map((_, i) => i + 1));
  });

  it("names the signer indexes it is given, in the format asked for (the Send view's accepted warning)", async () => {
    const bytes = await appendSignatureBlockPage(
      await sampleDocument(),
      [
        { name: "Second Signer", signerIndex: 2 },
        { name: "Fifth Signer", signerIndex: 5 },
      ],
      { format: "DocuSign" },
    );
    const tags = (await findTags(bytes)).filter((t) => t.page === 6);
    expect(tags.map((t) => [t.format, t.type, t.signerIndex])).toEqual([
      ["DocuSign", "Signature", 2],
      ["DocuSign", "Name", 2],
      ["DocuSign", "DateSigned", 2],
      ["DocuSign", "Signature", 5],
      ["DocuSign", "Name", 5],
      ["DocuSign", "DateSigned", 5],
    ]);
  });
});
