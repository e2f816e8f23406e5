// Kept, need (issue 30): no well-kept library removes glyphs from a content stream (pdf-lib writes streams, pdf.js reads them).
// Removes the text tags' characters from the pages' content streams, so that the final document holds
// no tag text at all (a white box over it would still leave it to copy, search and extract).
//
// The page's content is interpreted far enough to know where each glyph is drawn: the graphics state's
// matrix (q, Q, cm) and the text state (BT, Tm, Td, TD, T*, Tc, Tw, Tz, TL, Tf, Ts) with each font's
// glyph widths (/Widths, a composite font's /W, or the standard 14 fonts' metrics). A text-showing
// operator (Tj, TJ, ', ") whose glyphs' centres fall inside a box is rewritten as a TJ in which every
// such glyph is replaced by a move of its own width, so everything after it stays exactly where it
// was. All other bytes of the content stay as they were. Text inside form XObjects is not reached
// (the white box of flatten.ts still covers it).
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument as PDFDocumentType,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPage,
  PDFRawStream,
  PDFRef,
  PDFStream,
  StandardFonts,
} from "pdf-lib";
import type { PageBox } from "./flatten";

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 × m2 (apply m1, then m2), PDF's row-vector convention. */
function multiply(m1: Matrix, m2: Matrix): Matrix {
  const [a, b, c, d, e, f] = m1;
  const [A, B, C, D, E, F] = m2;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}
const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];

// ---------------------------------------------------------------------------------------------
// Tokens

type Operand = number | string | Uint8Array | Operand[] | { name: string } | null;

interface Operation {
  operator: string;
  operands: Operand[];
  /** Byte range of the operands and the operator in the content. */
  start: number;
  end: number;
}

// Byte classes as tables (the tokenizer looks at every byte of every page it reads).
const WHITE_TABLE = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WHITE_TABLE[c] = 1;
const REGULAR_END = new Uint8Array(WHITE_TABLE);
for (const c of "()<>[]{}/%") REGULAR_END[c.charCodeAt(0)] = 1;
const WHITE = { has: (c: number) => WHITE_TABLE[c] === 1 };

/** Latin-1 text of a short byte run (names, numbers, operators). */
function latin1(src: Uint8Array, from: number, to: number): string {
  let out = "";
  for (let k = from; k < to; k++) out += String.fromCharCode(src[k]!);
  return out;
}
const NIBBLE = new Int8Array(256).fill(-1);
for (let d = 0; d < 16; d++) {
  NIBBLE["0123456789abcdef".charCodeAt(d)] = d;
  NIBBLE["0123456789ABCDEF".charCodeAt(d)] = d;
}
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

function* operations(src: Uint8Array): Generator<Operation> {
  let i = 0;
  let operands: Operand[] = [];
  let start = -1;
  const stack: Operand[][] = [];
  const push = (v: Operand, at: number) => {
    if (start < 0) start = at;
    if (stack.length) stack[stack.length - 1]!.push(v);
    else operands.push(v);
  };
  while (i < src.length) {
    const c = src[i]!;
    if (WHITE.has(c)) {
      i++;
      continue;
    }
    const at = i;
    if (c === 0x25) {
      // % comment
      while (i < src.length && src[i] !== 10 && src[i] !== 13) i++;
      continue;
    }
    if (c === 0x28) {
      // ( literal string )
      const out: number[] = [];
      let depth = 1;
      i++;
      while (i < src.length && depth > 0) {
        const ch = src[i]!;
        if (ch === 0x5c) {
          const n = src[i + 1];
          i += 2;
          if (n === undefined) break;
          const map: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };
          if (n in map) out.push(map[n]!);
          else if (n >= 0x30 && n <= 0x37) {
            let v = n - 0x30;
            for (let k = 0; k < 2 && src[i]! >= 0x30 && src[i]! <= 0x37; k++) v = v * 8 + (src[i++]! - 0x30);
            out.push(v & 0xff);
          } else if (n === 13) {
            if (src[i] === 10) i++;
          } else if (n !== 10) out.push(n);
          continue;
        }
        if (ch === 0x28) depth++;
        if (ch === 0x29 && --depth === 0) {
          i++;
          break;
        }
        out.push(ch);
        i++;
      }
      push(new Uint8Array(out), at);
      continue;
    }
    if (c === 0x3c && src[i + 1] === 0x3c) {
      stack.push([]); // a dictionary: kept as a list, never interpreted
      if (start < 0) start = at;
      i += 2;
      continue;
    }
    if (c === 0x3e && src[i + 1] === 0x3e) {
      const dict = stack.pop() ?? [];
      i += 2;
      push(dict, at);
      continue;
    }
    if (c === 0x3c) {
      // <hex string>: nibbles read straight into bytes; white space and other bytes skipped, an odd
      // last nibble followed by 0 (ISO 32000 §7.3.4.3).
      i++;
      let end = i;
      while (end < src.length && src[end] !== 0x3e) end++;
      const out = new Uint8Array((end - i + 1) >> 1);
      let n = 0;
      let high = -1;
      for (; i < end; i++) {
        const v = NIBBLE[src[i]!]!;
        if (v < 0) continue;
        if (high < 0) high = v;
        else {
          out[n++] = (high << 4) | v;
          high = -1;
        }
      }
      if (high >= 0) out[n++] = high << 4;
      i = end + 1;
      push(out.subarray(0, n), at);
      continue;
    }
    if (c === 0x5b) {
      stack.push([]);
      if (start < 0) start = at;
      i++;
      continue;
    }
    if (c === 0x5d) {
      const arr = stack.pop() ?? [];
      i++;
      push(arr, at);
      continue;
    }
    if (c === 0x2f) {
      i++;
      while (i < src.length && REGULAR_END[src[i]!] === 0) i++;
      push({ name: latin1(src, at + 1, i) }, at);
      continue;
    }
    // A number or an operator: a run of regular characters.
    while (i < src.length && REGULAR_END[src[i]!] === 0) i++;
    if (i === at) {
      i++; // a stray delimiter ({, }, >): skipped
      continue;
    }
    const word = latin1(src, at, i);
    const first = word.charCodeAt(0);
    // Only a word starting with a digit, a sign or a point can be a number.
    if (
      (first <= 0x39 && first >= 0x30) || first === 0x2b || first === 0x2d || first === 0x2e
        ? NUMBER.test(word)
        : false
    ) {
      push(Number(word), at);
      continue;
    }
    if (word === "true" || word === "false" || word === "null") {
      push(word === "null" ? null : word, at);
      continue;
    }
    if (stack.length) continue; // an operator inside an array cannot be: ignored
    yield { operator: word, operands, start: start < 0 ? at : start, end: i };
    operands = [];
    start = -1;
    if (word === "ID") {
      // Inline image data: binary up to whitespace, EI, whitespace.
      i++;
      while (i < src.length) {
        if (
          src[i] === 0x45 &&
          src[i + 1] === 0x49 &&
          WHITE.has(src[i - 1]!) &&
          (i + 2 >= src.length || WHITE.has(src[i + 2]!))
        ) {
          i += 2;
          break;
        }
        i++;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Fonts: glyph widths in thousandths of the font size

interface FontMetrics {
  /** Bytes per character code: 2 for composite (Type0) fonts. */
  bytes: 1 | 2;
  width(code: number): number;
}

// Made at first use: pdf-lib loads when a document is first completed, not at the service's start
// (scripts/build-service.ts, LAZY_PACKAGES).
let standardFonts: Record<string, StandardFonts> | undefined;
const STANDARD = () =>
  (standardFonts ??= {
    Helvetica: StandardFonts.Helvetica,
    "Helvetica-Bold": StandardFonts.HelveticaBold,
    "Helvetica-Oblique": StandardFonts.HelveticaOblique,
    "Helvetica-BoldOblique": StandardFonts.HelveticaBoldOblique,
    "Times-Roman": StandardFonts.TimesRoman,
    "Times-Bold": StandardFonts.TimesRomanBold,
    "Times-Italic": StandardFonts.TimesRomanItalic,
    "Times-BoldItalic": StandardFonts.TimesRomanBoldItalic,
    Courier: StandardFonts.Courier,
    "Courier-Bold": StandardFonts.CourierBold,
    "Courier-Oblique": StandardFonts.CourierOblique,
    "Courier-BoldOblique": StandardFonts.CourierBoldOblique,
    Symbol: StandardFonts.Symbol,
    ZapfDingbats: StandardFonts.ZapfDingbats,
  });

const num = (o: PDFObject | undefined) => (o instanceof PDFNumber ? o.asNumber() : undefined);

/** The standard 14 fonts' widths by WinAnsi code, read once per process from pdf-lib's metrics. */
const STANDARD_WIDTHS = new Map<StandardFonts, Promise<Float64Array>>();

function standardWidths(name: StandardFonts): Promise<Float64Array> {
  let widths = STANDARD_WIDTHS.get(name);
  if (!widths) {
    widths = (async () => {
      const font = await (await PDFDocument.create()).embedFont(name);
      const known = new Set(font.getCharacterSet());
      const table = new Float64Array(256);
      for (let code = 0; code < 256; code++) {
        // WinAnsi is Latin-1 but for 0x80-0x9F; those take "?"'s width, close enough to place the rest.
        const ch =
          code >= 0x20 && (code < 0x80 || code >= 0xa0) && known.has(code) ? String.fromCharCode(code) : "?";
        table[code] = font.widthOfTextAtSize(ch, 1000);
      }
      return table;
    })();
    STANDARD_WIDTHS.set(name, widths);
  }
  return widths;
}

class Metrics {
  private readonly cache = new Map<PDFDict, FontMetrics>();

  async of(font: PDFDict): Promise<FontMetrics> {
    let m = this.cache.get(font);
    if (!m) {
      m = await this.read(font);
      this.cache.set(font, m);
    }
    return m;
  }

  private lookup<K extends "Name" | "Array" | "Dict">(dict: PDFDict, key: string, kind: K) {
    const v = dict.lookup(PDFName.of(key));
    const ok =
      kind === "Name"
        ? v instanceof PDFName
        : kind === "Array"
          ? v instanceof PDFArray
          : v instanceof PDFDict;
    return (ok ? v : undefined) as
      (K extends "Name" ? PDFName : K extends "Array" ? PDFArray : PDFDict) | undefined;
  }

  private async read(font: PDFDict): Promise<FontMetrics> {
    const subtype = this.lookup(font, "Subtype", "Name")?.asString();
    if (subtype === "/Type0") {
      const descendant = this.lookup(font, "DescendantFonts", "Array")?.lookup(0);
      const widths = new Map<number, number>();
      let dw = 1000;
      if (descendant instanceof PDFDict) {
        dw = num(descendant.lookup(PDFName.of("DW"))) ?? 1000;
        const w = this.lookup(descendant, "W", "Array");
        for (let i = 0; w && i < w.size();) {
          const first = num(w.lookup(i));
          const next = w.lookup(i + 1);
          if (first === undefined) break;
          if (next instanceof PDFArray) {
            for (let k = 0; k < next.size(); k++) widths.set(first + k, num(next.lookup(k)) ?? dw);
            i += 2;
          } else {
            const last = num(next) ?? first;
            const width = num(w.lookup(i + 2)) ?? dw;
            for (let cid = first; cid <= last && cid - first < 65536; cid++) widths.set(cid, width);
            i += 3;
          }
        }
      }
      return { bytes: 2, width: (code) => widths.get(code) ?? dw };
    }
    const widths = this.lookup(font, "Widths", "Array");
    const first = num(font.lookup(PDFName.of("FirstChar"))) ?? 0;
    const descriptor = this.lookup(font, "FontDescriptor", "Dict");
    const missing = descriptor ? (num(descriptor.lookup(PDFName.of("MissingWidth"))) ?? 0) : 0;
    if (widths) {
      // Read once into a table: the width of every code is asked for glyph after glyph.
      const table = new Float64Array(256).fill(missing);
      for (let k = 0; k < widths.size() && first + k < 256; k++)
        if (first + k >= 0) table[first + k] = num(widths.lookup(k)) ?? missing;
      return { bytes: 1, width: (code) => table[code]! };
    }
    // A standard 14 font without widths: the metrics every reader has built in.
    const base = (this.lookup(font, "BaseFont", "Name")?.asString() ?? "/Helvetica")
      .slice(1)
      .replace(/^[A-Z]{6}\+/, "");
    const table = await standardWidths(STANDARD()[base] ?? StandardFonts.Helvetica);
    return { bytes: 1, width: (code) => table[code]! };
  }
}

// ---------------------------------------------------------------------------------------------
// Pages

/** The boxes (visible top-left coordinates) as rectangles in the page's user space. */
function userBoxes(page: PDFPage, boxes: readonly PageBox[]): [number, number, number, number][] {
  const { x: x0, y: y0, width: w, height: h } = page.getCropBox();
  const rotation = (((page.getRotation().angle % 360) + 360) % 360) as number;
  const frame: Record<number, { matrix: Matrix; height: number }> = {
    0: { matrix: [1, 0, 0, 1, x0, y0], height: h },
    90: { matrix: [0, 1, -1, 0, x0 + w, y0], height: w },
    180: { matrix: [-1, 0, 0, -1, x0 + w, y0 + h], height: h },
    270: { matrix: [0, -1, 1, 0, x0, y0 + h], height: w },
  };
  const f = frame[rotation] ?? frame[0]!;
  return boxes.map((b) => {
    const [ax, ay] = apply(f.matrix, b.x, f.height - b.y - b.height);
    const [bx, by] = apply(f.matrix, b.x + b.width, f.height - b.y);
    return [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
  });
}

/** A stream's decoded bytes: by the codec when its only filter is FlateDecode, else by pdf-lib. */
function decoded(stream: PDFRawStream, codec: FlateCodec | undefined): Uint8Array {
  const filter = stream.dict.lookup(PDFName.of("Filter"));
  const flateOnly =
    (filter instanceof PDFName && filter.asString() === "/FlateDecode") ||
    (filter instanceof PDFArray && filter.size() === 1 && filter.lookup(0) === PDFName.of("FlateDecode"));
  if (codec && flateOnly && !stream.dict.has(PDFName.of("DecodeParms"))) {
    try {
      return codec.inflate(stream.contents);
    } catch {
      // A damaged stream: pdf-lib's decoder reads what it can of it.
    }
  }
  if (!filter) return stream.contents;
  return decodePDFRawStream(stream).decode();
}

function contentOf(page: PDFPage, codec: FlateCodec | undefined): Uint8Array | null {
  const contents = page.node.lookup(PDFName.of("Contents"));
  const streams: (PDFObject | undefined)[] =
    contents instanceof PDFArray
      ? Array.from({ length: contents.size() }, (_, i) => contents.lookup(i))
      : [contents!];
  const parts: Uint8Array[] = [];
  for (const s of streams) {
    if (s instanceof PDFRawStream) parts.push(decoded(s, codec));
    else if (s instanceof PDFStream) parts.push(s.getContents());
    else if (s !== undefined) return null;
    parts.push(new Uint8Array([10]));
  }
  return new Uint8Array(Buffer.concat(parts));
}

const hex = (bytes: Uint8Array) => `<${Buffer.from(bytes).toString("hex")}>`;
const fmt = (n: number) => (Math.abs(n) < 1e-6 ? "0" : Number(n.toFixed(4)).toString());

async function scrubPage(
  doc: PDFDocumentType,
  page: PDFPage,
  rects: [number, number, number, number][],
  metrics: Metrics,
  codec: FlateCodec | undefined,
): Promise<boolean> {
  const src = contentOf(page, codec);
  if (!src) return false;
  const fonts = page.node.Resources()?.lookup(PDFName.of("Font"));
  const fontDict = fonts instanceof PDFDict ? fonts : null;

  let ctm: Matrix = [...IDENTITY];
  const stack: Matrix[] = [];
  let tm: Matrix = [...IDENTITY];
  let tlm: Matrix = [...IDENTITY];
  let tc = 0;
  let tw = 0;
  let th = 1;
  let tl = 0;
  let ts = 0;
  let size = 0;
  let font: FontMetrics | null = null;
  const edits: { start: number; end: number; text: string }[] = [];

  // The boxes as one flat array (x0, y0, x1, y1, ...): looked up glyph after glyph.
  const flat = new Float64Array(rects.flat());
  const inside = (x: number, y: number) => {
    for (let r = 0; r < flat.length; r += 4)
      if (x >= flat[r]! && x <= flat[r + 2]! && y >= flat[r + 1]! && y <= flat[r + 3]!) return true;
    return false;
  };
  /** Whether a height is inside some box's vertical range (a horizontal line's glyphs share it). */
  const rowHit = (y: number) => {
    for (let r = 0; r < flat.length; r += 4) if (y >= flat[r + 1]! && y <= flat[r + 3]!) return true;
    return false;
  };
  const nextLine = (tx: number, ty: number) => {
    tlm = multiply([1, 0, 0, 1, tx, ty], tlm);
    tm = [...tlm]; // its own copy: show() moves it in place
  };

  /**
   * Shows a string or TJ array; answers the TJ items to write when a glyph had to go, else null.
   * Glyph after glyph, so the arithmetic is written out (no matrix allocated per glyph), and the
   * replacement is built only for the rare operation that loses a glyph.
   */
  const show = (items: Operand[]): string[] | null => {
    if (!font || size === 0) return null;
    const bytes = font.bytes;
    // Text on a horizontal baseline (no rotation, no skew: the usual case) keeps one height for all its
    // glyphs: when no box spans that height, only the advance is summed, no glyph placed.
    if (tm[1] === 0 && ctm[1] === 0) {
      const y1 = (0.3 * size + ts) * tm[3] + tm[5];
      if (!rowHit(y1 * ctm[3] + ctm[5])) {
        let dx = 0;
        for (const item of items) {
          if (typeof item === "number") dx -= (item / 1000) * size * th;
          else if (item instanceof Uint8Array)
            for (let k = 0; k + bytes <= item.length; k += bytes) {
              const code = bytes === 2 ? (item[k]! << 8) | item[k + 1]! : item[k]!;
              dx += ((font.width(code) / 1000) * size + tc + (bytes === 1 && code === 32 ? tw : 0)) * th;
            }
        }
        tm[4] += dx * tm[0];
        return null;
      }
    }
    // The glyphs to drop, as (item, byte offset) pairs, each with the move that replaces it.
    let gone: { item: number; k: number; move: number }[] | null = null;
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      if (typeof item === "number") {
        const dx = (-item / 1000) * size * th;
        tm[4] += dx * tm[0];
        tm[5] += dx * tm[1];
        continue;
      }
      if (!(item instanceof Uint8Array)) continue;
      for (let k = 0; k + bytes <= item.length; k += bytes) {
        const code = bytes === 2 ? (item[k]! << 8) | item[k + 1]! : item[k]!;
        const w0 = font.width(code) / 1000;
        const spacing = tc + (bytes === 1 && code === 32 ? tw : 0);
        const advance = (w0 * size + spacing) * th;
        // The glyph's centre: (w0/2, 0.3) in glyph space, through the text matrix and the CTM.
        const px = (w0 / 2) * size * th;
        const py = 0.3 * size + ts;
        const x1 = px * tm[0] + py * tm[2] + tm[4];
        const y1 = px * tm[1] + py * tm[3] + tm[5];
        const cx = x1 * ctm[0] + y1 * ctm[2] + ctm[4];
        const cy = x1 * ctm[1] + y1 * ctm[3] + ctm[5];
        if (inside(cx, cy))
          (gone ??= []).push({ item: index, k, move: (-(w0 * size + spacing) * 1000) / size });
        tm[4] += advance * tm[0];
        tm[5] += advance * tm[1];
      }
    }
    if (!gone) return null;
    const out: string[] = [];
    let next = 0;
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      if (typeof item === "number") {
        out.push(fmt(item));
        continue;
      }
      if (!(item instanceof Uint8Array)) continue;
      let from = 0;
      for (; next < gone.length && gone[next]!.item === index; next++) {
        const { k, move } = gone[next]!;
        if (k > from) out.push(hex(item.subarray(from, k)));
        out.push(fmt(move));
        from = k + bytes;
      }
      const whole = item.length - ((item.length - from) % bytes);
      if (whole > from) out.push(hex(item.subarray(from, whole)));
    }
    return out;
  };

  for (const op of operations(src)) {
    const n = op.operands.map((o) => (typeof o === "number" ? o : 0));
    switch (op.operator) {
      case "q":
        stack.push([...ctm]);
        break;
      case "Q":
        ctm = stack.pop() ?? [...IDENTITY];
        break;
      case "cm":
        if (n.length === 6) ctm = multiply(n as Matrix, ctm);
        break;
      case "BT":
        tm = [...IDENTITY];
        tlm = [...IDENTITY];
        break;
      case "Tm":
        if (n.length === 6) {
          tlm = n as Matrix;
          tm = [...tlm]; // its own copy: show() moves it in place
        }
        break;
      case "Td":
        nextLine(n[0] ?? 0, n[1] ?? 0);
        break;
      case "TD":
        tl = -(n[1] ?? 0);
        nextLine(n[0] ?? 0, n[1] ?? 0);
        break;
      case "T*":
        nextLine(0, -tl);
        break;
      case "Tc":
        tc = n[0] ?? 0;
        break;
      case "Tw":
        tw = n[0] ?? 0;
        break;
      case "Tz":
        th = (n[0] ?? 100) / 100;
        break;
      case "TL":
        tl = n[0] ?? 0;
        break;
      case "Ts":
        ts = n[0] ?? 0;
        break;
      case "Tf": {
        const name = op.operands[0];
        size = n[1] ?? 0;
        const ref =
          name && typeof name === "object" && "name" in name ? fontDict?.lookup(PDFName.of(name.name)) : null;
        font = ref instanceof PDFDict ? await metrics.of(ref) : null;
        break;
      }
      case "Tj":
      case "TJ":
      case "'":
      case '"': {
        let prefix = "";
        if (op.operator === "'" || op.operator === '"') {
          if (op.operator === '"') {
            tw = n[0] ?? 0;
            tc = n[1] ?? 0;
            prefix = `${fmt(tw)} Tw ${fmt(tc)} Tc `;
          }
          nextLine(0, -tl);
          prefix += "T* ";
        }
        const last = op.operands[op.operands.length - 1];
        const items = op.operator === "TJ" ? (Array.isArray(last) ? last : []) : [last ?? null];
        const rewritten = show(items);
        if (rewritten)
          edits.push({ start: op.start, end: op.end, text: `${prefix}[${rewritten.join(" ")}] TJ` });
        break;
      }
    }
  }
  if (edits.length === 0) return false;
  const parts: Buffer[] = [];
  let at = 0;
  for (const e of edits) {
    parts.push(Buffer.from(src.subarray(at, e.start)), Buffer.from(e.text, "latin1"));
    at = e.end;
  }
  parts.push(Buffer.from(src.subarray(at)));
  const content = new Uint8Array(Buffer.concat(parts));
  const stream = codec
    ? PDFRawStream.of(doc.context.obj({ Filter: "FlateDecode" }), codec.deflate(content))
    : doc.context.flateStream(content);
  page.node.set(PDFName.of("Contents"), doc.context.register(stream) as PDFRef);
  return true;
}

/**
 * Compression for the content streams read and written, when the caller has a faster one than
 * pdf-lib's (JavaScript) pako: the service passes node:zlib's. Both speak zlib (FlateDecode).
 */
export interface FlateCodec {
  deflate(bytes: Uint8Array): Uint8Array;
  inflate(bytes: Uint8Array): Uint8Array;
}

/**
 * Removes the glyphs whose centres lie inside the boxes (1-based page, points from the visible
 * top-left) from the content streams of a loaded document, page by page; only the pages with a box
 * are read, and only those that lost a glyph get a new content stream. Answers how many did.
 */
export async function scrubTextIn(
  doc: PDFDocumentType,
  boxes: readonly PageBox[],
  codec?: FlateCodec,
): Promise<number> {
  if (boxes.length === 0) return 0;
  const pages = doc.getPages();
  const metrics = new Metrics();
  let changed = 0;
  for (let p = 0; p < pages.length; p++) {
    const onPage = boxes.filter((b) => b.page === p + 1);
    if (onPage.length === 0) continue;
    const page = pages[p]!;
    if (await scrubPage(doc, page, userBoxes(page, onPage), metrics, codec)) changed++;
  }
  return changed;
}

/** scrubTextIn on PDF bytes: the PDF unchanged when no glyph was found, else rewritten. */
export async function scrubText(pdf: Uint8Array, boxes: readonly PageBox[]): Promise<Uint8Array> {
  if (boxes.length === 0) return pdf;
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return (await scrubTextIn(doc, boxes)) ? doc.save({ useObjectStreams: false }) : pdf;
}
