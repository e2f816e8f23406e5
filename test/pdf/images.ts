// Small real images for the PDF tests, made here so no binary fixture is needed.
import { deflateSync } from "node:zlib";

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A PNG chunk: length, type, data and its CRC-32. */
export function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "ascii"), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * An RGB PNG of `width`×`height`, optionally with a pHYs chunk giving its resolution in dots per
 * inch (stored as dots per metre, as PNG does).
 */
export function makePng(width: number, height: number, dpi?: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw[y * (width * 3 + 1) + 1 + x * 3] = (x * 255) / Math.max(1, width - 1);
  }
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr)];
  if (dpi !== undefined) {
    const phys = Buffer.alloc(9);
    const perMetre = Math.round(dpi / 0.0254);
    phys.writeUInt32BE(perMetre, 0);
    phys.writeUInt32BE(perMetre, 4);
    phys[8] = 1; // unit: metre
    parts.push(chunk("pHYs", phys));
  }
  parts.push(chunk("IDAT", deflateSync(raw)), chunk("IEND", new Uint8Array()));
  return new Uint8Array(Buffer.concat(parts));
}

export const TINY_PNG = makePng(2, 2);

/**
 * An RGBA PNG of `width`×`height` (a screenshot with transparency: colours across and down, alpha
 * from transparent at the top-left to opaque at the bottom-right), filtered as an encoder would
 * (Sub for the first row, then Up and Sub in turn), optionally stating its resolution.
 */
export function makeRgbaPng(width: number, height: number, dpi?: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const stride = width * 4 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = y % 2 === 0 ? 1 : 2;
    raw[y * stride] = filter;
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 4; c++) {
        const predicted =
          filter === 1
            ? x > 0
              ? rgbaSample(x - 1, y, c, width, height)
              : 0
            : rgbaSample(x, y - 1, c, width, height);
        raw[y * stride + 1 + x * 4 + c] = (rgbaSample(x, y, c, width, height) - predicted) & 255;
      }
    }
  }
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr)];
  if (dpi !== undefined) {
    const phys = Buffer.alloc(9);
    const perMetre = Math.round(dpi / 0.0254);
    phys.writeUInt32BE(perMetre, 0);
    phys.writeUInt32BE(perMetre, 4);
    phys[8] = 1;
    parts.push(chunk("pHYs", phys));
  }
  parts.push(chunk("IDAT", deflateSync(raw)), chunk("IEND", new Uint8Array()));
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * Sample `c` (red, green, blue, alpha) of makeRgbaPng's pixel (x, y). Integer arithmetic, no Math:
 * a global looked up in a hot loop is very slow in Jest's vm context.
 */
export function rgbaSample(x: number, y: number, c: number, width: number, height: number): number {
  if (c === 0) return ((x * 255) / width) | 0;
  if (c === 1) return ((y * 255) / height) | 0;
  if (c === 2) return 128;
  return (((x + y) * 255) / (width + height - 2 || 1)) | 0;
}

/** A valid 1×1 baseline JPEG (grey), 72 dpi in its JFIF header. */
export const TINY_JPEG = new Uint8Array(
  Buffer.from(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
    "base64",
  ),
);

/**
 * A drawn signature as the signing pad gives it: a transparent `width`×`height` RGBA canvas with a
 * dark stroke (a thick wave) across its middle: ink from 10 % to 90 % across, 30 % to 70 % down.
 */
export function signaturePng(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const stride = width * 4 + 1;
  const raw = Buffer.alloc(stride * height); // filter 0, transparent black
  const thick = Math.max(1, Math.round(height * 0.06));
  for (let x = Math.round(width * 0.1); x < Math.round(width * 0.9); x++) {
    const centre = Math.round(height * (0.5 + 0.14 * Math.sin((x / width) * 4 * Math.PI)));
    for (let y = centre - thick; y <= centre + thick; y++) {
      const at = y * stride + 1 + x * 4;
      raw[at] = 13;
      raw[at + 1] = 26;
      raw[at + 2] = 89;
      raw[at + 3] = 255;
    }
  }
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", deflateSync(raw)),
      chunk("IEND", new Uint8Array()),
    ]),
  );
}
