// Finding text tags (contract §5) in a PDF, with where each sits on its page (§6.2 DetectedTag):
// pdf.js gives the page's text as runs with positions; the runs are joined into lines (a tag drawn
// in several runs, e.g. in two fonts, reads as one string), src/tags' scanner finds the tags in
// that text, and each tag's characters are mapped back to their runs to get its rectangle.
//
// Service-side (pdf.js is large and loaded lazily). The rectangle is in points from the page's
// visible top-left (after /Rotate and the CropBox), like annotations (§6.4).
import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
// Types only: pdf.js itself is loaded lazily, by loadPdfJs.
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { scan } from "../tags";
import type { TagFormat, TagType } from "../tags";
import {
  TEXT_ASCENT,
  TEXT_DESCENT,
  normaliseBox,
  pageGeometry,
  toTopLeft,
  type PageGeometry,
} from "./geometry";
import { InvalidDocumentError } from "./inspect";
import { TEXT_SIZE_CAP, tagFieldBox, type Box } from "./tag-field-box";

export interface DetectedTag {
  text: string;
  format: TagFormat;
  /** The fields below are null, and `error` set, for a tag that does not parse. */
  type: TagType | null;
  signerIndex: number | null;
  required: boolean | null;
  label: string | null;
  group: string | null;
  options: string[] | null;
  /** 1-based page number. */
  page: number;
  /** The tag's own text box, in points from the page's visible top-left. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The box of the field the tag makes: on its line, in the free space beside it (tag-field-box.ts). */
  field: Box;
  /** The font size of the text beside the tag on its line (else the tag's), at most 1.4 × its height. */
  textSize: number;
  /** The y of the tag's baseline, points from the page's visible top. */
  baseline: number;
  error: string | null;
}

export type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
export type PdfJsLoader = () => Promise<PdfJs>;

let pdfJs: Promise<PdfJs> | null = null;

/**
 * Built-ins that pdf.js's legacy build replaces with core-js's JavaScript versions on Node 20 (its
 * V8 misses an edge case of each: `push` past 2^32 elements, JSON.parse's source text access,
 * JSON.rawJSON), for the whole thread. pdf.js uses none of those edge cases, but calls `push` for
 * every glyph it reads: the replacement measured a quarter of tag detection's time. So they are put
 * back once pdf.js is loaded (what core-js adds that Node lacks, e.g. Promise.withResolvers, stays).
 */
const KEPT_BUILTINS: readonly (readonly [object, PropertyKey])[] = [
  [Array.prototype, "push"],
  [JSON, "parse"],
  [JSON, "stringify"],
];

/** Runs `load` (which loads pdf.js) and puts back the built-ins of KEPT_BUILTINS it replaced. */
export async function keepingNativeBuiltins<T>(load: () => Promise<T>): Promise<T> {
  const saved = KEPT_BUILTINS.map(
    ([target, key]) => [target, key, Reflect.getOwnPropertyDescriptor(target, key)] as const,
  );
  try {
    return await load();
  } finally {
    for (const [target, key, descriptor] of saved) {
      if (descriptor && Reflect.getOwnPropertyDescriptor(target, key)?.value !== descriptor.value) {
        Reflect.defineProperty(target, key, descriptor);
      }
    }
  }
}

/**
 * pdf.js's legacy build, for Node. Its worker module is loaded into this thread and offered as
 * `globalThis.pdfjsWorker`, which pdf.js uses instead of starting a worker: tag detection is short
 * and the service runs it per upload, so a worker thread per document would cost more than it
 * saves. Loaded once, on first use.
 */
export function loadPdfJs(): Promise<PdfJs> {
  pdfJs ??= keepingNativeBuiltins(async () => {
    const worker: unknown = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    const g = globalThis as { pdfjsWorker?: unknown };
    g.pdfjsWorker ??= worker;
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  });
  return pdfJs;
}

// A glyph's top and bottom as fractions of the font size. pdf.js gives a run's font size, not its
// font's ascent; Helvetica's and Times' (0.718/0.683 up, 0.207/0.217 down) rounded up, so the box
// covers capitals and descenders much as pdftotext's does.
const ASCENT = TEXT_ASCENT;
const DESCENT = TEXT_DESCENT;

/**
 * pdf.js gives each run's total width, not each character's. A tag may be part of a run ("Sign:
 * {{sig:1}}"), so the run's width is shared among its characters in proportion to Helvetica's
 * widths, which is exact for Helvetica and close for other proportional fonts (equal shares would
 * drift by several points over a line of text).
 */
let helvetica: Promise<PDFFont> | null = null;
function helveticaFont(): Promise<PDFFont> {
  helvetica ??= PDFDocument.create().then((doc) => doc.embedFont(StandardFonts.Helvetica));
  return helvetica;
}

const weightCache = new Map<string, number>();
function charWeight(font: PDFFont, ch: string): number {
  let w = weightCache.get(ch);
  if (w === undefined) {
    try {
      w = font.widthOfTextAtSize(ch, 1000);
    } catch {
      w = 0; // not encodable in WinAnsi: fall back below
    }
    if (!(w > 0)) w = 556; // Helvetica's digit width, a middling glyph
    weightCache.set(ch, w);
  }
  return w;
}

interface Run {
  str: string;
  /** Baseline origin, user space. */
  ox: number;
  oy: number;
  /** Unit vector along the baseline and unit vector "up". */
  ux: number;
  uy: number;
  vx: number;
  vy: number;
  width: number;
  size: number;
  /**
   * Start offset of each UTF-16 unit along the baseline, and the run's end (length + 1 entries).
   * Computed only for runs a tag touches: most text holds no tag, and this is the costly part.
   */
  offsets: number[] | null;
}

function offsetsOf(run: Run, font: PDFFont): number[] {
  if (run.offsets) return run.offsets;
  const chars = Array.from(run.str);
  const weights = chars.map((ch) => charWeight(font, ch));
  const total = weights.reduce((sum, w) => sum + w, 0);
  const offsets: number[] = [0];
  let acc = 0;
  // Per UTF-16 unit, so string indices map directly (a surrogate pair's second half gets its
  // first half's position).
  for (let i = 0; i < chars.length; i++) {
    acc += (weights[i]! / total) * run.width;
    if (chars[i]!.length === 2) offsets.push(offsets[offsets.length - 1]!);
    offsets.push(acc);
  }
  run.offsets = offsets;
  return offsets;
}

function toRun(item: { str: string; transform: number[]; width: number }): Run | null {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
  const along = Math.hypot(a, b);
  const up = Math.hypot(c, d);
  if (item.str.length === 0 || along === 0 || up === 0) return null;
  const ux = a / along;
  const uy = b / along;
  // The "up" direction is perpendicular to the baseline; (c, d) may be skewed (oblique text).
  const cross = ux * d - uy * c >= 0 ? 1 : -1;
  return {
    str: item.str,
    ox: e,
    oy: f,
    ux,
    uy,
    vx: -uy * cross,
    vy: ux * cross,
    width: item.width,
    size: up,
    offsets: null,
  };
}

/** What goes between two consecutive runs in the page's text. */
function separator(prev: Run, next: Run, prevEol: boolean): string {
  const size = Math.max(prev.size, next.size);
  const sameDirection = prev.ux * next.ux + prev.uy * next.uy > 0.99;
  const dx = next.ox - (prev.ox + prev.ux * prev.width);
  const dy = next.oy - (prev.oy + prev.uy * prev.width);
  const along = dx * prev.ux + dy * prev.uy;
  const across = dx * prev.vx + dy * prev.vy;
  if (!sameDirection || Math.abs(across) > 0.5 * size || along < -0.5 * size) return "\n";
  // Runs that touch are one word: a tag drawn in pieces must read as one string. pdf.js marks a
  // line end after a run it ends a line with; a run that continues the same baseline overrides it.
  if (along <= 0.15 * size) return "";
  if (prevEol && along > 3 * size) return "\n";
  return " ";
}

interface PageText {
  text: string;
  runs: Run[];
  /** Offset in `text` where each run starts; what lies between runs is separators. */
  starts: number[];
}

type TextItemLike = { str: string; transform: number[]; width: number; hasEOL: boolean } | object;

function pageText(items: readonly TextItemLike[]): PageText {
  const runs: Run[] = [];
  const starts: number[] = [];
  const parts: string[] = [];
  let length = 0;
  let prevEol = false;
  for (const raw of items) {
    if (!("str" in raw)) continue; // marked-content boundaries
    const run = toRun(raw);
    if (!run) {
      prevEol ||= raw.hasEOL;
      continue;
    }
    const prev = runs[runs.length - 1];
    if (prev) {
      const sep = separator(prev, run, prevEol);
      parts.push(sep);
      length += sep.length;
    }
    runs.push(run);
    starts.push(length);
    parts.push(run.str);
    length += run.str.length;
    prevEol = raw.hasEOL;
  }
  return { text: parts.join(""), runs, starts };
}

/** Index of the last run starting at or before `offset` (binary search). */
function runAt(page: PageText, offset: number): number {
  let lo = 0;
  let hi = page.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (page.starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

interface Extent {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const emptyExtent = (): Extent => ({ minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity });

/** Grows `e` by the box of `run` from `s0` to `s1` points along its baseline, on the visible page. */
function addSpan(e: Extent, run: Run, geometry: PageGeometry, s0: number, s1: number): void {
  for (const s of [s0, s1]) {
    for (const h of [-DESCENT * run.size, ASCENT * run.size]) {
      const p = toTopLeft(geometry, run.ox + run.ux * s + run.vx * h, run.oy + run.uy * s + run.vy * h);
      e.minX = Math.min(e.minX, p.x);
      e.minY = Math.min(e.minY, p.y);
      e.maxX = Math.max(e.maxX, p.x);
      e.maxY = Math.max(e.maxY, p.y);
    }
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function extentBox(e: Extent): Box {
  return {
    x: round2(e.minX),
    y: round2(e.minY),
    width: round2(e.maxX - e.minX),
    height: round2(e.maxY - e.minY),
  };
}

/** The tag's rectangle on the visible page: the bounding box of its characters' boxes. */
function tagBox(page: PageText, font: PDFFont, geometry: PageGeometry, start: number, end: number): Box {
  const e = emptyExtent();
  for (let r = runAt(page, start); r < page.runs.length && page.starts[r]! < end; r++) {
    const run = page.runs[r]!;
    const first = Math.max(start - page.starts[r]!, 0);
    const last = Math.min(end - page.starts[r]!, run.str.length); // exclusive
    if (first >= last) continue; // the tag starts in the separator after this run
    const offsets = offsetsOf(run, font);
    addSpan(e, run, geometry, offsets[first]!, offsets[last]!);
  }
  return extentBox(e);
}

/** Where the tag's first character stands: its run's font size and the y of its baseline. */
function tagLine(page: PageText, font: PDFFont, geometry: PageGeometry, start: number) {
  let r = runAt(page, start);
  // A tag that starts in the separator after a run starts in the next run.
  if (start - page.starts[r]! >= page.runs[r]!.str.length && r + 1 < page.runs.length) r++;
  const run = page.runs[r]!;
  const offsets = offsetsOf(run, font);
  const s = offsets[Math.min(Math.max(start - page.starts[r]!, 0), run.str.length)]!;
  return { size: run.size, baseline: toTopLeft(geometry, run.ox + run.ux * s, run.oy + run.uy * s).y };
}

/** A piece of the page's text other than tags: its box and font size. */
interface TextPiece {
  box: Box;
  size: number;
}

/**
 * The page's text outside the tags, as boxes: each run whole, or, for a run a tag touches, its
 * pieces before, between and after the tags, without the spaces at their ends.
 */
function textPieces(
  page: PageText,
  font: PDFFont,
  geometry: PageGeometry,
  tags: readonly [number, number][],
) {
  const pieces: TextPiece[] = [];
  page.runs.forEach((run, r) => {
    const start = page.starts[r]!;
    const end = start + run.str.length;
    const touching = tags.filter(([s, e]) => s < end && e > start);
    const blank = /^\s|\s$/.test(run.str);
    if (touching.length === 0 && !blank) {
      const e = emptyExtent();
      addSpan(e, run, geometry, 0, run.width);
      pieces.push({ box: extentBox(e), size: run.size });
      return;
    }
    // The run's ranges outside every tag, in characters of the run.
    const ranges: [number, number][] = [];
    let from = 0;
    for (const [s, e] of [...touching].sort((a, b) => a[0] - b[0])) {
      if (s - start > from) ranges.push([from, s - start]);
      from = Math.max(from, e - start);
    }
    if (from < run.str.length) ranges.push([from, run.str.length]);
    for (let [a, b] of ranges) {
      while (a < b && /\s/.test(run.str[a]!)) a++;
      while (b > a && /\s/.test(run.str[b - 1]!)) b--;
      if (a >= b) continue;
      const offsets = offsetsOf(run, font);
      const e = emptyExtent();
      addSpan(e, run, geometry, offsets[a]!, offsets[b]!);
      pieces.push({ box: extentBox(e), size: run.size });
    }
  });
  return pieces;
}

/**
 * The size of the text beside a tag on its line (the nearest piece whose middle lies within the
 * tag's height, e.g. its "Name:" label), else the tag's own; at most TEXT_SIZE_CAP times the tag's
 * text height, so a tag in tiny (hidden) type does not let a value outgrow its place.
 */
function textSizeBeside(tag: Box, ownSize: number, pieces: readonly TextPiece[]): number {
  let best: TextPiece | null = null;
  let bestDistance = Infinity;
  for (const p of pieces) {
    const middle = p.box.y + p.box.height / 2;
    if (middle < tag.y || middle > tag.y + tag.height) continue;
    const distance = Math.max(p.box.x - (tag.x + tag.width), tag.x - (p.box.x + p.box.width), 0);
    if (distance < bestDistance) {
      best = p;
      bestDistance = distance;
    }
  }
  return round2(Math.min(best?.size ?? ownSize, TEXT_SIZE_CAP * tag.height));
}

/** The visible geometry of a pdf.js page: its `view` is the CropBox clipped to the MediaBox. */
export function geometryOfPdfJsPage(page: { view: number[]; rotate: number }): PageGeometry {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = page.view;
  return pageGeometry(normaliseBox(x1, y1, x2, y2), page.rotate);
}

/**
 * How every document is opened here, from bytes (findTags) or from a file
 * (src/service/pdf/pdf-file.ts): pdf.js must not install fonts in the host (there is none), look for
 * system fonts, or compile code.
 */
export function pdfJsDocumentParams(pdfjs: PdfJs) {
  return {
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  };
}

/** pdf.js's failure to open a document, as our refusal (a wrong or missing password, or broken). */
export function openFailure(error: unknown): InvalidDocumentError {
  if (error instanceof Error && error.name === "PasswordException")
    return new InvalidDocumentError("encrypted");
  return new InvalidDocumentError("broken");
}

/** The text tags on one page, `pageNumber` 1-based, placed in the page's visible `geometry`. */
export async function tagsOnPage(
  page: PDFPageProxy,
  pageNumber: number,
  geometry: PageGeometry,
): Promise<DetectedTag[]> {
  const font = await helveticaFont();
  const content = await page.getTextContent({ disableNormalization: true });
  const text = pageText(content.items);
  const found = scan(text.text);
  if (found.length === 0) return [];
  const boxes = found.map((tag) => tagBox(text, font, geometry, tag.start, tag.end));
  const pieces = textPieces(
    text,
    font,
    geometry,
    found.map((tag) => [tag.start, tag.end]),
  );
  const pieceBoxes = pieces.map((p) => p.box);
  const visible = { width: geometry.width, height: geometry.height };
  return found.map((tag, i): DetectedTag => {
    const box = boxes[i]!;
    const p = tag.parsed;
    const type = p?.type ?? null;
    // Every other text of the page, the other tags' included (their fields go there).
    const others = pieceBoxes.concat(boxes.filter((b, j) => j !== i && b.width > 0 && b.height > 0));
    const line = tagLine(text, font, geometry, tag.start);
    return {
      text: tag.text,
      format: tag.format,
      type,
      signerIndex: p?.signerIndex ?? null,
      required: p?.required ?? null,
      label: p?.label ?? null,
      group: p?.group ?? null,
      options: p?.options ?? null,
      page: pageNumber,
      ...box,
      field: tagFieldBox(box, type, others, visible),
      textSize: textSizeBeside(box, line.size, pieces),
      baseline: round2(line.baseline),
      error: p
        ? null
        : tag.problems.map((problem) => problem.message).join("; ") || "The tag cannot be read.",
    };
  });
}

export interface FindTagsOptions {
  /** How to load pdf.js; defaults to loadPdfJs (the legacy build, in this thread). */
  loadPdfJs?: PdfJsLoader;
}

/**
 * Every text tag of the three formats in a PDF, page by page, each with its rectangle. Throws
 * InvalidDocumentError for a PDF pdf.js cannot open (encrypted, broken).
 *
 * pdf.js gets a copy of the whole file; the service reads stored documents with
 * src/service/pdf/pdf-file.ts instead, which gives pdf.js only the parts it asks for.
 */
export async function findTags(bytes: Uint8Array, options: FindTagsOptions = {}): Promise<DetectedTag[]> {
  const pdfjs = await (options.loadPdfJs ?? loadPdfJs)();
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given; the caller keeps theirs.
    data: bytes.slice(),
    ...pdfJsDocumentParams(pdfjs),
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy();
    throw openFailure(error);
  }
  try {
    const found: DetectedTag[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      found.push(...(await tagsOnPage(page, n, geometryOfPdfJsPage(page))));
      page.cleanup();
    }
    return found;
  } finally {
    await doc.destroy();
  }
}
