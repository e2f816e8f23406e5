// Reading written PDFs back with poppler-utils (an independent implementation): words with their
// boxes (pdftotext -bbox) and a page rendered to grey pixels (pdftoppm, PGM output).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

export interface PageWords {
  width: number;
  height: number;
  words: Word[];
}

export function withTempFile<T>(bytes: Uint8Array, fn: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), "pdf-test-"));
  try {
    const file = path.join(dir, "in.pdf");
    writeFileSync(file, bytes);
    return fn(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** Words per page, in the page's visible frame (poppler applies /Rotate), y downwards. */
export function wordsOf(pdf: Uint8Array): PageWords[] {
  const html = withTempFile(pdf, (file) =>
    execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" }),
  );
  const pages: PageWords[] = [];
  const pageRe = /<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g;
  for (const m of html.matchAll(pageRe)) {
    const words: Word[] = [];
    const wordRe =
      /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g;
    for (const w of m[3]!.matchAll(wordRe)) {
      words.push({ xMin: +w[1]!, yMin: +w[2]!, xMax: +w[3]!, yMax: +w[4]!, text: unescape(w[5]!) });
    }
    pages.push({ width: +m[1]!, height: +m[2]!, words });
  }
  return pages;
}

export function textOf(pdf: Uint8Array): string {
  return withTempFile(pdf, (file) => execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }));
}

export interface GreyImage {
  width: number;
  height: number;
  /** 0 black … 255 white, row by row from the top. */
  at(x: number, y: number): number;
}

/** One page (1-based) at 72 dpi, so a pixel is a point of the visible page. */
export function renderGrey(pdf: Uint8Array, page: number): GreyImage {
  return withTempFile(pdf, (file, dir) => {
    const out = path.join(dir, "page");
    execFileSync("pdftoppm", [
      "-r",
      "72",
      "-gray",
      "-f",
      String(page),
      "-l",
      String(page),
      "-singlefile",
      file,
      out,
    ]);
    const data = readFileSync(`${out}.pgm`);
    // Binary PGM: "P5\n<w> <h>\n<max>\n" then one byte per pixel.
    const header = data.subarray(0, 64).toString("latin1");
    const m = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(header);
    if (!m) throw new Error("not a binary PGM");
    const width = +m[1]!;
    const height = +m[2]!;
    const offset = m[0].length;
    return { width, height, at: (x, y) => data[offset + y * width + x]! };
  });
}

/** The darkest pixel inside a box of the visible page (points), shrunk by `inset` on each side. */
export function darkestIn(
  img: GreyImage,
  box: { x: number; y: number; width: number; height: number },
  inset = 1,
): number {
  let min = 255;
  for (let y = Math.ceil(box.y + inset); y < Math.floor(box.y + box.height - inset); y++) {
    for (let x = Math.ceil(box.x + inset); x < Math.floor(box.x + box.width - inset); x++)
      min = Math.min(min, img.at(x, y));
  }
  return min;
}

/** pdfsig's report on a PDF's signatures (stdout and stderr: "does not contain any signatures" is on stderr). */
export function pdfsig(pdf: Uint8Array): string {
  return withTempFile(pdf, (file) => {
    const r = spawnSync("pdfsig", [file], { encoding: "utf8" });
    return r.stdout + r.stderr;
  });
}

/** Pixels (x, y) that differ between two renders of a page, as points of the page (72 dpi). */
export function changedPixels(before: GreyImage, after: GreyImage): { x: number; y: number }[] {
  if (after.width !== before.width || after.height !== before.height)
    throw new Error(`page size changed: ${before.width}×${before.height} → ${after.width}×${after.height}`);
  const out = [];
  for (let y = 0; y < before.height; y++)
    for (let x = 0; x < before.width; x++)
      if (Math.abs(before.at(x, y) - after.at(x, y)) > 8) out.push({ x, y });
  return out;
}

/** The pixel's square touches the box grown by `margin` (antialiasing) on every side. */
export const inBox = (
  p: { x: number; y: number },
  b: { x: number; y: number; width: number; height: number },
  margin = 1,
) =>
  p.x + 1 > b.x - margin &&
  p.x < b.x + b.width + margin &&
  p.y + 1 > b.y - margin &&
  p.y < b.y + b.height + margin;
