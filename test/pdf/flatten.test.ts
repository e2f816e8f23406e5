import { degrees, PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { deflateSync } from "node:zlib";
import { FlattenError, type FlattenField, flattenPdf, type PageBox } from "../../src/service/pdf/flatten";
import { darkestIn, renderGrey, type Word, wordsOf } from "./poppler";

const ROTATIONS = [0, 90, 180, 270] as const;

/** One page per rotation, each with a black tag drawn in user space (where a reader shows it is found by poppler). */
async function sourcePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const r of ROTATIONS) {
    const page = doc.addPage([612, 792]);
    page.setRotation(degrees(r));
    page.drawText("{{s1_es_:signer1:signature}}", { x: 200, y: 300, size: 12, font, color: rgb(0, 0, 0) });
    page.drawText("Body", { x: 72, y: 720, size: 12, font });
  }
  // A page whose MediaBox does not start at the origin.
  const odd = doc.addPage([612, 792]);
  odd.setMediaBox(100, 50, 612, 792);
  odd.drawText("{{t_es_:signer1}}", { x: 300, y: 400, size: 12, font });
  return doc.save();
}

function tagBox(words: Word[], page: number): PageBox {
  const w = words.find((x) => x.text.startsWith("{{"));
  if (!w) throw new Error(`no tag on page ${page}`);
  return { page, x: w.xMin, y: w.yMin, width: w.xMax - w.xMin, height: w.yMax - w.yMin };
}

function expectInside(word: Word | undefined, box: PageBox) {
  expect(word).toBeDefined();
  expect(word!.xMin).toBeGreaterThanOrEqual(box.x - 2);
  expect(word!.yMin).toBeGreaterThanOrEqual(box.y - 2);
  expect(word!.xMax).toBeLessThanOrEqual(box.x + box.width + 2);
  expect(word!.yMax).toBeLessThanOrEqual(box.y + box.height + 2);
  // Drawn from the box's left edge, not merely somewhere inside it.
  expect(word!.xMin - box.x).toBeLessThanOrEqual(4);
}

/** A small opaque black square as PNG (8-bit greyscale), built by hand so the test needs no encoder. */
function blackPng(size: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc(size * (size + 1)); // filter byte 0 + black pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("flattenPdf", () => {
  let source: Uint8Array;
  beforeAll(async () => {
    source = await sourcePdf();
  });

  it.each(ROTATIONS.map((r, i) => [r, i + 1] as const))(
    "draws text values where the fields are and hides the tag on a page rotated %i°",
    async (rotation, page) => {
      const before = wordsOf(source)[page - 1]!;
      // pdftotext reports the unrotated page size but word boxes in the visible frame.
      const [width, height] =
        rotation % 180 === 0 ? [before.width, before.height] : [before.height, before.width];
      const tag = tagBox(before.words, page);
      const fields: FlattenField[] = [
        { page, type: "Name", x: 50, y: 40, width: 200, height: 20, value: "Ada-Lovelace" },
        {
          page,
          type: "Email",
          x: width - 260,
          y: height - 80,
          width: 220,
          height: 18,
          value: "ada@contoso.com",
        },
        { page, type: "Signature", x: 300, y: 120, width: 150, height: 30, value: "Ada" },
      ];
      const out = await flattenPdf(source, { fields, hideTags: [tag] });
      const after = wordsOf(out)[page - 1]!;
      expect([after.width, after.height]).toEqual([before.width, before.height]);
      expectInside(
        after.words.find((w) => w.text === "Ada-Lovelace"),
        fields[0]!,
      );
      expectInside(
        after.words.find((w) => w.text === "ada@contoso.com"),
        fields[1]!,
      );
      expectInside(
        after.words.find((w) => w.text === "Ada"),
        fields[2]!,
      );

      // The tag was visible (black) before and is white now; text nearby is untouched.
      expect(darkestIn(renderGrey(source, page), tag)).toBeLessThan(100);
      expect(darkestIn(renderGrey(out, page), tag, 0)).toBe(255);
      expect(after.words.some((w) => w.text === "Body")).toBe(true);
    },
  );

  it("honours a MediaBox that does not start at the origin", async () => {
    const before = wordsOf(source)[4]!;
    const tag = tagBox(before.words, 5);
    const field: FlattenField = {
      page: 5,
      type: "Text",
      x: 20,
      y: 30,
      width: 120,
      height: 16,
      value: "offset",
    };
    const out = await flattenPdf(source, { fields: [field], hideTags: [tag] });
    const after = wordsOf(out)[4]!;
    expectInside(
      after.words.find((w) => w.text === "offset"),
      field,
    );
    expect(darkestIn(renderGrey(out, 5), tag, 0)).toBe(255);
  });

  it("shrinks a long value to fit its box width", async () => {
    const field: FlattenField = {
      page: 1,
      type: "Company",
      x: 100,
      y: 200,
      width: 80,
      height: 20,
      value: "Contoso Pharmaceuticals International",
    };
    const words = wordsOf(await flattenPdf(source, { fields: [field] }))[0]!.words;
    const first = words.find((w) => w.text === "Contoso")!;
    const last = words.find((w) => w.text === "International")!;
    expectInside({ ...first, xMax: last.xMax }, field);
  });

  it("draws a check mark for a checked checkbox and nothing for an unchecked one", async () => {
    const on: FlattenField = {
      page: 1,
      type: "Checkbox",
      x: 100,
      y: 500,
      width: 14,
      height: 14,
      value: "true",
    };
    const off: FlattenField = {
      page: 1,
      type: "Checkbox",
      x: 200,
      y: 500,
      width: 14,
      height: 14,
      value: "false",
    };
    const img = renderGrey(await flattenPdf(source, { fields: [on, off] }), 1);
    expect(darkestIn(img, on)).toBeLessThan(128);
    expect(darkestIn(img, off, 0)).toBe(255);
  });

  it("draws a drawn signature image inside its box", async () => {
    const field: FlattenField = {
      page: 2,
      type: "Signature",
      x: 100,
      y: 300,
      width: 60,
      height: 30,
      value: blackPng(10),
    };
    const img = renderGrey(await flattenPdf(source, { fields: [field] }), 2);
    // Square image in a 60×30 box: 30×30, from the box's left edge (x 100…130), on its bottom.
    expect(darkestIn(img, { x: 101, y: 301, width: 28, height: 28 }, 1)).toBeLessThan(50);
    expect(darkestIn(img, { x: 132, y: 300, width: 28, height: 30 }, 1)).toBe(255);
  });

  it("draws radio, dropdown, date, number and attachment values as text and skips empty values", async () => {
    const types = [
      "RadioGroup",
      "Dropdown",
      "Date",
      "Number",
      "Attachment",
      "DateSigned",
      "Title",
      "Initials",
    ] as const;
    const fields: FlattenField[] = types.map((type, i) => ({
      page: 1,
      type,
      x: 60,
      y: 60 + i * 30,
      width: 200,
      height: 20,
      value: `v${i}${type}`,
    }));
    fields.push({ page: 1, type: "Text", x: 300, y: 60, width: 100, height: 20, value: "" });
    fields.push({ page: 1, type: "Text", x: 300, y: 90, width: 100, height: 20, value: null });
    const words = wordsOf(await flattenPdf(source, { fields }))[0]!.words;
    types.forEach((type, i) =>
      expectInside(
        words.find((w) => w.text === `v${i}${type}`),
        fields[i]!,
      ),
    );
  });

  it("replaces characters the standard font cannot encode instead of failing", async () => {
    const field: FlattenField = {
      page: 1,
      type: "Name",
      x: 60,
      y: 60,
      width: 200,
      height: 20,
      value: "Zoë 李\nSmith",
    };
    const words = wordsOf(await flattenPdf(source, { fields: [field] }))[0]!.words.map((w) => w.text);
    expect(words).toEqual(expect.arrayContaining(["Zoë", "?", "Smith"]));
  });

  it("places values in what a reader sees of a page whose CropBox reaches past its MediaBox (the two clipped)", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.setCropBox(0, 0, 612, 900);
    page.drawText("{{t_es_:signer1}}", { x: 200, y: 700, size: 12, font });
    const cropped = await doc.save();
    const box = tagBox(wordsOf(cropped)[0]!.words, 1);
    const flat = await flattenPdf(cropped, { fields: [{ ...box, type: "Text", value: "Placed" }] });
    expectInside(
      wordsOf(flat)[0]!.words.find((w) => w.text === "Placed"),
      box,
    );
  });

  it("rejects fields off the document, without area, or images in text fields", async () => {
    const base = { type: "Text" as const, x: 1, y: 1, width: 10, height: 10, value: "x" };
    await expect(flattenPdf(source, { fields: [{ ...base, page: 6 }] })).rejects.toThrow(FlattenError);
    await expect(flattenPdf(source, { fields: [{ ...base, page: 0 }] })).rejects.toThrow(FlattenError);
    await expect(flattenPdf(source, { fields: [{ ...base, page: 1, width: 0 }] })).rejects.toThrow(
      FlattenError,
    );
    await expect(flattenPdf(source, { fields: [{ ...base, page: 1, x: Number.NaN }] })).rejects.toThrow(
      FlattenError,
    );
    await expect(flattenPdf(source, { fields: [{ ...base, page: 1, value: blackPng(2) }] })).rejects.toThrow(
      FlattenError,
    );
    await expect(
      flattenPdf(source, {
        fields: [{ ...base, page: 1, type: "Signature", value: new Uint8Array([1, 2, 3]) }],
      }),
    ).rejects.toThrow(FlattenError);
  });
});
