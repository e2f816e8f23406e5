// Kept, measured need (issue 30): pdf-lib (with @pdf-lib/upng) holds and decodes the whole image: a 50 MB RGBA PNG made a PDF with +290 MB peak RSS, file to file here +34 MB (bound 64 MB).
// PNG and JPEG files made into one-page PDFs file to file, without holding the image (service only,
// Node only). image-to-pdf.ts does the same on bytes with pdf-lib, which holds the file, decodes a
// PNG to its pixels and re-compresses them, and holds the PDF it writes: several times a 50 MB image.
// Here the PDF is written as the bytes pass:
// - a JPEG goes in whole as the image's DCTDecode data (as pdf-lib embeds it), after reading its
//   frame header for the size and colours;
// - a PNG without transparency goes in as its compressed data (the IDAT chunks), which PDF's
//   FlateDecode with the PNG predictors reads as it is; the data is inflated on the way through
//   (and thrown away) only to check that it is whole. A colour-keyed PNG (tRNS on grey or RGB)
//   becomes a /Mask of that colour.
// - a PNG with an alpha channel (grey + alpha, RGBA), transparent palette entries or interlacing is
//   decoded a row at a time (png-rows.ts: inflated as it is read, unfiltered, de-interlaced through
//   a scratch file), its colour samples and its alpha samples deflated into two files beside the
//   output, then copied into the PDF as the image and its /SMask (left out when every pixel is
//   opaque). Memory stays at a few rows and zlib's buffers whatever the image's size; only its
//   pixel count is bounded (MAX_PIXELS, for the time it takes; every image is, for the viewers). 16-bit images stay 16-bit (PDF 1.5
//   images and soft masks may have 16 bits a component; pdf.js and poppler read them).
// The page size follows image-to-pdf.ts's rules (imagePageSize), so both give the same page.
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { open, rm, type FileHandle } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { createDeflate, createInflate, type Deflate } from "node:zlib";
import { imagePageSize, believableResolution, type ImageResolution } from "../../pdf/image-to-pdf";
import { InvalidDocumentError, tooManyPixels } from "../../pdf/inspect";
import { MAX_IMAGE_PIXELS } from "../../pdf/limits";
import { PngDataError, pngRows, rowBytes, type DataPart, type PngLayout } from "./png-rows";

/**
 * Pixels up to which a PNG that must be decoded (transparency, interlacing) is converted: the
 * memory does not depend on it, the time does: the rows are unfiltered on the service's main thread,
 * and zeros inflate a thousandfold, so a file under a megabyte could ask for 800 MB of 16-bit RGBA
 * (15-30 s of a core). 40 million is more than an 8K screenshot (33 million) or a letter page
 * scanned at 600 dpi (34 million), and at most 320 MB of samples (about 5 s).
 */
export const MAX_PIXELS = MAX_IMAGE_PIXELS;
/** Pixels a side of a PNG that must be decoded (as a JPEG's own limit): a row is at most 512 KB. */
export const MAX_SIDE = 65535;

const COPY_BYTES = 1024 * 1024;

export interface ImageFileOptions {
  /**
   * Called after every few megabytes of pixels inflated (GARBAGE_EVERY): zlib hands each piece it
   * inflates over in a buffer of its own, small objects on V8's heap holding 64 KB outside it,
   * which pile up (tens of megabytes for a 50 MB PNG) before V8 collects them. The service passes
   * a young-generation collection (src/service/memory.ts); this module does not reach for it.
   */
  collect?: () => void;
}

/** Bytes of pixels inflated between two calls of ImageFileOptions.collect. */
const GARBAGE_EVERY = 4 * 1024 * 1024;

export interface ImagePdf {
  /** The page, in points. */
  width: number;
  height: number;
}

/**
 * Refuses an image of more than MAX_PIXELS pixels, whatever its kind: the service may pass it on
 * undecoded, but each signer's viewer decodes it.
 */
function checkPixels(kind: "JPEG" | "PNG", width: number, height: number): void {
  if (width * height > MAX_PIXELS) throw tooManyPixels(`The ${kind}`, width, height);
}

function broken(detail?: string): InvalidDocumentError {
  return new InvalidDocumentError("broken_image", detail);
}

async function readAt(
  handle: FileHandle,
  position: number,
  length: number,
  into: Buffer = Buffer.alloc(length),
): Promise<Buffer> {
  const buffer = into.subarray(0, length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/** A number as PDF writes it: no exponent, at most four decimals. */
function num(n: number): string {
  return String(Math.round(n * 10000) / 10000);
}

/** Writes the PDF object by object and remembers where each begins. */
class PdfOut {
  private at = 0;
  private readonly offsets: number[] = [];
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  constructor(private readonly handle: FileHandle) {}

  async write(data: string | Buffer): Promise<void> {
    const bytes = typeof data === "string" ? Buffer.from(data, "latin1") : data;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    this.at += bytes.length;
    if (this.pendingBytes >= COPY_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.length) await this.handle.writev(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** Writes `bytes` now (after what is pending): the caller may reuse them once this resolves. */
  async writeNow(bytes: Buffer): Promise<void> {
    await this.flush();
    const { bytesWritten } = await this.handle.write(bytes);
    if (bytesWritten !== bytes.length)
      throw new Error(`Short write: ${bytesWritten} of ${bytes.length} bytes.`);
    this.at += bytes.length;
  }

  begin(n: number): void {
    this.offsets[n] = this.at;
  }

  async end(size: number): Promise<void> {
    const xref = this.at;
    let table = `xref\n0 ${size}\n0000000000 65535 f \n`;
    for (let n = 1; n < size; n++) table += `${String(this.offsets[n] ?? 0).padStart(10, "0")} 00000 n \n`;
    await this.write(`${table}trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
    await this.flush();
    await this.handle.sync();
  }
}

interface ImageObject {
  width: number;
  height: number;
  /** The image dictionary's entries other than the size, the type and /Length. */
  entries: string;
  /**
   * Writes the image's data (exactly `length` bytes) through `write`, a piece at a time, reusing
   * one buffer (each piece is written before the next is read: no garbage piles up).
   */
  length: number;
  data: (write: (b: Buffer) => Promise<void>) => Promise<void>;
  resolution: ImageResolution | null;
  /** The image's soft mask (its alpha, the same size, /DeviceGray): entries, length and data. */
  smask?: Pick<ImageObject, "entries" | "length" | "data">;
}

/**
 * The PDF of one page showing `image`: catalog 1, pages 2, page 3, content 4, image 5, and its soft
 * mask 6 if it has one.
 */
async function writeImagePdf(output: string, image: ImageObject): Promise<ImagePdf> {
  const page = imagePageSize(image.width, image.height, image.resolution);
  const handle = await open(output, "wx");
  try {
    const out = new PdfOut(handle);
    await out.write("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
    out.begin(1);
    await out.write("1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
    out.begin(2);
    await out.write("2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n");
    out.begin(3);
    await out.write(
      `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] ` +
        `/Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>\nendobj\n`,
    );
    const content = `q ${num(page.width)} 0 0 ${num(page.height)} 0 0 cm /Im1 Do Q\n`;
    out.begin(4);
    await out.write(`4 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`);
    const objects: [Pick<ImageObject, "entries" | "length" | "data">, string][] = [
      [image, image.smask ? " /SMask 6 0 R" : ""],
    ];
    if (image.smask) objects.push([image.smask, ""]);
    for (const [n, [object, more]] of objects.entries()) {
      out.begin(5 + n);
      await out.write(
        `${5 + n} 0 obj\n<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} ` +
          `${object.entries}${more} /Length ${object.length} >>\nstream\n`,
      );
      let written = 0;
      await object.data(async (b) => {
        written += b.length;
        await out.writeNow(b);
      });
      if (written !== object.length) throw broken();
      await out.write("\nendstream\nendobj\n");
    }
    await out.end(5 + objects.length);
    return page;
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// JPEG

/** Start-of-frame markers (baseline, extended, progressive, lossless; not DHT C4, JPG C8, DAC CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

async function jpegImage(handle: FileHandle, size: number): Promise<ImageObject> {
  let at = 2;
  let resolution: ImageResolution | null = null;
  for (;;) {
    const head = await readAt(handle, at, 4);
    if (head.length < 2 || head[0] !== 0xff) throw broken();
    const marker = head[1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // no length
      continue;
    }
    if (head.length < 4 || marker === 0xd9 || marker === 0xda) throw broken(); // no frame before the scan
    const length = head.readUInt16BE(2);
    if (length < 2) throw broken();
    if (marker === 0xe0 && !resolution) {
      const app = await readAt(handle, at + 4, 12);
      if (app.length === 12 && app.subarray(0, 5).toString("latin1") === "JFIF\0") {
        const units = app[7];
        const x = app.readUInt16BE(8);
        const y = app.readUInt16BE(10);
        if (units === 1) resolution = { dpiX: x, dpiY: y };
        if (units === 2) resolution = { dpiX: x * 2.54, dpiY: y * 2.54 };
      }
    }
    if (isStartOfFrame(marker)) {
      const frame = await readAt(handle, at + 4, 6);
      if (frame.length < 6) throw broken();
      const bits = frame[0]!;
      const height = frame.readUInt16BE(1);
      const width = frame.readUInt16BE(3);
      const components = frame[5]!;
      const space =
        components === 1
          ? "/DeviceGray"
          : components === 3
            ? "/DeviceRGB"
            : components === 4
              ? "/DeviceCMYK"
              : null;
      if (!space || width === 0 || height === 0) throw broken();
      checkPixels("JPEG", width, height);
      return {
        width,
        height,
        // CMYK JPEGs are stored inverted (Adobe's convention), as pdf-lib assumes too.
        entries:
          `/ColorSpace ${space} /BitsPerComponent ${bits} /Filter /DCTDecode` +
          (components === 4 ? " /Decode [1 0 1 0 1 0 1 0]" : ""),
        length: size,
        resolution: believableResolution(resolution),
        data: async (write) => {
          const piece = Buffer.allocUnsafe(COPY_BYTES);
          for (let p = 0; p < size; p += COPY_BYTES)
            await write(await readAt(handle, p, Math.min(COPY_BYTES, size - p), piece));
        },
      };
    }
    at += 2 + length;
  }
}

// ---------------------------------------------------------------------------------------------
// PNG

interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
}

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/**
 * The PNG's image object. One that must be decoded is decoded now, into files named after `output`
 * (listed in `scratch` for the caller to remove).
 */
async function pngImage(
  handle: FileHandle,
  size: number,
  output: string,
  scratch: string[],
  collect: () => void,
): Promise<ImageObject> {
  let header: PngHeader | null = null;
  let palette: Buffer | null = null;
  let transparency: Buffer | null = null;
  let resolution: ImageResolution | null = null;
  const data: DataPart[] = [];
  let dataLength = 0;
  for (let at = 8; ;) {
    const head = await readAt(handle, at, 8);
    if (head.length < 8) throw broken(); // no IEND
    const length = head.readUInt32BE(0);
    const type = head.subarray(4, 8).toString("latin1");
    if (at + 12 + length > size) throw broken();
    if (!header && type !== "IHDR") throw broken();
    if (type === "IHDR") {
      const h = await readAt(handle, at + 8, 13);
      if (length !== 13 || h.length < 13) throw broken();
      header = {
        width: h.readUInt32BE(0),
        height: h.readUInt32BE(4),
        bitDepth: h[8]!,
        colorType: h[9]!,
        interlaced: h[12] === 1,
      };
      if (
        header.width === 0 ||
        header.height === 0 ||
        !PNG_DEPTHS[header.colorType]?.includes(header.bitDepth) ||
        h[10] !== 0 ||
        h[11] !== 0 ||
        h[12]! > 1
      ) {
        throw broken();
      }
    } else if (type === "PLTE") {
      if (length % 3 !== 0 || length === 0 || length > 768) throw broken();
      palette = await readAt(handle, at + 8, length);
    } else if (type === "tRNS") {
      transparency = await readAt(handle, at + 8, Math.min(length, 256));
    } else if (type === "pHYs" && length === 9) {
      const p = await readAt(handle, at + 8, 9);
      if (p[8] === 1) resolution = { dpiX: p.readUInt32BE(0) * 0.0254, dpiY: p.readUInt32BE(4) * 0.0254 };
    } else if (type === "IDAT") {
      data.push({ at: at + 8, length });
      dataLength += length;
    } else if (type === "IEND") {
      break;
    }
    at += 12 + length;
  }
  if (!header || data.length === 0) throw broken();
  const { width, height, bitDepth, colorType } = header;
  if (colorType === 3 && !palette) throw broken();

  const colors = PNG_CHANNELS[colorType]!;
  let space: string;
  if (colorType === 3)
    space = `[/Indexed /DeviceRGB ${palette!.length / 3 - 1} <${palette!.toString("hex")}>]`;
  else space = colorType === 0 || colorType === 4 ? "/DeviceGray" : "/DeviceRGB";
  let mask = "";
  if (transparency && (colorType === 0 || colorType === 2)) {
    // A colour key: the pixels of exactly this colour are transparent.
    const key: number[] = [];
    for (let c = 0; c < colors && 2 * c + 1 < transparency.length; c++) {
      const v = transparency.readUInt16BE(2 * c);
      key.push(v, v);
    }
    if (key.length === 2 * colors) mask = ` /Mask [${key.join(" ")}]`;
  }

  const alpha = colorType === 4 || colorType === 6 || (colorType === 3 && transparency !== null);
  if (alpha || header.interlaced) {
    const decoded = await decodePng(handle, data, header, output, scratch, {
      palette: colorType === 3 ? transparency : null,
      collect,
    });
    return {
      width,
      height,
      entries: `/ColorSpace ${space} ${decoded.colour.entries}${mask}`,
      length: decoded.colour.length,
      data: decoded.colour.data,
      resolution: believableResolution(resolution),
      ...(decoded.alpha ? { smask: decoded.alpha } : {}),
    };
  }

  checkPixels("PNG", width, height);
  const expected = height * (rowBytes({ width, height, bitDepth, channels: colors, interlaced: false }) + 1);
  return {
    width,
    height,
    entries:
      `/ColorSpace ${space} /BitsPerComponent ${bitDepth} /Filter /FlateDecode ` +
      `/DecodeParms << /Predictor 15 /Colors ${colors} /BitsPerComponent ${bitDepth} /Columns ${width} >>${mask}`,
    length: dataLength,
    resolution: believableResolution(resolution),
    data: async (write) => {
      // The compressed data is checked as it passes: whole (zlib's own checksum) and as long as
      // the image needs, so a damaged PNG is refused here as pdf-lib would refuse it.
      const inflate = createInflate();
      let inflated = 0;
      let collected = 0;
      let failure: unknown = null;
      inflate.on("data", (chunk: Buffer) => (inflated += chunk.length));
      inflate.on("error", (error) => (failure ??= error));
      const ended = new Promise<void>((resolve) => inflate.on("close", resolve));
      const piece = Buffer.allocUnsafe(COPY_BYTES);
      for (const part of data) {
        for (let p = 0; p < part.length; p += COPY_BYTES) {
          const bytes = await readAt(handle, part.at + p, Math.min(COPY_BYTES, part.length - p), piece);
          await write(bytes);
          if (failure) break;
          if (inflated >= collected + GARBAGE_EVERY) {
            collected = inflated;
            collect();
          }
          // zlib copies what it is given only when it cannot take it at once: wait until it has
          // used this piece before reading the next into the same buffer. A stream that failed
          // (data that is not zlib) is destroyed and never calls back: its closing ends the wait.
          await new Promise<void>((resolve) => {
            const done = () => {
              inflate.off("close", done);
              resolve();
            };
            inflate.on("close", done);
            inflate.write(bytes, (error) => {
              if (error) failure ??= error;
              done();
            });
          });
        }
      }
      inflate.end();
      await ended;
      if (failure || inflated < expected) throw broken();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// PNGs that must be decoded

/** What is deflated at once (and at most what waits for zlib, twice this). */
const BATCH = 256 * 1024;

/**
 * A file that rows written to it are deflated into, each row with PNG's Up filter (the difference
 * from the row above: screenshots and scans repeat rows) for FlateDecode's /Predictor 15. zlib's
 * backpressure is respected: at most about 2 × BATCH waits for it.
 */
class FlateRows {
  private readonly deflate: Deflate;
  private readonly done: Promise<void>;
  private batch = Buffer.allocUnsafe(0);
  private used = 0;
  private readonly above: Uint8Array;

  constructor(
    readonly path: string,
    rowLength: number,
  ) {
    this.deflate = createDeflate({ level: 6 });
    this.done = pipeline(this.deflate, createWriteStream(path, { flags: "wx" }));
    this.done.catch(() => undefined); // awaited in close; a failure also ends the waits in flush
    this.above = new Uint8Array(rowLength);
  }

  /** Adds `row` (its bytes are copied: the caller may reuse it). */
  async row(row: Uint8Array): Promise<void> {
    if (this.used + row.length + 1 > this.batch.length) {
      await this.flush();
      this.batch = Buffer.allocUnsafe(Math.max(BATCH, row.length + 1));
    }
    const out = this.batch;
    let at = this.used;
    out[at++] = 2; // Up
    const above = this.above;
    for (let i = 0; i < row.length; i++) out[at + i] = row[i]! - above[i]!;
    above.set(row);
    this.used = at + row.length;
  }

  private async flush(): Promise<void> {
    if (this.used === 0) return;
    if (this.deflate.destroyed) await this.done; // throws its failure
    // The batch is handed over (not reused): a new one is allocated for what follows.
    this.deflate.write(this.batch.subarray(0, this.used));
    this.used = 0;
    if (this.deflate.writableLength > BATCH) await Promise.race([once(this.deflate, "drain"), this.done]);
  }

  /** Ends the stream; answers the compressed size. */
  async close(): Promise<number> {
    await this.flush();
    this.deflate.end();
    await this.done;
    const file = await open(this.path, "r");
    try {
      return (await file.stat()).size;
    } finally {
      await file.close();
    }
  }

  /** Stops (after a failure elsewhere); the file is left for the caller to remove. */
  async abort(): Promise<void> {
    this.deflate.destroy();
    await this.done.catch(() => undefined);
  }
}

/** Writes the content of the file at `path` (`size` bytes) through `write`, a piece at a time. */
function fileData(path: string, size: number): ImageObject["data"] {
  return async (write) => {
    const handle = await open(path, "r");
    try {
      const piece = Buffer.allocUnsafe(COPY_BYTES);
      for (let p = 0; p < size; p += COPY_BYTES)
        await write(await readAt(handle, p, Math.min(COPY_BYTES, size - p), piece));
    } finally {
      await handle.close();
    }
  };
}

type DecodedPart = Pick<ImageObject, "entries" | "length" | "data">;

/**
 * Decodes the PNG a row at a time (png-rows.ts) into its colour samples (the image, without its
 * colour space, which the caller names) and its alpha samples (the soft mask, null when every
 * pixel is opaque), each deflated into a file beside `output`. Colour and alpha keep the PNG's bit
 * depth (16 stays 16); a palette's transparency becomes an 8-bit alpha of each entry's value.
 */
async function decodePng(
  handle: FileHandle,
  data: readonly DataPart[],
  header: PngHeader,
  output: string,
  scratch: string[],
  options: { palette: Buffer | null; collect: () => void },
): Promise<{ colour: DecodedPart; alpha: DecodedPart | null }> {
  const { width, height, bitDepth, colorType, interlaced } = header;
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    throw new InvalidDocumentError(
      "too_complex",
      `The PNG is ${width}×${height} pixels ${interlaced ? "and interlaced" : "with transparency"}: ` +
        `more than the ${MAX_PIXELS / 1e6} million pixels (${MAX_SIDE} a side) such an image may have. ` +
        `Save it smaller, without ${interlaced ? "interlacing" : "transparency"} or as a JPEG, and upload that.`,
    );
  }
  const layout: PngLayout = { width, height, bitDepth, channels: PNG_CHANNELS[colorType]!, interlaced };
  const hasAlpha = colorType === 4 || colorType === 6;
  const colours = colorType === 2 || colorType === 6 ? 3 : 1;
  const sample = bitDepth === 16 ? 2 : 1;
  // A palette's transparency, entry by entry (entries past tRNS's end are opaque).
  let paletteAlpha: Uint8Array | null = null;
  if (colorType === 3 && options.palette) {
    paletteAlpha = new Uint8Array(256).fill(255);
    paletteAlpha.set(options.palette.subarray(0, 256));
  }
  const alphaDepth = hasAlpha ? bitDepth : 8;
  const colourRow = new Uint8Array(hasAlpha ? width * colours * sample : rowBytes(layout));
  const alphaRow = hasAlpha || paletteAlpha ? new Uint8Array(width * (alphaDepth >> 3)) : null;

  const colour = new FlateRows(`${output}.colour`, colourRow.length);
  scratch.push(colour.path, `${output}.pixels`);
  let alpha: FlateRows | null = null;
  if (alphaRow) {
    alpha = new FlateRows(`${output}.alpha`, alphaRow.length);
    scratch.push(alpha.path);
  }
  let opaque = true;
  let sinceCollected = 0;
  try {
    for await (const row of pngRows(handle, data, layout, `${output}.pixels`)) {
      sinceCollected += row.length;
      if (sinceCollected >= GARBAGE_EVERY) {
        sinceCollected = 0;
        options.collect();
      }
      if (hasAlpha) {
        // Colour samples then the alpha sample, each `sample` bytes.
        const colourBytes = colours * sample;
        const pixel = colourBytes + sample;
        if (colours === 3 && sample === 1) {
          for (let x = 0, i = 0, c = 0; x < width; x++, i += 4, c += 3) {
            colourRow[c] = row[i]!;
            colourRow[c + 1] = row[i + 1]!;
            colourRow[c + 2] = row[i + 2]!;
            alphaRow![x] = row[i + 3]!;
          }
        } else {
          for (let x = 0, i = 0; x < width; x++, i += pixel) {
            for (let k = 0; k < colourBytes; k++) colourRow[x * colourBytes + k] = row[i + k]!;
            for (let k = 0; k < sample; k++) alphaRow![x * sample + k] = row[i + colourBytes + k]!;
          }
        }
        await colour.row(colourRow);
      } else {
        if (paletteAlpha) {
          const max = (1 << bitDepth) - 1;
          for (let x = 0; x < width; x++) {
            const bit = x * bitDepth;
            alphaRow![x] = paletteAlpha[(row[bit >> 3]! >> (8 - bitDepth - (bit & 7))) & max]!;
          }
        }
        await colour.row(row);
      }
      if (alphaRow) {
        if (opaque) for (let i = 0; i < alphaRow.length && opaque; i++) opaque = alphaRow[i] === 255;
        await alpha!.row(alphaRow);
      }
    }
  } catch (error) {
    await colour.abort();
    await alpha?.abort();
    throw error instanceof PngDataError ? broken() : error;
  }
  const colourLength = await colour.close();
  const alphaLength = alpha ? await alpha.close() : 0;
  const parms = (colors: number, depth: number) =>
    `/BitsPerComponent ${depth} /Filter /FlateDecode ` +
    `/DecodeParms << /Predictor 15 /Colors ${colors} /BitsPerComponent ${depth} /Columns ${width} >>`;
  return {
    colour: {
      entries: parms(colours, bitDepth),
      length: colourLength,
      data: fileData(colour.path, colourLength),
    },
    alpha:
      alpha && !opaque
        ? {
            entries: `/ColorSpace /DeviceGray ${parms(1, alphaDepth)}`,
            length: alphaLength,
            data: fileData(alpha.path, alphaLength),
          }
        : null,
  };
}

/**
 * Writes to `output` (created, must not exist) a one-page PDF showing the PNG or JPEG in `input`;
 * answers the page's size. Throws InvalidDocumentError `broken_image` for an image it cannot read,
 * `too_complex` for an image of more than MAX_PIXELS pixels (a PNG to decode also past MAX_SIDE).
 */
export async function imageFileToPdf(
  input: string,
  output: string,
  options: ImageFileOptions = {},
): Promise<ImagePdf> {
  const collect = options.collect ?? (() => undefined);
  const handle = await open(input, "r");
  const scratch: string[] = [];
  try {
    const { size } = await handle.stat();
    const signature = await readAt(handle, 0, 8);
    let image: ImageObject;
    if (signature.length >= 8 && signature.readUInt32BE(0) === 0x89504e47) {
      image = await pngImage(handle, size, output, scratch, collect);
    } else if (
      signature.length >= 3 &&
      signature[0] === 0xff &&
      signature[1] === 0xd8 &&
      signature[2] === 0xff
    ) {
      image = await jpegImage(handle, size);
    } else {
      throw new InvalidDocumentError("mislabeled", "The file is not a PNG or JPEG image.");
    }
    return await writeImagePdf(output, image);
  } finally {
    await handle.close();
    for (const file of scratch) await rm(file, { force: true });
  }
}
