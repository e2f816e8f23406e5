// What pdf.js cannot be asked, found by the pass over a file's objects before it reads them
// (src/service/pdf/object-survey.ts), through readPdfFile as the service reads uploads: written
// the ways a hostile file may hide it, and what must still be taken.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { readPdfFile } from "../../src/service/pdf/pdf-file";

jest.setTimeout(60_000);

let dir: string;
let n = 0;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "sfo-survey-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Body = string | { dict: string; data: Uint8Array };

/**
 * A PDF of one page (object 3) with `extra` objects from number 5 on; `page` adds to the page's
 * dictionary and `pages` to the page tree's (inherited resources).
 */
function pdf({ page = "", pages = "", catalog = "", extra = [] as Body[] } = {}): string {
  const objects: Body[] = [
    `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`,
    `<< /Type /Pages /Kids [3 0 R] /Count 1 ${pages} >>`,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ${page} >>`,
    { dict: "", data: Buffer.from("BT /F1 12 Tf 72 720 Td ({{sig:1}}) Tj ET", "latin1") },
    ...extra,
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n", "latin1")];
  let at = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(at);
    const bytes =
      typeof body === "string"
        ? Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, "latin1")
        : Buffer.concat([
            Buffer.from(`${i + 1} 0 obj\n<< ${body.dict} /Length ${body.data.length} >>\nstream\n`, "latin1"),
            body.data,
            Buffer.from("\nendstream\nendobj\n", "latin1"),
          ]);
    parts.push(bytes);
    at += bytes.length;
  });
  let table = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) table += `${String(o).padStart(10, "0")} 00000 n \n`;
  parts.push(
    Buffer.from(
      `${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`,
      "latin1",
    ),
  );
  const file = path.join(dir, `f${n++}.pdf`);
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

const refusal = (file: string) =>
  readPdfFile(file).then(
    () => null,
    (e: { reason?: string; message: string }) => e,
  );

const image = (w: number, h: number) =>
  `<< /Type /XObject /Subtype /Image /Width ${w} /Height ${h} /BitsPerComponent 8 /ColorSpace /DeviceGray /Length 0 >>\nstream\n\nendstream`;

describe("object survey", () => {
  it("takes a plain page and finds its tag", async () => {
    const reading = await readPdfFile(pdf());
    expect(reading.tags.map((t) => t.text)).toEqual(["{{sig:1}}"]);
  });

  it.each([
    ["a name written with #xx escapes", "javascript", "<< /S /Java#53cript /JS (app.alert(1)) >>"],
    ["a key written with #xx escapes", "javascript", "<< /Names << /Java#53cript 6 0 R >> >>"],
    [
      "a javascript: URI as a hex string",
      "javascript",
      "<< /S /URI /URI <206A617661736372697074 3A616C6572742831293E> >>",
    ],
    [
      "a javascript: URI with an octal escape",
      "javascript",
      "<< /S /URI /URI (\\152avascript:alert\\(1\\)) >>",
    ],
    [
      "a launch action nested in an annotation",
      "launch",
      "<< /Type /Annot /Subtype /Link /A << /S /Launch /F (calc.exe) >> >>",
    ],
    ["an embedded file stream's type", "embeddedFiles", "<< /Type /EmbeddedFile >>"],
  ])("refuses %s (%s)", async (_label, kind, object) => {
    const error = await refusal(pdf({ extra: [object, "<< >>"] }));
    expect(error).toMatchObject({ reason: "active_content" });
    const named = { javascript: "JavaScript", launch: "launch actions", embeddedFiles: "embedded files" }[
      kind
    ]!;
    expect(error!.message).toContain(named);
  });

  it("takes an ordinary link and an https URI", async () => {
    const file = pdf({
      page: "/Annots [5 0 R]",
      extra: [
        "<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://contoso.com) >> >>",
      ],
    });
    expect((await readPdfFile(file)).pageCount).toBe(1);
  });

  it("refuses an image past the pixel limit that the page paints through inherited resources, naming the page", async () => {
    const file = pdf({ pages: "/Resources << /XObject << /Im1 5 0 R >> >>", extra: [image(8000, 5001)] });
    const error = await refusal(file);
    expect(error).toMatchObject({ reason: "too_complex" });
    expect(error!.message).toMatch(/An image on page 1 is 8000×5001 pixels/);
  });

  it("refuses one a form on the page paints, and takes one no page paints", async () => {
    const form =
      "<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /Im 6 0 R >> >> /Length 0 >>\nstream\n\nendstream";
    const painted = pdf({
      page: "/Resources << /XObject << /Fm 5 0 R >> >>",
      extra: [form, image(8000, 5001)],
    });
    expect(await refusal(painted)).toMatchObject({ reason: "too_complex" });
    const unpainted = pdf({ extra: ["<< >>", image(8000, 5001)] });
    expect((await readPdfFile(unpainted)).pageCount).toBe(1);
  });

  it("refuses a stream decoding past 16 MiB (a font file, behind /ASCIIHexDecode too), and takes one under", async () => {
    const bomb = zlib.deflateSync(Buffer.alloc(17 * 1024 * 1024));
    expect(await refusal(pdf({ extra: [{ dict: "/Filter /FlateDecode", data: bomb }] }))).toMatchObject({
      reason: "too_complex",
    });
    const hex = Buffer.from(bomb.toString("hex") + ">", "latin1");
    expect(await refusal(pdf({ extra: [{ dict: "/Filter [/AHx /Fl]", data: hex }] }))).toMatchObject({
      reason: "too_complex",
    });
    // Page sizes alone decode no content: read (a template keeps such a document, its tags unread).
    const bombed = pdf({ extra: [{ dict: "/Filter /FlateDecode", data: bomb }] });
    expect((await readPdfFile(bombed, { tags: false })).pageCount).toBe(1);
    const fine = zlib.deflateSync(Buffer.alloc(15 * 1024 * 1024));
    expect(
      (await readPdfFile(pdf({ extra: [{ dict: "/Filter /FlateDecode", data: fine }] }))).pageCount,
    ).toBe(1);
  });

  it("does not decode an image's data (a scan's is never decoded), however it is compressed", async () => {
    const data = zlib.deflateSync(Buffer.alloc(32 * 1024 * 1024));
    const file = pdf({
      page: "/Resources << /XObject << /Im1 5 0 R >> >>",
      extra: [
        {
          dict: "/Type /XObject /Subtype /Image /Width 4096 /Height 8192 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /FlateDecode",
          data,
        },
      ],
    });
    expect((await readPdfFile(file)).pageCount).toBe(1);
  });
});
