// Kept, measured need (issue 30): image-file-to-pdf.ts's; @pdf-lib/upng decodes a PNG whole (a 50 MB RGBA PNG: +290 MB peak RSS through pdf-lib, +34 MB a row at a time here; bound 64 MB).
// A PNG's pixels decoded a row at a time, from the file, in bounded memory whatever the image's size
// (service only, Node only): the image data (the IDAT chunks) is read a piece at a time and inflated
// with node:zlib as it is read, each scanline is unfiltered against the one before it (PNG filters
// 0-4), and the rows are handed on in order, top to bottom, as PNG packs them (samples of the file's
// bit depth, big-endian, each row starting on a byte). What is held at any time: a few rows, one
// piece of the file and zlib's window and buffers, whatever the number of rows.
//
// Interlaced (Adam7) images come in seven passes, each a smaller image of every 8th, 4th or 2nd
// pixel, one after the other: the first row of the image needs pixels from passes 1, 2, 4 and 6,
// spread over the whole stream. They are de-interlaced through a scratch file of raw pixels on
// disk (the whole image unfiltered: height × row bytes): each pass's row is put into its place in
// the image's row there (read, its pixels set, written back), then the file is read back top to
// bottom. Memory stays at a row; the disk holds the image's raw pixels until the caller is done
// (the file is removed then), at most width × height × 8 bytes (MAX_PIXELS bounds it).
import { open, rm, type FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";
import { createInflate } from "node:zlib";

export interface PngLayout {
  width: number;
  height: number;
  /** 1, 2, 4, 8 or 16. */
  bitDepth: number;
  /** Samples a pixel: 1 grey or palette, 2 grey + alpha, 3 RGB, 4 RGBA. */
  channels: number;
  interlaced: boolean;
}

/** Where each IDAT chunk's data is in the file. */
export interface DataPart {
  at: number;
  length: number;
}

/** The data is damaged, cut short or not zlib. */
export class PngDataError extends Error {}

/** Bytes of a row of `width` pixels (without its filter byte). */
export function rowBytes(layout: PngLayout, width = layout.width): number {
  return Math.ceil((width * layout.channels * layout.bitDepth) / 8);
}

// Adam7's passes: first column, first row, column step, row step.
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

interface Pass {
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  /** The pass's own size in pixels (0 when it has no pixel). */
  width: number;
  height: number;
}

function passes(layout: PngLayout): Pass[] {
  const { width, height } = layout;
  if (!layout.interlaced) return [{ x0: 0, y0: 0, dx: 1, dy: 1, width, height }];
  return ADAM7.map(([x0, y0, dx, dy]) => {
    const w = width > x0 ? Math.ceil((width - x0) / dx) : 0;
    const h = height > y0 ? Math.ceil((height - y0) / dy) : 0;
    // A pass without columns or rows has no scanlines at all (not even filter bytes).
    return { x0, y0, dx, dy, width: w && h ? w : 0, height: w && h ? h : 0 };
  });
}

/**
 * Undoes the PNG filter `type` on `row` in place; `prev` is the row above (zeros for the first),
 * at least as long as `row`; `bpp` the bytes a pixel (at least 1). False for an unknown type. Also
 * what PDF's PNG predictors (10-15) are, for cross-reference streams (xref-stream.ts).
 */
export function unfilter(type: number, row: Uint8Array, prev: Uint8Array, bpp: number): boolean {
  const n = row.length;
  // Uint8Array stores modulo 256, as the filters' arithmetic wants.
  switch (type) {
    case 0:
      return true;
    case 1: // Sub
      for (let i = bpp; i < n; i++) row[i] = row[i]! + row[i - bpp]!;
      return true;
    case 2: // Up
      for (let i = 0; i < n; i++) row[i] = row[i]! + prev[i]!;
      return true;
    case 3: // Average
      for (let i = 0; i < bpp && i < n; i++) row[i] = row[i]! + (prev[i]! >> 1);
      for (let i = bpp; i < n; i++) row[i] = row[i]! + ((row[i - bpp]! + prev[i]!) >> 1);
      return true;
    case 4: // Paeth
      for (let i = 0; i < bpp && i < n; i++) row[i] = row[i]! + prev[i]!;
      for (let i = bpp; i < n; i++) {
        const a = row[i - bpp]!;
        const b = prev[i]!;
        const c = prev[i - bpp]!;
        // |p - a|, |p - b|, |p - c| for p = a + b - c, without Math.abs: a global's look-up in a
        // hot loop is slow where globals are intercepted (a vm context: Jest's, 100 times slower).
        const pa = b > c ? b - c : c - b;
        const pb = a > c ? a - c : c - a;
        const pc = a + b > 2 * c ? a + b - 2 * c : 2 * c - a - b;
        row[i] = row[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      return true;
    default:
      return false;
  }
}

const PIECE = 64 * 1024;

/** The IDAT chunks' data, a piece at a time (each piece a buffer of its own: zlib may queue it). */
async function* dataPieces(handle: FileHandle, parts: readonly DataPart[]): AsyncGenerator<Buffer> {
  for (const part of parts) {
    for (let p = 0; p < part.length; p += PIECE) {
      const length = Math.min(PIECE, part.length - p);
      const piece = Buffer.allocUnsafe(length);
      let filled = 0;
      while (filled < length) {
        const { bytesRead } = await handle.read(piece, filled, length - filled, part.at + p + filled);
        if (bytesRead === 0) throw new PngDataError("The file ends inside its image data.");
        filled += bytesRead;
      }
      yield piece;
    }
  }
}

/** The inflated image data, a chunk at a time; ends when the caller stops asking. */
async function* inflated(handle: FileHandle, parts: readonly DataPart[]): AsyncGenerator<Buffer> {
  const inflate = createInflate({ chunkSize: PIECE });
  const source = Readable.from(dataPieces(handle, parts), { objectMode: false });
  source.on("error", (error) => inflate.destroy(error));
  source.pipe(inflate);
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) yield chunk;
  } catch (error) {
    throw error instanceof PngDataError ? error : new PngDataError((error as Error).message);
  } finally {
    // Stopping early (every row read, trailing data left) ends both.
    source.destroy();
    inflate.destroy();
  }
}

/**
 * Each scanline of the data, unfiltered, pass by pass (one pass when not interlaced): the pass,
 * the row's number in it and its bytes (valid until the next row is asked for).
 */
async function* scanlines(
  handle: FileHandle,
  parts: readonly DataPart[],
  layout: PngLayout,
): AsyncGenerator<{ pass: Pass; y: number; row: Uint8Array }> {
  const bpp = Math.max(1, (layout.channels * layout.bitDepth) >> 3);
  const todo = passes(layout).filter((p) => p.height > 0);
  const widest = Math.max(...todo.map((p) => rowBytes(layout, p.width)));
  let current = new Uint8Array(widest + 1);
  let previous = new Uint8Array(widest + 1);
  let index = 0;
  let pass = todo[0]!;
  let y = 0;
  let size = rowBytes(layout, pass.width) + 1;
  let filled = 0;
  previous.fill(0);
  for await (const chunk of inflated(handle, parts)) {
    let at = 0;
    while (at < chunk.length) {
      const take = Math.min(size - filled, chunk.length - at);
      current.set(chunk.subarray(at, at + take), filled);
      filled += take;
      at += take;
      if (filled < size) break;
      const row = current.subarray(1, size);
      if (!unfilter(current[0]!, row, previous.subarray(1, size), bpp)) {
        throw new PngDataError(`Unknown filter type ${current[0]!}.`);
      }
      yield { pass, y, row };
      [current, previous] = [previous, current];
      filled = 0;
      if (++y === pass.height) {
        if (++index === todo.length) return; // what follows the image's data is not read
        pass = todo[index]!;
        y = 0;
        size = rowBytes(layout, pass.width) + 1;
        previous.fill(0);
      }
    }
  }
  throw new PngDataError("The image data ends before the image does.");
}

/** Puts the pass row's pixels into the image's row `full` (bit depths below 8: one sample each). */
function scatter(layout: PngLayout, pass: Pass, row: Uint8Array, full: Uint8Array): void {
  const depth = layout.bitDepth;
  if (depth >= 8) {
    const pixel = (layout.channels * depth) >> 3;
    // Byte by byte: a subarray a pixel would cost more than the copy.
    for (let i = 0, x = pass.x0; i < pass.width; i++, x += pass.dx) {
      const from = i * pixel;
      const to = x * pixel;
      for (let k = 0; k < pixel; k++) full[to + k] = row[from + k]!;
    }
    return;
  }
  const max = (1 << depth) - 1;
  for (let i = 0, x = pass.x0; i < pass.width; i++, x += pass.dx) {
    const from = i * depth;
    const value = (row[from >> 3]! >> (8 - depth - (from & 7))) & max;
    const to = x * depth;
    const shift = 8 - depth - (to & 7);
    full[to >> 3] = (full[to >> 3]! & ~(max << shift)) | (value << shift);
  }
}

async function readFully(handle: FileHandle, into: Uint8Array, position: number): Promise<void> {
  let filled = 0;
  while (filled < into.length) {
    const { bytesRead } = await handle.read(into, filled, into.length - filled, position + filled);
    if (bytesRead === 0) break; // past the end of a sparse file: zeros, as allocated
    filled += bytesRead;
  }
}

async function writeFully(handle: FileHandle, bytes: Uint8Array, position: number): Promise<void> {
  let written = 0;
  while (written < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.length - written, position + written);
    written += bytesWritten;
  }
}

/** Rows read back from the scratch file at once. */
const READ_BACK = 1024 * 1024;

/**
 * The image's rows, top to bottom, unfiltered (each valid until the next is asked for). `scratch`
 * is the raw-pixel file an interlaced image is de-interlaced through (created, must not exist;
 * removed when this ends). Throws PngDataError for damaged data.
 */
export async function* pngRows(
  handle: FileHandle,
  parts: readonly DataPart[],
  layout: PngLayout,
  scratch: string,
): AsyncGenerator<Uint8Array> {
  if (!layout.interlaced) {
    for await (const { row } of scanlines(handle, parts, layout)) yield row;
    return;
  }
  const bytes = rowBytes(layout);
  const file = await open(scratch, "wx+");
  try {
    // Sparse: rows not yet written read as zeros.
    await file.truncate(bytes * layout.height);
    const full = new Uint8Array(bytes);
    for await (const { pass, y, row } of scanlines(handle, parts, layout)) {
      const position = (pass.y0 + y * pass.dy) * bytes;
      // The last pass fills whole rows (every column) that no other pass touches.
      if (pass.dx === 1) full.fill(0);
      else await readFully(file, full, position);
      scatter(layout, pass, row, full);
      await writeFully(file, full, position);
    }
    const many = Math.max(1, Math.floor(READ_BACK / bytes));
    const block = new Uint8Array(many * bytes);
    for (let y = 0; y < layout.height; y += many) {
      const count = Math.min(many, layout.height - y);
      const view = block.subarray(0, count * bytes);
      await readFully(file, view, y * bytes);
      for (let r = 0; r < count; r++) yield view.subarray(r * bytes, (r + 1) * bytes);
    }
  } finally {
    await file.close();
    await rm(scratch, { force: true });
  }
}
