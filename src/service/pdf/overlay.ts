// Kept, measured need (issue 30): unpatched pdf.js loads every image among a page's resources before extracting its text, and a page's content stream whole: a 50 MB scan or one 50 MB content stream raised the reader's peak past the 64 MB bound.
// What pdf.js is given to read after a stored file's last byte (pdf-file.ts serves it there, as it
// serves a repaired cross-reference table): an incremental update of our own, which pdf.js reads
// before the file's own objects, holding
//
// - every image XObject again, its dictionary as it was but its data empty. Before it extracts a
//   page's text pdf.js loads every stream among the page's resources, and keeps what it read until
//   the document is closed; text extraction only asks an image its /Subtype. A scan's pages are
//   then read for a few kilobytes each, not megabytes.
// - every page content stream of LARGE_CONTENT_BYTES or more (object-survey.ts lists them) again,
//   reduced to what text extraction reads (content-text.ts), uncompressed: pdf.js loads a content
//   stream whole before it parses any of it, so a plan's or a map's 50 MB of paths would be held
//   for a few tags. A stream the reducer cannot read with certainty, or one whose filters are not
//   decoded here, is left as it is.
// - a flat page tree's root (object-survey.ts's flatPageTree) again, its kids grouped under new
//   /Pages nodes (about the square root of their number each, each with its /Count): on opening,
//   pdf.js starts a fetch of every kid of the root at once (2,000 pages: 2,000 fetches waiting, 20 MB
//   of the reader's heap), and walks a node's kids one at a time below it. The pages keep their
//   /Parent (the root, as written again), so what they inherit is the same.
//
// The file itself is never changed or copied; what is written here is a few hundred bytes an image.
import zlib from "node:zlib";
import { ContentTextReducer } from "./content-text";
import type { ObjectSurvey, SurveyedStream } from "./object-survey";
import type { TrailerRefs } from "./xref-repair";
import {
  type PdfDict,
  type PdfValue,
  type ReadInto,
  PdfKeyword,
  PdfName,
  PdfRef,
  PdfString,
} from "./xref-stream";

/** The most a reduced content stream may be; past it, the stream is left as it is. */
export const MAX_REDUCED_BYTES = 4 * 1024 * 1024;

/** What is read of a stream's data at a time. */
const WINDOW_BYTES = 64 * 1024;

/** A number as PDF writes it (no exponent). */
function number(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const fixed = n.toFixed(10).replace(/0+$/, "").replace(/\.$/, "");
  return fixed === "-0" ? "0" : fixed;
}

/** A parsed value written back (names and strings as they were written). */
export function serialize(value: PdfValue): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number") return number(value);
  if (value instanceof PdfName) return `/${value.name}`;
  if (value instanceof PdfRef) return `${value.num} ${value.gen} R`;
  if (value instanceof PdfString) return value.source;
  if (value instanceof PdfKeyword) return value.word;
  if (Array.isArray(value)) return `[${value.map(serialize).join(" ")}]`;
  let out = "<<";
  for (const [key, v] of value) out += ` /${key} ${serialize(v)}`;
  return `${out} >>`;
}

/** A stream's dictionary without what describes its data, with /Length `length`. */
function dictWithLength(dict: PdfDict, length: number): PdfDict {
  const out: PdfDict = new Map();
  for (const [key, v] of dict) {
    if (key === "Length" || key === "Filter" || key === "DecodeParms" || key === "F" || key === "DP")
      continue;
    if (key === "FFilter" || key === "FDecodeParms" || key === "DL") continue;
    out.set(key, v);
  }
  out.set("Length", length);
  return out;
}

/**
 * The stream's data decoded when its only filter is FlateDecode without a predictor (or it has
 * none), fed to `sink` a window at a time; false when it has other filters (left as it is).
 */
async function decodeInto(
  read: ReadInto,
  stream: SurveyedStream,
  sink: (chunk: Uint8Array) => boolean,
): Promise<boolean> {
  const filter = stream.dict.get("Filter") ?? stream.dict.get("F");
  const name = Array.isArray(filter) ? (filter.length === 1 ? filter[0] : undefined) : filter;
  const flate = name instanceof PdfName && (name.name === "FlateDecode" || name.name === "Fl");
  if (filter !== undefined && !flate) return false;
  const parms = stream.dict.get("DecodeParms") ?? stream.dict.get("DP");
  if (parms !== undefined && parms !== null) return false;
  const buffer = new Uint8Array(WINDOW_BYTES);
  let go = true;
  const inflate = flate ? zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH }) : null;
  const inflated = inflate
    ? new Promise<void>((resolve) => {
        inflate.on("data", (chunk: Buffer) => {
          if (go && !sink(chunk)) {
            go = false;
            inflate.destroy();
          }
        });
        inflate.on("end", resolve);
        inflate.on("close", resolve);
        // Damaged data: what was inflated before it, as pdf.js reads it.
        inflate.on("error", () => resolve());
      })
    : null;
  for (let p = 0; p < stream.length && go;) {
    const n = await read(buffer, stream.dataStart + p, Math.min(WINDOW_BYTES, stream.length - p));
    if (n <= 0) break;
    p += n;
    if (!inflate) {
      go = sink(buffer.subarray(0, n));
      continue;
    }
    if (inflate.destroyed) break;
    if (!inflate.write(Buffer.from(buffer.subarray(0, n)))) {
      await new Promise<void>((resolve) => {
        const done = () => {
          inflate.off("drain", done);
          inflate.off("close", done);
          resolve();
        };
        inflate.on("drain", done);
        inflate.on("close", done);
      });
    }
  }
  if (inflate && !inflate.destroyed) inflate.end();
  await inflated;
  return go;
}

/** The content streams, joined as pdf.js joins them, reduced to their text; null: left as they are. */
async function reducedContent(
  read: ReadInto,
  streams: readonly SurveyedStream[],
): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  const reducer = new ContentTextReducer({ onData: (chunk) => chunks.push(chunk) });
  for (const stream of streams) {
    const decoded = await decodeInto(read, stream, (chunk) => {
      reducer.push(chunk);
      return reducer.refusal === null && reducer.outputBytes <= MAX_REDUCED_BYTES;
    });
    if (!decoded) return null;
  }
  if (!reducer.end().reducible || reducer.outputBytes > MAX_REDUCED_BYTES) return null;
  return Buffer.concat(chunks);
}

/** Where the update goes, and what it follows. */
export interface OverlayPlace {
  /** The bytes before it, counted from %PDF- (the file's, and a repaired table's after them). */
  offset: number;
  /** The newest cross-reference section's offset before it (the file's startxref, or the repair's). */
  prev: number;
  /** The highest object number in use before it. */
  maxNum: number;
}

/**
 * The incremental update (see the top of this file) for the file read by `read`, or null when
 * there is nothing to write.
 */
export async function buildOverlay(
  read: ReadInto,
  survey: Pick<ObjectSurvey, "images" | "largeContents" | "largeContentArrays" | "flatPageTree">,
  trailer: TrailerRefs,
  place: OverlayPlace,
): Promise<Uint8Array | null> {
  const objects: { num: number; gen: number; bytes: Uint8Array }[] = [];
  const object = (s: SurveyedStream, data: Uint8Array) => {
    const head = Buffer.from(
      `${s.num} ${s.gen} obj\n${serialize(dictWithLength(s.dict, data.length))}\nstream\n`,
      "latin1",
    );
    const tail = Buffer.from("\nendstream\nendobj\n", "latin1");
    objects.push({ num: s.num, gen: s.gen, bytes: Buffer.concat([head, data, tail]) });
  };
  for (const image of survey.images) object(image, new Uint8Array(0));
  for (const content of survey.largeContents) {
    const reduced = await reducedContent(read, [content]);
    if (reduced) object(content, reduced);
  }
  // A page's array of streams: one new stream of their text, and the page written again to name it.
  let next = place.maxNum + 1;
  for (const { page, parts } of survey.largeContentArrays) {
    const reduced = await reducedContent(read, parts);
    if (!reduced) continue;
    const num = next++;
    object({ num, gen: 0, dict: new Map(), dataStart: 0, length: 0 }, reduced);
    const dict: PdfDict = new Map(page.dict);
    dict.set("Contents", new PdfRef(num, 0));
    const bytes = Buffer.from(`${page.num} ${page.gen} obj\n${serialize(dict)}\nendobj\n`, "latin1");
    objects.push({ num: page.num, gen: page.gen, bytes });
  }
  const tree = survey.flatPageTree;
  if (tree) {
    const size = Math.ceil(Math.sqrt(tree.kids.length));
    const groups: PdfRef[] = [];
    for (let i = 0; i < tree.kids.length; i += size) {
      const kids = tree.kids.slice(i, i + size);
      const ref = new PdfRef(next++, 0);
      groups.push(ref);
      const dict: PdfDict = new Map<string, PdfValue>([
        ["Type", new PdfName("Pages")],
        ["Parent", new PdfRef(tree.num, tree.gen)],
        ["Kids", kids],
        ["Count", kids.length],
      ]);
      objects.push({
        num: ref.num,
        gen: 0,
        bytes: Buffer.from(`${ref.num} 0 obj\n${serialize(dict)}\nendobj\n`, "latin1"),
      });
    }
    const dict: PdfDict = new Map(tree.dict);
    dict.set("Kids", groups);
    const bytes = Buffer.from(`${tree.num} ${tree.gen} obj\n${serialize(dict)}\nendobj\n`, "latin1");
    objects.push({ num: tree.num, gen: tree.gen, bytes });
  }
  if (objects.length === 0) return null;
  objects.sort((a, b) => a.num - b.num);
  const parts: Uint8Array[] = [Buffer.from("\n", "latin1")];
  let at = place.offset + 1;
  const offsets: number[] = [];
  for (const o of objects) {
    offsets.push(at);
    parts.push(o.bytes);
    at += o.bytes.length;
  }
  const xrefAt = at;
  let table = "xref\n0 1\n0000000000 65535 f \n";
  for (let i = 0; i < objects.length;) {
    let j = i;
    while (j + 1 < objects.length && objects[j + 1]!.num === objects[j]!.num + 1) j++;
    table += `${objects[i]!.num} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) {
      table += `${String(offsets[k]).padStart(10, "0")} ${String(objects[k]!.gen).padStart(5, "0")} n \n`;
    }
    i = j + 1;
  }
  const info = trailer.info ? ` /Info ${trailer.info.num} ${trailer.info.gen} R` : "";
  const id = trailer.id ? ` /ID ${trailer.id}` : "";
  table +=
    `trailer\n<< /Size ${next} /Root ${trailer.root.num} ${trailer.root.gen} R${info}${id} /Prev ${place.prev} >>\n` +
    `startxref\n${xrefAt}\n%%EOF\n`;
  parts.push(Buffer.from(table, "latin1"));
  return Buffer.concat(parts);
}
