// Content that the service never decodes but every signer's viewer would (issue 27.5): images past
// the pixel limit (MAX_IMAGE_PIXELS), as a JPEG or PNG upload and inside a PDF, on each database.
import { deflateSync } from "node:zlib";
import {
  PDFDocument,
  PDFName,
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
