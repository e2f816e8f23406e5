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

const WHITE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITERS = new Set([...Buffer.from("()<>[]{}/%")]);

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
      let hex = "";
      i++;
      while (i < src.length && src[i] !== 0x3e) {
        if (!WHITE.has(src[i]!)) hex += String.fromCharCode(src[i]!);
        i++;
      }
      i++;
      if (hex.length % 2) hex += "0";
      push(new Uint8Array(Buffer.from(hex, "hex")), at);
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
      while (i < src.length && !WHITE.has(src[i]!) && !DELIMITERS.has(src[i]!)) i++;
      push({ name: Buffer.from(src.subarray(at + 1, i)).toString("latin1") }, at);
      continue;
    }
    // A number or an operator: a run of regular characters.
    while (i < src.length && !WHITE.has(src[i]!) && !DELIMITERS.has(src[i]!)) i++;
    if (i === at) {
      i++; // a stray delimiter ({, }, >): skipped
      continue;
    }
    const word = Buffer.from(src.subarray(at, i)).toString("latin1");
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
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

const STANDARD: Record<string, StandardFonts> = {
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
};

const num = (o: PDFObject | undefined) => (o instanceof PDFNumber ? o.asNumber() : undefined);

class Metrics {
  private readonly cache = new Map<PDFDict, FontMetrics>();
  private scratch: PDFDocumentType | null = null;
  private readonly standard = new Map<StandardFonts, (code: number) => number>();

  constructor(private readonly doc: PDFDocumentType) {}

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
      return {
        bytes: 1,
        width: (code) => num(widths.lookup(code - first)) ?? missing,
      };
    }
    // A standard 14 font without widths: the metrics every reader has built in.
    const base = (this.lookup(font, "BaseFont", "Name")?.asString() ?? "/Helvetica")
      .slice(1)
      .replace(/^[A-Z]{6}\+/, "");
    const std = STANDARD[base] ?? StandardFonts.Helvetica;
    return { bytes: 1, width: await this.standardWidth(std) };
  }

  private async standardWidth(name: StandardFonts): Promise<(code: number) => number> {
    let fn = this.standard.get(name);
    if (!fn) {
      this.scratch ??= await PDFDocument.create();
      const font = await this.scratch.embedFont(name);
      const known = new Set(font.getCharacterSet());
      const widths = new Map<number, number>();
      fn = (code) => {
        let w = widths.get(code);
        if (w === undefined) {
          // WinAnsi is Latin-1 but for 0x80-0x9F; those take "?"'s width, close enough to place the rest.
          const ch =
            code >= 0x20 && (code < 0x80 || code >= 0xa0) && known.has(code)
              ? String.fromCharCode(code)
              : "?";
          w = font.widthOfTextAtSize(ch, 1000);
          widths.set(code, w);
        }
        return w;
      };
      this.standard.set(name, fn);
    }
    void this.doc;
    return fn;
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

function contentOf(page: PDFPage): Uint8Array | null {
  const contents = page.node.lookup(PDFName.of("Contents"));
  const streams: (PDFObject | undefined)[] =
    contents instanceof PDFArray
      ? Array.from({ length: contents.size() }, (_, i) => contents.lookup(i))
      : [contents!];
  const parts: Uint8Array[] = [];
  for (const s of streams) {
    if (s instanceof PDFRawStream) parts.push(decodePDFRawStream(s).decode());
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
): Promise<boolean> {
  const src = contentOf(page);
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

  const inside = (x: number, y: number) => rects.some(([a, b, c, d]) => x >= a && x <= c && y >= b && y <= d);
  const nextLine = (tx: number, ty: number) => {
    tlm = multiply([1, 0, 0, 1, tx, ty], tlm);
    tm = [...tlm];
  };

  /** Shows a string or TJ array; answers the TJ items to write when a glyph had to go, else null. */
  const show = (items: Operand[]): string[] | null => {
    if (!font || size === 0) return null;
    const out: string[] = [];
    let current: number[] = [];
    let removed = false;
    const flush = () => {
      if (current.length) out.push(hex(new Uint8Array(current)));
      current = [];
    };
    for (const item of items) {
      if (typeof item === "number") {
        flush();
        out.push(fmt(item));
        tm = multiply([1, 0, 0, 1, (-item / 1000) * size * th, 0], tm);
        continue;
      }
      if (!(item instanceof Uint8Array)) continue;
      for (let k = 0; k + font.bytes <= item.length; k += font.bytes) {
        const code = font.bytes === 2 ? (item[k]! << 8) | item[k + 1]! : item[k]!;
        const w0 = font.width(code) / 1000;
        const spacing = tc + (font.bytes === 1 && code === 32 ? tw : 0);
        const advance = (w0 * size + spacing) * th;
        const trm = multiply(multiply([size * th, 0, 0, size, 0, ts], tm), ctm);
        const [cx, cy] = apply(trm, w0 / 2, 0.3);
        if (inside(cx, cy)) {
          removed = true;
          flush();
          out.push(fmt((-(w0 * size + spacing) * 1000) / size));
        } else {
          for (let b = 0; b < font.bytes; b++) current.push(item[k + b]!);
        }
        tm = multiply([1, 0, 0, 1, advance, 0], tm);
      }
    }
    flush();
    return removed ? out : null;
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
          tm = [...tlm];
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
  const stream = doc.context.flateStream(Buffer.concat(parts));
  page.node.set(PDFName.of("Contents"), doc.context.register(stream) as PDFRef);
  return true;
}

/**
 * Removes the glyphs whose centres lie inside the boxes (1-based page, points from the visible
 * top-left) from the pages' content streams; answers the PDF unchanged when no glyph was found.
 */
export async function scrubText(pdf: Uint8Array, boxes: readonly PageBox[]): Promise<Uint8Array> {
  if (boxes.length === 0) return pdf;
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const pages = doc.getPages();
  const metrics = new Metrics(doc);
  let changed = false;
  for (let p = 0; p < pages.length; p++) {
    const onPage = boxes.filter((b) => b.page === p + 1);
    if (onPage.length === 0) continue;
    const page = pages[p]!;
    if (await scrubPage(doc, page, userBoxes(page, onPage), metrics)) changed = true;
  }
  return changed ? doc.save({ useObjectStreams: false }) : pdf;
}
