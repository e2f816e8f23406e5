// imageFileToPdf (src/service/pdf/image-file-to-pdf.ts): PNG and JPEG files made here (PNGs written byte by
// byte, JPEGs by poppler's pdftoppm from a PDF drawn with pdf-lib) become one-page PDFs whose page is
// the image's size in points, and which an independent reader (poppler's pdftoppm) draws with the
// image's colours. Refusals name the reason.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync, type ZlibOptions } from "node:zlib";
import fc from "fast-check";
import { PDFDocument, rgb } from "pdf-lib";
import { MAX_PIXELS, MAX_SIDE, imageFileToPdf } from "../../src/service/pdf/image-file-to-pdf";
import { InvalidDocumentError, inspectPdf } from "../../src/pdf/inspect";
import { TINY_JPEG, chunk } from "./images";

// Each test converts many images and has poppler read each back: on a loaded 2-core machine two of
// them passed 30 s (docs/testing.md, flakes under load). A deadline, not a duration being measured.
jest.setTimeout(300_000);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sfo-image-pdf-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let count = 0;
/** Converts `image` (written to a file) and answers the page size, the PDF's bytes and its file. */
async function convert(image: Uint8Array) {
  const n = count++;
  const input = path.join(dir, `in-${n}`);
  const output = path.join(dir, `out-${n}.pdf`);
  writeFileSync(input, image);
  const page = await imageFileToPdf(input, output);
  return { page, pdf: new Uint8Array(readFileSync(output)), file: output };
}

async function refusal(image: Uint8Array): Promise<InvalidDocumentError> {
  try {
    await convert(image);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidDocumentError);
    return error as InvalidDocumentError;
  }
  throw new Error("converted, expected a refusal");
}

// ---------------------------------------------------------------------------------------------
// PNGs

interface PngSpec {
  width: number;
  height: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
  colorType: number;
  bitDepth?: number;
  /** The channel values of a pixel (palette index for type 3), each below 2^bitDepth. */
  pixel: (x: number, y: number) => number[];
  interlaced?: boolean;
  palette?: number[][];
  trns?: Buffer;
  dpi?: number;
  /** The (compressed) image data, instead of what `pixel` gives. */
  idat?: Buffer;
  /**
   * The rows unfiltered and packed (without filter bytes), instead of what `pixel` gives (not
   * interlaced): quicker for large images.
   */
  raw?: Buffer;
  /** The filter (0-4) of the n-th scanline (counted over all passes); 0 for each by default. */
  filter?: (n: number) => number;
  /** Options of zlib's deflate for the image data. */
  zlib?: ZlibOptions;
}

/** Filters `row` (packed, no filter byte) with PNG filter `type` against `prev`: with the byte. */
function filterRow(type: number, row: Uint8Array, prev: Uint8Array, bpp: number): Buffer {
  const out = Buffer.alloc(row.length + 1);
  out[0] = type;
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? row[i - bpp]! : 0;
    const b = prev[i]!;
    const c = i >= bpp ? prev[i - bpp]! : 0;
    let predictor = 0;
    if (type === 1) predictor = a;
    else if (type === 2) predictor = b;
    else if (type === 3) predictor = (a + b) >> 1;
    else if (type === 4) {
      // Not Math.abs: a global looked up in a hot loop is very slow in Jest's vm context.
      const p = a + b - c;
      const pa = p > a ? p - a : a - p;
      const pb = p > b ? p - b : b - p;
      const pc = p > c ? p - c : c - p;
      predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
    out[i + 1] = (row[i]! - predictor) & 255;
  }
  return out;
}

/** One scanline (filter byte 0 first) of the given pixels, packed at the bit depth. */
function scanline(pixels: number[][], depth: number): Buffer {
  const values = pixels.flat();
  if (depth === 8) return Buffer.from([0, ...values]);
  if (depth === 16) {
    const row = Buffer.alloc(1 + values.length * 2);
    values.forEach((v, i) => row.writeUInt16BE(v, 1 + 2 * i));
    return row;
  }
  const row = Buffer.alloc(1 + Math.ceil((values.length * depth) / 8));
  values.forEach((v, i) => {
    const bit = i * depth;
    row[1 + (bit >> 3)]! |= v << (8 - depth - (bit & 7));
  });
  return row;
}

// Adam7's passes: first column and row, and steps.
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

function makePng(spec: PngSpec): Uint8Array {
  const depth = spec.bitDepth ?? 8;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(spec.width, 0);
  ihdr.writeUInt32BE(spec.height, 4);
  ihdr[8] = depth;
  ihdr[9] = spec.colorType;
  ihdr[12] = spec.interlaced ? 1 : 0;
  const rows: Buffer[] = [];
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[spec.colorType] ?? 1;
  const bpp = Math.max(1, (channels * depth) >> 3);
  let n = 0;
  if (spec.raw && !spec.idat) {
    const bytes = spec.raw.length / spec.height;
    let prev: Uint8Array = new Uint8Array(bytes);
    for (let y = 0; y < spec.height; y++) {
      const row = spec.raw.subarray(y * bytes, (y + 1) * bytes);
      rows.push(filterRow(spec.filter?.(n++) ?? 0, row, prev, bpp));
      prev = row;
    }
  }
  const passes = spec.idat || spec.raw ? [] : spec.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  for (const [x0, y0, dx, dy] of passes) {
    let prev: Uint8Array | null = null;
    for (let y = y0; y < spec.height; y += dy) {
      const pixels: number[][] = [];
      for (let x = x0; x < spec.width; x += dx) pixels.push(spec.pixel(x, y));
      if (!pixels.length) continue;
      const row = scanline(pixels, depth).subarray(1);
      rows.push(filterRow(spec.filter?.(n++) ?? 0, row, prev ?? new Uint8Array(row.length), bpp));
      prev = row;
    }
  }
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr)];
  if (spec.palette) parts.push(chunk("PLTE", Buffer.from(spec.palette.flat())));
  if (spec.trns) parts.push(chunk("tRNS", spec.trns));
  if (spec.dpi !== undefined) {
    const phys = Buffer.alloc(9);
    phys.writeUInt32BE(Math.round(spec.dpi / 0.0254), 0);
    phys.writeUInt32BE(Math.round(spec.dpi / 0.0254), 4);
    phys[8] = 1;
    parts.push(chunk("pHYs", phys));
  }
  const data = spec.idat ?? deflateSync(Buffer.concat(rows), spec.zlib);
  // In two IDAT chunks: the converter must join them.
  const half = data.length >> 1;
  parts.push(chunk("IDAT", data.subarray(0, half)), chunk("IDAT", data.subarray(half)));
  parts.push(chunk("IEND", Buffer.alloc(0)));
  return new Uint8Array(Buffer.concat(parts));
}

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
/** Red on the left half, blue on the right. */
const halves = (x: number, width: number) => (x < width / 2 ? RED : BLUE);

// ---------------------------------------------------------------------------------------------
// Reading the PDF back

interface Rendered {
  /** In points. */
  width: number;
  height: number;
  /** RGB in the middle of the point square at (x, y) from the top-left. */
  at(x: number, y: number): number[];
}

/**
 * The PDF's page drawn by poppler at 360 dpi, 5 pixels a point (at 72 dpi poppler smooths small
 * images across pixel edges, which a one-bit image does not survive).
 */
function render(file: string): Rendered {
  const scale = 5;
  const out = path.join(dir, `render-${count++}`);
  execFileSync("pdftoppm", ["-r", String(72 * scale), "-singlefile", file, out]);
  const ppm = readFileSync(`${out}.ppm`);
  // P6\n<w> <h>\n255\n<data>
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString("latin1"));
  if (!header) throw new Error("not a PPM");
  const width = Number(header[1]);
  const data = ppm.subarray(header[0].length);
  return {
    width: Math.round(width / scale),
    height: Math.round(Number(header[2]) / scale),
    at: (x, y) => {
      const i = (Math.floor((y + 0.5) * scale) * width + Math.floor((x + 0.5) * scale)) * 3;
      return Array.from(data.subarray(i, i + 3));
    },
  };
}

function expectColour(actual: number[], expected: number[], tolerance = 40): void {
  for (let c = 0; c < 3; c++) {
    if (Math.abs(actual[c]! - expected[c]!) > tolerance)
      throw new Error(`colour ${actual.join(",")} is not ${expected.join(",")}`);
  }
}

/** The image dictionary of the single image XObject in `pdf`, as text. */
function imageDictionary(pdf: Uint8Array): string {
  const text = Buffer.from(pdf).toString("latin1");
  const match = /<< \/Type \/XObject \/Subtype \/Image[^]*?>>\nstream/.exec(text);
  if (match) return match[0];
  // pdf-lib's output (the decoded path) writes its dictionaries its own way.
  const other = /\/Subtype \/Image[^]*?stream/.exec(text);
  if (!other) throw new Error("no image in the PDF");
  return other[0];
}

describe("imageFileToPdf: PNG", () => {
  it("RGB, 8 bits: page of the image's size in points, the compressed data kept, colours as drawn", async () => {
    const png = makePng({ width: 40, height: 30, colorType: 2, pixel: (x) => halves(x, 40) });
    const { page, pdf, file } = await convert(png);
    expect(page).toEqual({ width: 40, height: 30 });
    const inspected = await inspectPdf(pdf);
    expect(inspected.pages).toEqual([{ width: 40, height: 30 }]);
    const dict = imageDictionary(pdf);
    expect(dict).toContain("/ColorSpace /DeviceRGB");
    expect(dict).toContain("/Predictor 15");
    const drawn = render(file);
    expect([drawn.width, drawn.height]).toEqual([40, 30]);
    expectColour(drawn.at(5, 15), RED);
    expectColour(drawn.at(35, 15), BLUE);
  });

  it("RGB, 16 bits", async () => {
    const png = makePng({
      width: 20,
      height: 10,
      colorType: 2,
      bitDepth: 16,
      pixel: (x) => (x < 10 ? [65535, 0, 0] : [0, 0, 65535]),
    });
    const { page, pdf, file } = await convert(png);
    expect(page).toEqual({ width: 20, height: 10 });
    expect(imageDictionary(pdf)).toContain("/BitsPerComponent 16");
    const drawn = render(file);
    expectColour(drawn.at(2, 5), RED);
    expectColour(drawn.at(17, 5), BLUE);
  });

  it("grey, 8 and 1 bits: a gradient and black and white", async () => {
    const grey = await convert(
      makePng({ width: 64, height: 8, colorType: 0, pixel: (x) => [Math.round((x * 255) / 63)] }),
    );
    expect(grey.page).toEqual({ width: 64, height: 8 });
    expect(imageDictionary(grey.pdf)).toContain("/ColorSpace /DeviceGray");
    const g = render(grey.file);
    expect(g.at(0, 4)[0]).toBeLessThan(20);
    expect(g.at(32, 4)[0]).toBeGreaterThan(100);
    expect(g.at(32, 4)[0]).toBeLessThan(160);
    expect(g.at(63, 4)[0]).toBeGreaterThan(235);

    const bits = await convert(
      makePng({ width: 13, height: 5, colorType: 0, bitDepth: 1, pixel: (x) => [x % 2] }),
    );
    expect(bits.page).toEqual({ width: 13, height: 5 });
    expect(imageDictionary(bits.pdf)).toContain("/BitsPerComponent 1");
    const b = render(bits.file);
    expectColour(b.at(0, 2), [0, 0, 0]);
    expectColour(b.at(1, 2), [255, 255, 255]);
    expectColour(b.at(12, 2), [0, 0, 0]);
  });

  it("a palette: indexed colours", async () => {
    const png = makePng({
      width: 10,
      height: 10,
      colorType: 3,
      palette: [RED, BLUE],
      pixel: (x) => [x < 5 ? 0 : 1],
    });
    const { pdf, file } = await convert(png);
    expect(imageDictionary(pdf)).toContain("/Indexed /DeviceRGB 1 <ff00000000ff>");
    const drawn = render(file);
    expectColour(drawn.at(1, 5), RED);
    expectColour(drawn.at(8, 5), BLUE);
  });

  it("a colour key (tRNS on RGB) becomes a /Mask: keyed pixels show the white page", async () => {
    const trns = Buffer.alloc(6);
    trns.writeUInt16BE(0, 0);
    trns.writeUInt16BE(0, 2);
    trns.writeUInt16BE(255, 4); // blue is transparent
    const png = makePng({ width: 20, height: 10, colorType: 2, trns, pixel: (x) => halves(x, 20) });
    const { pdf, file } = await convert(png);
    expect(imageDictionary(pdf)).toContain("/Mask [0 0 0 0 255 255]");
    const drawn = render(file);
    expectColour(drawn.at(2, 5), RED);
    expectColour(drawn.at(17, 5), [255, 255, 255]);
  });

  it("an alpha channel: decoded, transparent parts show the white page", async () => {
    const png = makePng({
      width: 20,
      height: 10,
      colorType: 6,
      pixel: (x) => (x < 10 ? [...RED, 255] : [...BLUE, 0]),
    });
    const { page, file } = await convert(png);
    expect(page).toEqual({ width: 20, height: 10 });
    const drawn = render(file);
    expectColour(drawn.at(2, 5), RED);
    expectColour(drawn.at(17, 5), [255, 255, 255]);
  });

  it("grey with alpha", async () => {
    const png = makePng({ width: 8, height: 8, colorType: 4, pixel: (x) => [0, x < 4 ? 255 : 0] });
    const { file } = await convert(png);
    const drawn = render(file);
    expectColour(drawn.at(1, 4), [0, 0, 0]);
    expectColour(drawn.at(6, 4), [255, 255, 255]);
  });

  it("interlaced (Adam7): decoded, every pass in its place", async () => {
    // A checkerboard of 3×3 squares: each pass's pixels land in both colours.
    const png = makePng({
      width: 27,
      height: 18,
      colorType: 2,
      interlaced: true,
      pixel: (x, y) => ((Math.floor(x / 3) + Math.floor(y / 3)) % 2 ? BLUE : RED),
    });
    const { page, file } = await convert(png);
    expect(page).toEqual({ width: 27, height: 18 });
    const drawn = render(file);
    for (const [x, y] of [
      [1, 1],
      [4, 1],
      [1, 4],
      [25, 16],
      [22, 13],
    ] as const) {
      expectColour(drawn.at(x, y), (Math.floor(x / 3) + Math.floor(y / 3)) % 2 ? BLUE : RED);
    }
  });

  it("a stated resolution sets the physical size: 144 dpi is half a point a pixel", async () => {
    const png = makePng({ width: 288, height: 144, colorType: 0, dpi: 144, pixel: () => [128] });
    const { page } = await convert(png);
    expect(page.width).toBeCloseTo(144, 1);
    expect(page.height).toBeCloseTo(72, 1);
  });

  it("refuses damaged PNGs as broken_image", async () => {
    const good = makePng({ width: 8, height: 8, colorType: 2, pixel: () => RED });
    // Cut before IEND.
    expect((await refusal(good.subarray(0, good.length - 12))).reason).toBe("broken_image");
    // Data that is not zlib.
    const garbage = makePng({
      width: 8,
      height: 8,
      colorType: 2,
      pixel: () => RED,
      idat: Buffer.from("this is not deflated data at all"),
    });
    expect((await refusal(garbage)).reason).toBe("broken_image");
    // Whole zlib data, but too short for the image.
    const short = makePng({
      width: 8,
      height: 8,
      colorType: 2,
      pixel: () => RED,
      idat: deflateSync(Buffer.alloc(10)),
    });
    expect((await refusal(short)).reason).toBe("broken_image");
    // A bit depth PNG does not have for the colour type.
    const depth = makePng({ width: 8, height: 8, colorType: 2, bitDepth: 4, pixel: () => [1, 1, 1] });
    expect((await refusal(depth)).reason).toBe("broken_image");
    // A palette image without its palette.
    const noPalette = makePng({ width: 4, height: 4, colorType: 3, pixel: () => [0] });
    expect((await refusal(noPalette)).reason).toBe("broken_image");
    // No size.
    const empty = makePng({ width: 0, height: 4, colorType: 2, pixel: () => RED });
    expect((await refusal(empty)).reason).toBe("broken_image");
  });

  it("refuses, as too_complex with the limit in its message, a JPEG or plain PNG of more than MAX_PIXELS pixels", async () => {
    // 23 bytes that declare 65,500 × 65,500 pixels: nothing to convert, but a viewer would try.
    const sof = (height: number, width: number) => [
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
    ];
    const bomb = new Uint8Array([
      ...sof(65500, 65500),
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
    expect(bomb.length).toBe(23);
    const jpeg = await refusal(bomb);
    expect(jpeg.reason).toBe("too_complex");
    expect(jpeg.message).toContain("65500×65500");
    expect(jpeg.message).toContain("40 million");
    // Just past the limit (8000 × 5001), and a plain (passed-through) PNG past it.
    expect(8000 * 5001).toBeGreaterThan(MAX_PIXELS);
    const over = new Uint8Array([...sof(5001, 8000), 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
    expect((await refusal(over)).reason).toBe("too_complex");
    const png = makePng({
      width: 8000,
      height: 5001,
      colorType: 0,
      pixel: () => [],
      idat: deflateSync(Buffer.alloc(10)),
    });
    const plain = await refusal(png);
    expect(plain.reason).toBe("too_complex");
    expect(plain.message).toContain("40 million");
  });

  it("refuses, as too_complex, a PNG to decode of more than MAX_PIXELS pixels or MAX_SIDE a side", async () => {
    // Only the header is read: the data need not be there.
    const idat = deflateSync(Buffer.alloc(10));
    const many = makePng({ width: 12000, height: 9000, colorType: 6, pixel: () => [], idat });
    expect(12000 * 9000).toBeGreaterThan(MAX_PIXELS);
    const error = await refusal(many);
    expect(error.reason).toBe("too_complex");
    expect(error.message).toContain("12000×9000");
    const wide = makePng({
      width: MAX_SIDE + 1,
      height: 2,
      colorType: 2,
      interlaced: true,
      pixel: () => [],
      idat,
    });
    expect((await refusal(wide)).reason).toBe("too_complex");
  });
});

// ---------------------------------------------------------------------------------------------
// PNGs decoded a row at a time (transparency, interlacing), checked sample by sample

interface Listed {
  type: string;
  width: number;
  height: number;
  color: string;
  bpc: number;
}

/** The images of the PDF as poppler's `pdfimages -list` lists them (an image, then its smask). */
function listImages(file: string): Listed[] {
  const lines = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).trim().split("\n").slice(2);
  return lines.map((line) => {
    const f = line.trim().split(/\s+/);
    return { type: f[2]!, width: Number(f[3]), height: Number(f[4]), color: f[5]!, bpc: Number(f[7]) };
  });
}

interface Extracted {
  width: number;
  height: number;
  /** RGB, 8 bits a sample (grey and masks repeated in the three). */
  rgb: Buffer;
}

/** Each image of the PDF (the image, then its soft mask) as poppler's `pdfimages` writes it. */
function extractImages(file: string): Extracted[] {
  const prefix = `extract-${count++}`;
  execFileSync("pdfimages", [file, path.join(dir, prefix)]);
  const names = readdirSync(dir)
    .filter((n) => n.startsWith(`${prefix}-`))
    .sort();
  const found = names.map((name) => {
    const bytes = readFileSync(path.join(dir, name));
    rmSync(path.join(dir, name));
    // P6 RGB and P5 grey of 8 bits (maxval 255), P4 one bit (1 black, rows padded to a byte).
    // Exactly one whitespace byte ends the header: a PBM's first data byte may itself be 0x0C or 0x20.
    const head = bytes.subarray(0, 40).toString("latin1");
    const header = /^(P4)\s+(\d+)\s+(\d+)\s/.exec(head) ?? /^(P[56])\s+(\d+)\s+(\d+)\s+255\s/.exec(head);
    if (!header || (header[1] !== "P4" && !header[0].includes("255")))
      throw new Error(`not an 8-bit PPM or PGM or a PBM: ${bytes.subarray(0, 20).toString("latin1")}`);
    const width = Number(header[2]);
    const height = Number(header[3]);
    const data = bytes.subarray(header[0].length);
    let rgb = data;
    if (header[1] !== "P6") {
      rgb = Buffer.alloc(width * height * 3);
      const stride = Math.ceil(width / 8);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = y * width + x;
          const v =
            header[1] === "P5" ? data[i]! : (data[y * stride + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 0 : 255;
          rgb.fill(v, 3 * i, 3 * i + 3);
        }
      }
    }
    expect(rgb.length).toBe(width * height * 3);
    return { width, height, rgb };
  });
  return found;
}

/** The first sample where `actual` differs from `expected` by more than `tolerance`, or null. */
function firstDifference(actual: Buffer, expected: Buffer, tolerance = 0): string | null {
  if (actual.length !== expected.length) return `length ${actual.length}, expected ${expected.length}`;
  if (tolerance === 0 && actual.equals(expected)) return null;
  for (let i = 0; i < actual.length; i++) {
    if (Math.abs(actual[i]! - expected[i]!) > tolerance)
      return `sample ${i} (pixel ${Math.floor(i / 3)}) is ${actual[i]}, expected ${expected[i]}`;
  }
  return null;
}

/**
 * A pattern of `channels` samples a pixel at `depth` bits (8 or 16), unfiltered rows: colours that
 * change across and down (every filter has something to predict) and alpha through 0..max.
 */
function pattern(width: number, height: number, channels: number, depth: 8 | 16): Buffer {
  const sample = depth >> 3;
  const raw = Buffer.alloc(width * height * channels * sample);
  let i = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < channels; c++) {
        const v =
          c === channels - 1 && channels % 2 === 0
            ? (x * 3 + y * 5) % 256 // alpha
            : c === 0
              ? (x + 2 * y) % 256
              : c === 1
                ? (x ^ y) & 255
                : (x * y) >> 4;
        if (depth === 8) raw[i++] = v & 255;
        else {
          // The high byte the pattern, the low one anything: checks both bytes travel together.
          raw.writeUInt16BE(((v & 255) << 8) | ((x * 7 + c) & 255), i);
          i += 2;
        }
      }
    }
  }
  return raw;
}

/** The 8-bit RGB and the 8-bit alpha (RGB-repeated, as pdfimages writes it) of `raw`. */
function expectedOf(
  raw: Buffer,
  pixels: number,
  channels: number,
  depth: 8 | 16,
): { rgb: Buffer; alpha: Buffer } {
  const sample = depth >> 3;
  const rgb = Buffer.alloc(pixels * 3);
  const alpha = Buffer.alloc(pixels * 3);
  const colours = channels >= 3 ? 3 : 1;
  for (let p = 0; p < pixels; p++) {
    const at = p * channels * sample;
    for (let c = 0; c < 3; c++) rgb[3 * p + c] = raw[at + (colours === 3 ? c : 0) * sample]!;
    const a = raw[at + colours * sample]!;
    alpha[3 * p] = a;
    alpha[3 * p + 1] = a;
    alpha[3 * p + 2] = a;
  }
  return { rgb, alpha };
}

/** Every filter type in turn, row after row. */
const everyFilter = (n: number) => n % 5;

describe("imageFileToPdf: PNGs decoded a row at a time", () => {
  it("an RGBA screenshot of 1920×1080, every filter: the image and its soft mask, every sample as in the PNG", async () => {
    const [width, height] = [1920, 1080];
    const raw = pattern(width, height, 4, 8);
    const png = makePng({ width, height, colorType: 6, raw, filter: everyFilter, pixel: () => [] });
    const { page, pdf, file } = await convert(png);
    // No resolution stated: fitted into an A4 page, turned to match.
    expect(page.width).toBeCloseTo(841.89, 1);
    expect(page.height).toBeCloseTo((841.89 * 1080) / 1920, 1);
    expect((await inspectPdf(pdf)).pages).toHaveLength(1);
    expect(listImages(file)).toEqual([
      { type: "image", width, height, color: "rgb", bpc: 8 },
      { type: "smask", width, height, color: "gray", bpc: 8 },
    ]);
    const [image, mask] = extractImages(file);
    const expected = expectedOf(raw, width * height, 4, 8);
    expect(firstDifference(image!.rgb, expected.rgb)).toBeNull();
    expect(firstDifference(mask!.rgb, expected.alpha)).toBeNull();
  });

  it("an RGBA PNG of 4000×3000 (12 million pixels, 48 MB of them): sample for sample", async () => {
    const [width, height] = [4000, 3000];
    const raw = pattern(width, height, 4, 8);
    const png = makePng({
      width,
      height,
      colorType: 6,
      raw,
      filter: (n) => [4, 1, 2, 0, 3][n % 5]!,
      zlib: { level: 1 },
      pixel: () => [],
    });
    const { file } = await convert(png);
    expect(listImages(file)).toEqual([
      { type: "image", width, height, color: "rgb", bpc: 8 },
      { type: "smask", width, height, color: "gray", bpc: 8 },
    ]);
    const [image, mask] = extractImages(file);
    const expected = expectedOf(raw, width * height, 4, 8);
    expect(firstDifference(image!.rgb, expected.rgb)).toBeNull();
    expect(firstDifference(mask!.rgb, expected.alpha)).toBeNull();
  }, 120_000);

  it("grey with alpha, 8 and 16 bits, every filter", async () => {
    for (const depth of [8, 16] as const) {
      const [width, height] = [203, 117];
      const raw = pattern(width, height, 2, depth);
      const png = makePng({
        width,
        height,
        colorType: 4,
        bitDepth: depth,
        raw,
        filter: everyFilter,
        pixel: () => [],
      });
      const { file } = await convert(png);
      expect(listImages(file)).toEqual([
        { type: "image", width, height, color: "gray", bpc: depth },
        { type: "smask", width, height, color: "gray", bpc: depth },
      ]);
      const [image, mask] = extractImages(file);
      const expected = expectedOf(raw, width * height, 2, depth);
      expect(firstDifference(image!.rgb, expected.rgb, depth === 16 ? 1 : 0)).toBeNull();
      expect(firstDifference(mask!.rgb, expected.alpha, depth === 16 ? 1 : 0)).toBeNull();
    }
  });

  it("16-bit RGBA, every filter: kept at 16 bits a sample, image and soft mask", async () => {
    const [width, height] = [300, 200];
    const raw = pattern(width, height, 4, 16);
    const png = makePng({
      width,
      height,
      colorType: 6,
      bitDepth: 16,
      raw,
      filter: everyFilter,
      pixel: () => [],
    });
    const { pdf, file } = await convert(png);
    expect(imageDictionary(pdf)).toContain("/BitsPerComponent 16");
    expect(listImages(file)).toEqual([
      { type: "image", width, height, color: "rgb", bpc: 16 },
      { type: "smask", width, height, color: "gray", bpc: 16 },
    ]);
    // pdfimages writes 8 bits a sample: the high byte, give or take one.
    const [image, mask] = extractImages(file);
    const expected = expectedOf(raw, width * height, 4, 16);
    expect(firstDifference(image!.rgb, expected.rgb, 1)).toBeNull();
    expect(firstDifference(mask!.rgb, expected.alpha, 1)).toBeNull();
  });

  it("a palette with tRNS, 8 and 2 bits: indexed colours and an 8-bit soft mask of each entry's alpha", async () => {
    const palette = [RED, BLUE, [0, 255, 0], [17, 34, 51]];
    const trns = Buffer.from([0, 128]); // entry 0 transparent, 1 half, the rest opaque
    for (const depth of [8, 2]) {
      const [width, height] = [37, 23];
      const index = (x: number, y: number) => (x + 3 * y) % 4;
      const png = makePng({
        width,
        height,
        colorType: 3,
        bitDepth: depth,
        palette,
        trns,
        filter: everyFilter,
        pixel: (x, y) => [index(x, y)],
      });
      const { pdf, file } = await convert(png);
      expect(imageDictionary(pdf)).toContain("/Indexed /DeviceRGB 3");
      expect(listImages(file)).toEqual([
        { type: "image", width, height, color: "index", bpc: depth },
        { type: "smask", width, height, color: "gray", bpc: 8 },
      ]);
      const [image, mask] = extractImages(file);
      const rgb = Buffer.alloc(width * height * 3);
      const alpha = Buffer.alloc(width * height * 3);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const p = y * width + x;
          const i = index(x, y);
          rgb.set(palette[i]!, 3 * p);
          alpha.fill(i < trns.length ? trns[i]! : 255, 3 * p, 3 * p + 3);
        }
      }
      expect(firstDifference(image!.rgb, rgb)).toBeNull();
      expect(firstDifference(mask!.rgb, alpha)).toBeNull();
    }
  });

  it("an opaque alpha channel: no soft mask", async () => {
    const png = makePng({
      width: 30,
      height: 20,
      colorType: 6,
      filter: everyFilter,
      pixel: (x) => [...halves(x, 30), 255],
    });
    const { pdf, file } = await convert(png);
    expect(imageDictionary(pdf)).not.toContain("/SMask");
    expect(listImages(file)).toEqual([{ type: "image", width: 30, height: 20, color: "rgb", bpc: 8 }]);
    const drawn = render(file);
    expectColour(drawn.at(3, 10), RED);
    expectColour(drawn.at(27, 10), BLUE);
  });

  it("interlaced RGBA, 8 and 16 bits, sizes that leave passes empty or short, every filter", async () => {
    const sizes = [
      [301, 207],
      [1, 1],
      [3, 2],
      [9, 1],
      [1, 9],
      [8, 8],
    ] as const;
    for (const depth of [8, 16] as const) {
      for (const [width, height] of sizes) {
        const raw = pattern(width, height, 4, depth);
        const sample = depth >> 3;
        const png = makePng({
          width,
          height,
          colorType: 6,
          bitDepth: depth,
          interlaced: true,
          filter: everyFilter,
          pixel: (x, y) => {
            const at = (y * width + x) * 4 * sample;
            return [0, 1, 2, 3].map((c) => (depth === 8 ? raw[at + c]! : raw.readUInt16BE(at + 2 * c)));
          },
        });
        const { page, file } = await convert(png);
        expect(page).toEqual({ width, height });
        const listed = listImages(file);
        expect(listed[0]).toEqual({ type: "image", width, height, color: "rgb", bpc: depth });
        const [image, mask] = extractImages(file);
        const expected = expectedOf(raw, width * height, 4, depth);
        expect(firstDifference(image!.rgb, expected.rgb, depth === 16 ? 1 : 0)).toBeNull();
        // A single pixel of alpha 0 is transparent; a 1×1 image has only that: a mask all the same.
        if (mask) expect(firstDifference(mask.rgb, expected.alpha, depth === 16 ? 1 : 0)).toBeNull();
      }
    }
  });

  it("interlaced without transparency: grey of 1 and 4 bits, RGB, a palette, a colour key", async () => {
    const [width, height] = [29, 19];
    const cases: { spec: Omit<PngSpec, "width" | "height">; rgb: (x: number, y: number) => number[] }[] = [
      {
        spec: { colorType: 0, bitDepth: 1, pixel: (x, y) => [(x + y) % 2] },
        rgb: (x, y) => Array(3).fill((x + y) % 2 ? 255 : 0),
      },
      {
        spec: { colorType: 0, bitDepth: 4, pixel: (x, y) => [(x * 3 + y) % 16] },
        rgb: (x, y) => Array(3).fill(((x * 3 + y) % 16) * 17),
      },
      {
        spec: { colorType: 2, pixel: (x, y) => [x * 8, y * 13, (x * y) % 256] },
        rgb: (x, y) => [x * 8, y * 13, (x * y) % 256],
      },
      {
        spec: {
          colorType: 3,
          bitDepth: 4,
          palette: [RED, BLUE, [9, 99, 199]],
          pixel: (x, y) => [(x + y) % 3],
        },
        rgb: (x, y) => [RED, BLUE, [9, 99, 199]][(x + y) % 3]!,
      },
      {
        spec: {
          colorType: 2,
          trns: Buffer.from([0, 0, 0, 0, 0, 255]),
          pixel: (x) => halves(x, width),
        },
        rgb: (x) => halves(x, width),
      },
    ];
    for (const { spec, rgb } of cases) {
      const png = makePng({ width, height, interlaced: true, filter: everyFilter, ...spec });
      const { pdf, file } = await convert(png);
      expect(imageDictionary(pdf)).not.toContain("/SMask");
      const [image, extra] = extractImages(file);
      expect(extra).toBeUndefined();
      const expected = Buffer.alloc(width * height * 3);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) expected.set(rgb(x, y), 3 * (y * width + x));
      expect(firstDifference(image!.rgb, expected)).toBeNull();
      if (spec.trns) {
        expect(imageDictionary(pdf)).toContain("/Mask [0 0 0 0 255 255]");
        const drawn = render(file);
        expectColour(drawn.at(2, 5), RED);
        expectColour(drawn.at(26, 5), [255, 255, 255]);
      }
    }
  });

  it("refuses damaged data of a PNG to decode as broken_image, and leaves no file behind", async () => {
    const [width, height] = [64, 40];
    const raw = pattern(width, height, 4, 8);
    const good = Buffer.from(makePng({ width, height, colorType: 6, raw, pixel: () => [] }));
    const cases: Uint8Array[] = [
      // Not zlib.
      makePng({
        width,
        height,
        colorType: 6,
        pixel: () => [],
        idat: Buffer.from("not deflated data, not at all"),
      }),
      // Whole zlib data, too short for the image.
      makePng({ width, height, colorType: 6, pixel: () => [], idat: deflateSync(Buffer.alloc(100)) }),
      // zlib data cut in the middle.
      makePng({ width, height, colorType: 6, pixel: () => [], idat: deflateSync(raw).subarray(0, 500) }),
      // A filter type PNG does not have.
      makePng({
        width,
        height,
        colorType: 6,
        pixel: () => [],
        idat: deflateSync(Buffer.concat([Buffer.from([7]), Buffer.alloc(width * 4 * height + height - 1)])),
      }),
      // Interlaced, the data short by a pass.
      makePng({
        width,
        height,
        colorType: 6,
        interlaced: true,
        pixel: () => [],
        idat: deflateSync(Buffer.alloc(2000)),
      }),
    ];
    for (const png of cases) expect((await refusal(png)).reason).toBe("broken_image");
    // The converter's scratch files (colour, alpha, raw pixels) are gone; the outputs were never made.
    const left = readdirSync(dir).filter((n) => /\.(colour|alpha|pixels)$/.test(n));
    expect(left).toEqual([]);
    expect((await convert(good)).page).toEqual({ width, height });
  });

  it("property: any small PNG (every colour type and bit depth, interlaced or not, any filters) reads back as poppler extracts it", async () => {
    const depths: Record<number, number[]> = {
      0: [1, 2, 4, 8, 16],
      2: [8, 16],
      3: [1, 2, 4, 8],
      4: [8, 16],
      6: [8, 16],
    };
    const kind = fc
      .constantFrom(0, 2, 3, 4, 6)
      .chain((colorType) =>
        fc.record({ colorType: fc.constant(colorType), bitDepth: fc.constantFrom(...depths[colorType]!) }),
      );
    await fc.assert(
      fc.asyncProperty(
        kind,
        fc.integer({ min: 1, max: 33 }),
        fc.integer({ min: 1, max: 21 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async ({ colorType, bitDepth }, width, height, interlaced, seed, filters, withTrns) => {
          const max = 2 ** bitDepth - 1;
          const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType]!;
          // A deterministic sample for each pixel and channel.
          const value = (x: number, y: number, c: number) => {
            let h = (seed ^ (x * 73856093) ^ (y * 19349663) ^ (c * 83492791)) >>> 0;
            h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
            return (h ^ (h >>> 13)) >>> 0;
          };
          const entries = colorType === 3 ? 1 + (seed % Math.min(max + 1, 16)) : 0;
          const palette = Array.from({ length: entries }, (_, i) => [
            value(i, 0, 7) & 255,
            value(i, 1, 7) & 255,
            value(i, 2, 7) & 255,
          ]);
          const pixel = (x: number, y: number) =>
            colorType === 3
              ? [value(x, y, 0) % entries]
              : Array.from({ length: channels }, (_, c) => value(x, y, c) & max);
          let trns: Buffer | undefined;
          if (withTrns && colorType === 3)
            trns = Buffer.from(
              palette.map((_, i) => value(i, 3, 7) & 255).slice(0, Math.max(1, entries - 1)),
            );
          if (withTrns && (colorType === 0 || colorType === 2)) {
            trns = Buffer.alloc(channels * 2);
            pixel(0, 0).forEach((v, c) => trns!.writeUInt16BE(v, 2 * c)); // the first pixel's colour
          }
          const png = makePng({
            width,
            height,
            colorType,
            bitDepth,
            interlaced,
            ...(colorType === 3 ? { palette } : {}),
            ...(trns ? { trns } : {}),
            filter: (n) => filters[n % filters.length]!,
            pixel,
          });
          const { page, file } = await convert(png);
          expect(page).toEqual({ width, height });
          const [image, mask] = extractImages(file);
          const rgbOut = Buffer.alloc(width * height * 3);
          const alphaOut = Buffer.alloc(width * height * 3);
          let anyTransparent = false;
          const eight = (v: number) => (bitDepth === 16 ? v >> 8 : (v * 255) / max);
          for (let y = 0; y < height; y++) {
            for (let x = 0; x < width; x++) {
              const p = y * width + x;
              const v = pixel(x, y);
              // pdfimages writes a 1-bit image as a PBM of its bits, a palette's indices too (1 black).
              const rgbValue =
                colorType === 3 && bitDepth === 1
                  ? Array(3).fill(v[0] ? 0 : 255)
                  : colorType === 3
                    ? palette[v[0]!]!
                    : channels >= 3
                      ? v.slice(0, 3).map(eight)
                      : [eight(v[0]!), eight(v[0]!), eight(v[0]!)];
              rgbOut.set(rgbValue, 3 * p);
              let a = 255;
              if (colorType === 4 || colorType === 6) a = eight(v[channels - 1]!);
              if (colorType === 3 && trns) a = v[0]! < trns.length ? trns[v[0]!]! : 255;
              if (a !== 255) anyTransparent = true;
              alphaOut.fill(a, 3 * p, 3 * p + 3);
            }
          }
          const tolerance = bitDepth === 16 ? 1 : 0;
          expect(firstDifference(image!.rgb, rgbOut, tolerance)).toBeNull();
          // A soft mask exactly when something is transparent (a colour key is a /Mask, not an image).
          expect(mask !== undefined).toBe(anyTransparent);
          if (mask) expect(firstDifference(mask.rgb, alphaOut, tolerance)).toBeNull();
        },
      ),
      {
        numRuns: 60,
        // A one-row PBM whose only data byte is a whitespace character (CI, seed 1765942610).
        examples: [[{ colorType: 0, bitDepth: 1 }, 6, 1, false, 18, [0], false]],
      },
    );
  }, 120_000);

  it("the transparent parts of a decoded image show the white page (poppler draws it)", async () => {
    const [width, height] = [40, 20];
    const png = makePng({
      width,
      height,
      colorType: 6,
      interlaced: true,
      filter: everyFilter,
      pixel: (x, y) => (y < 10 ? [...RED, x < 20 ? 255 : 0] : [...BLUE, x < 20 ? 0 : 255]),
    });
    const drawn = render((await convert(png)).file);
    expectColour(drawn.at(5, 5), RED);
    expectColour(drawn.at(35, 5), [255, 255, 255]);
    expectColour(drawn.at(5, 15), [255, 255, 255]);
    expectColour(drawn.at(35, 15), BLUE);
  });
});

// ---------------------------------------------------------------------------------------------
// JPEGs

/** A 40×30 picture, red left and blue right, as pdftoppm writes it to a JPEG with `options`. */
async function jpegOf(options: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([40, 30]);
  page.drawRectangle({ x: 0, y: 0, width: 20, height: 30, color: rgb(1, 0, 0) });
  page.drawRectangle({ x: 20, y: 0, width: 20, height: 30, color: rgb(0, 0, 1) });
  const source = path.join(dir, `jpeg-source-${count++}.pdf`);
  writeFileSync(source, await doc.save());
  const out = path.join(dir, `jpeg-${count++}`);
  execFileSync("pdftoppm", ["-r", "72", "-singlefile", ...options, source, out]);
  return new Uint8Array(readFileSync(`${out}.jpg`));
}

/** The frame header's marker and component count. */
function frameOf(jpeg: Uint8Array): { marker: number; components: number } {
  for (let at = 2; at + 4 < jpeg.length;) {
    const marker = jpeg[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { marker, components: jpeg[at + 9]! };
    at += 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
  }
  throw new Error("no frame");
}

describe("imageFileToPdf: JPEG", () => {
  it("baseline RGB: the file is the image's data as it is, the page its size", async () => {
    const jpeg = await jpegOf(["-jpeg"]);
    expect(frameOf(jpeg)).toEqual({ marker: 0xc0, components: 3 });
    const { page, pdf, file } = await convert(jpeg);
    expect(page).toEqual({ width: 40, height: 30 });
    const dict = imageDictionary(pdf);
    expect(dict).toContain("/ColorSpace /DeviceRGB");
    expect(dict).toContain("/Filter /DCTDecode");
    expect(Buffer.from(pdf).includes(Buffer.from(jpeg))).toBe(true);
    const drawn = render(file);
    expect([drawn.width, drawn.height]).toEqual([40, 30]);
    expectColour(drawn.at(5, 15), RED, 60);
    expectColour(drawn.at(35, 15), BLUE, 60);
  });

  it("progressive", async () => {
    const jpeg = await jpegOf(["-jpeg", "-jpegopt", "progressive=y"]);
    expect(frameOf(jpeg)).toEqual({ marker: 0xc2, components: 3 });
    const { page, file } = await convert(jpeg);
    expect(page).toEqual({ width: 40, height: 30 });
    const drawn = render(file);
    expectColour(drawn.at(5, 15), RED, 60);
    expectColour(drawn.at(35, 15), BLUE, 60);
  });

  it("CMYK (Adobe's inverted convention): drawn in its colours", async () => {
    const jpeg = await jpegOf(["-jpegcmyk"]);
    expect(frameOf(jpeg).components).toBe(4);
    const { pdf, file } = await convert(jpeg);
    const dict = imageDictionary(pdf);
    expect(dict).toContain("/ColorSpace /DeviceCMYK");
    expect(dict).toContain("/Decode [1 0 1 0 1 0 1 0]");
    const drawn = render(file);
    // CMYK red and blue as poppler converts them back: clearly red and clearly blue.
    const left = drawn.at(5, 15);
    const right = drawn.at(35, 15);
    expect(left[0]).toBeGreaterThan(180);
    expect(left[2]).toBeLessThan(100);
    expect(right[2]).toBeGreaterThan(100);
    expect(right[0]).toBeLessThan(100);
  });

  it("grey, one component, with its JFIF density", async () => {
    expect(frameOf(TINY_JPEG).components).toBe(1);
    const { page, pdf } = await convert(TINY_JPEG);
    expect(imageDictionary(pdf)).toContain("/ColorSpace /DeviceGray");
    const inspected = await inspectPdf(pdf);
    expect(inspected.pages).toEqual([{ width: page.width, height: page.height }]);
    expect(page.width).toBeGreaterThan(0);
  });

  it("refuses a JPEG without a frame, with an unknown number of components, or cut short", async () => {
    const soiEoi = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
    expect((await refusal(soiEoi)).reason).toBe("broken_image");
    const jpeg = await jpegOf(["-jpeg"]);
    const twoComponents = new Uint8Array(jpeg);
    for (let at = 2; ;) {
      const marker = twoComponents[at + 1]!;
      if (marker === 0xc0) {
        twoComponents[at + 9] = 2;
        break;
      }
      at += 2 + ((twoComponents[at + 2]! << 8) | twoComponents[at + 3]!);
    }
    expect((await refusal(twoComponents)).reason).toBe("broken_image");
    expect((await refusal(jpeg.subarray(0, 30))).reason).toBe("broken_image");
  });
});

describe("imageFileToPdf: what it is given", () => {
  it("refuses what is neither PNG nor JPEG as mislabeled", async () => {
    expect((await refusal(new TextEncoder().encode("%PDF-1.7 not an image"))).reason).toBe("mislabeled");
    expect((await refusal(new Uint8Array())).reason).toBe("mislabeled");
  });

  it("never overwrites an existing output file", async () => {
    const input = path.join(dir, "exists-in.jpg");
    const output = path.join(dir, "exists-out.pdf");
    writeFileSync(input, TINY_JPEG);
    writeFileSync(output, "keep me");
    await expect(imageFileToPdf(input, output)).rejects.toThrow();
    expect(readFileSync(output, "utf8")).toBe("keep me");
    expect(existsSync(input)).toBe(true);
  });
});
