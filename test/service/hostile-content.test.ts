// Content that the service never decodes but every signer's viewer would (issue 27.5), on each
// database: images past the pixel limit (MAX_IMAGE_PIXELS), as a JPEG or PNG upload and inside a
// PDF; and PDFs holding JavaScript, launch actions or embedded files, refused whichever object of
// the file holds them (catalog, page, annotation; in object streams or not).
import { deflateSync } from "node:zlib";
import {
  PDFDict,
  PDFDocument,
  PDFName,
  PDFString,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from "pdf-lib";
import { MAX_IMAGE_PIXELS } from "../../src/pdf/limits";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";

jest.setTimeout(120_000);

/**
 * A one-page PDF that paints an image declaring `width` × `height` gray pixels, its data a few
 * bytes (a viewer would still allocate them all); inside a form XObject with `nested`.
 */
async function pdfWithImage(width: number, height: number, { nested = false } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const image = doc.context.flateStream(new Uint8Array(64), {
    Type: "XObject",
    Subtype: "Image",
    Width: width,
    Height: height,
    ColorSpace: "DeviceGray",
    BitsPerComponent: 8,
  });
  const imageRef = doc.context.register(image);
  let painted = imageRef;
  if (nested) {
    const form = doc.context.stream("q 100 0 0 100 0 0 cm /Im0 Do Q", {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, 612, 792],
      Resources: { XObject: { Im0: imageRef } },
    });
    painted = doc.context.register(form);
  }
  page.node.setXObject(PDFName.of("X0"), painted);
  page.pushOperators(
    pushGraphicsState(),
    ...(nested ? [] : [concatTransformationMatrix(100, 0, 0, 100, 72, 72)]),
    drawObject("X0"),
    popGraphicsState(),
  );
  return doc.save();
}

type Builder = (doc: PDFDocument) => void | Promise<void>;

/** A one-page PDF with text, changed by `build`; with or without object streams. */
async function hostilePdf(build: Builder, useObjectStreams = true): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText("Please sign.", { x: 72, y: 700 });
  await build(doc);
  return doc.save({ useObjectStreams });
}

const js = (code: string) => ({ S: "JavaScript", JS: PDFString.of(code) });
const launch = { S: "Launch", F: PDFString.of("calc.exe") };
/** Adds an annotation to the first page. */
const annotate = (doc: PDFDocument, entries: Record<string, unknown>) => {
  const page = doc.getPage(0);
  const annot = doc.context.register(
    doc.context.obj({ Type: "Annot", Rect: [72, 72, 200, 100], ...entries } as never),
  );
  page.node.set(PDFName.of("Annots"), doc.context.obj([annot]));
};
const catalogSet = (doc: PDFDocument, key: string, value: unknown) =>
  doc.catalog.set(PDFName.of(key), doc.context.obj(value as never));

const HOSTILE: [string, "JavaScript" | "launch actions" | "embedded files", Builder][] = [
  ["an open action running JavaScript", "JavaScript", (d) => catalogSet(d, "OpenAction", js("app.alert(1)"))],
  [
    "a document action (/AA) running JavaScript, by reference",
    "JavaScript",
    (d) => catalogSet(d, "AA", { WC: d.context.register(d.context.obj(js("this.close()") as never)) }),
  ],
  [
    "a page action (/AA) running JavaScript",
    "JavaScript",
    (d) => d.getPage(0).node.set(PDFName.of("AA"), d.context.obj({ O: js("app.alert(2)") } as never)),
  ],
  [
    "a javascript: link",
    "JavaScript",
    (d) => annotate(d, { Subtype: "Link", A: { S: "URI", URI: PDFString.of(" JavaScript:alert(3)") } }),
  ],
  [
    "a widget's action running JavaScript",
    "JavaScript",
    (d) => annotate(d, { Subtype: "Widget", FT: "Btn", T: PDFString.of("b"), AA: { U: js("app.alert(4)") } }),
  ],
  [
    "a /JavaScript name tree",
    "JavaScript",
    (d) =>
      catalogSet(d, "Names", {
        JavaScript: {
          Names: [PDFString.of("init"), d.context.register(d.context.obj(js("app.alert(5)") as never))],
        },
      }),
  ],
  ["an open action launching a program", "launch actions", (d) => catalogSet(d, "OpenAction", launch)],
  ["a link launching a program", "launch actions", (d) => annotate(d, { Subtype: "Link", A: launch })],
  [
    "an embedded file",
    "embedded files",
    async (d) => {
      await d.attach(new TextEncoder().encode("MZ"), "tool.exe", { mimeType: "application/octet-stream" });
    },
  ],
  [
    "a file attachment annotation",
    "embedded files",
    (d) => {
      const file = d.context.register(
        d.context.flateStream(new TextEncoder().encode("MZ"), { Type: "EmbeddedFile" }),
      );
      annotate(d, {
        Subtype: "FileAttachment",
        FS: { Type: "Filespec", F: PDFString.of("tool.exe"), EF: { F: file } },
      });
    },
  ],
];

/** A JPEG's start and frame header, declaring the size, and its end: no scan at all. */
function jpegHeader(width: number, height: number): Uint8Array {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
    0xff,
    0xd9,
  ]);
}

describe.each(BACKENDS)("hostile content on %s", (backend) => {
  let service: TestService;
  let token: string;

  beforeAll(async () => {
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    token = await service.token("hostile");
  }, 120_000);
  afterAll(() => service?.close());

  const draft = async () =>
    (
      (await (
        await service.call("POST", "/api/v1/packages", { token, body: { name: "Hostile" } })
      ).json()) as {
        id: string;
      }
    ).id;
  const upload = async (packageId: string, bytes: Uint8Array, type: string, name: string) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
    return fetch(`${service.url}/api/v1/packages/${packageId}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };
  const documents = async (packageId: string) =>
    (
      (await (await service.call("GET", `/api/v1/packages/${packageId}/documents`, { token })).json()) as {
        items: unknown[];
      }
    ).items;

  test("images past 40 million pixels are refused as too complex, naming the limit; a JPEG, a PNG, and in a PDF (painted by the page or by a form it paints)", async () => {
    const id = await draft();
    const side = 65500;
    expect(side * side).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const jpeg = jpegHeader(side, side);
    expect(jpeg.length).toBe(23);
    const refusals: [string, Uint8Array, string, string][] = [
      ["jpeg", jpeg, "image/jpeg", "bomb.jpg"],
      ["pdf", await pdfWithImage(side, side), "application/pdf", "image.pdf"],
      ["pdf nested", await pdfWithImage(8000, 5001, { nested: true }), "application/pdf", "nested.pdf"],
    ];
    for (const [label, bytes, type, name] of refusals) {
      const problem = await expectProblem(await upload(id, bytes, type, name), 400, "invalid_document");
      expect({ label, detail: problem.detail }).toEqual({
        label,
        detail: expect.stringMatching(/pixels: more than the 40 million pixels an image may have/),
      });
    }
    expect(await documents(id)).toEqual([]);
    // Under the limit: taken.
    const fine = await upload(id, await pdfWithImage(6000, 6000), "application/pdf", "fine.pdf");
    expect(fine.status).toBe(201);
    expect(await documents(id)).toHaveLength(1);
  });

  test.each(HOSTILE)(
    "a PDF with %s is refused, naming it, and nothing is kept",
    async (_label, named, build) => {
      const id = await draft();
      for (const useObjectStreams of [true, false]) {
        const bytes = await hostilePdf(build, useObjectStreams);
        const problem = await expectProblem(
          await upload(id, bytes, "application/pdf", "hostile.pdf"),
          400,
          "invalid_document",
        );
        expect({ useObjectStreams, detail: problem.detail }).toEqual({
          useObjectStreams,
          detail: expect.stringContaining(`The PDF holds ${named}`),
        });
      }
      expect(await documents(id)).toEqual([]);
    },
  );

  test("a PDF with ordinary links, a form field and an outline is taken", async () => {
    const id = await draft();
    const bytes = await hostilePdf((d) => {
      annotate(d, { Subtype: "Link", A: { S: "URI", URI: PDFString.of("https://contoso.com/terms") } });
      d.getForm().createTextField("name").addToPage(d.getPage(0), { x: 72, y: 300 });
      expect(d.catalog.lookup(PDFName.of("AcroForm"))).toBeInstanceOf(PDFDict);
    });
    const response = await upload(id, bytes, "application/pdf", "ordinary.pdf");
    expect(response.status).toBe(201);
  });

  test("the PNG pass-through is bounded too", async () => {
    const id = await draft();
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(data.length, 0);
      head.write(type, 4, "latin1");
      return Buffer.concat([head, data, Buffer.alloc(4)]); // the CRC is not checked before the size
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(8000, 0);
    ihdr.writeUInt32BE(5001, 4);
    ihdr[8] = 8; // 8-bit gray, no transparency: passed through undecoded
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", deflateSync(Buffer.alloc(100))),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    const problem = await expectProblem(
      await upload(id, png, "image/png", "big.png"),
      400,
      "invalid_document",
    );
    expect(problem.detail).toContain("8000×5001");
    expect(problem.detail).toContain("40 million");
  });
});
