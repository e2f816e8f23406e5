// Kept, measured need (issue 30): pdf.js's public API names neither a launch action nor a painted image's size short of decoding it, and decodes a compression bomb without bound; these checks replace changes to its source.
// One pass over a stored PDF's objects before pdf.js reads it (pdf-file.ts), for what pdf.js cannot
// be asked through its API:
//
// - active content a viewer would run or open rather than show, in any object's dictionary, nested
//   ones included: a JavaScript action (/S /JavaScript, a `javascript:` URI, a /JavaScript entry), a
//   launch action (/S /Launch), an embedded file (/EmbeddedFiles, /EF, /Type /EmbeddedFile, a
//   /FileAttachment annotation, /S /GoToE);
// - an image a page paints (an image XObject among its resources, or a form's it paints) of more
//   than MAX_IMAGE_PIXELS pixels, told by its dictionary's /Width and /Height, never its data: the
//   service never decodes it, but every signer's viewer must;
// - a stream pdf.js may decode (any but an image) that decodes to more than MAX_DECODED_BYTES: pdf.js
//   keeps what it decodes in one growing buffer outside the reader's heap limits.
//
// It reads the objects the cross-reference data lists (a sound table's, or xref-repair.ts's index of
// a damaged one), each at its offset or in its object stream, with the object parser of
// xref-stream.ts; a stream's data only to count what it decodes to (decoded-size.ts), a window at a
// time. An object it cannot parse is passed over: pdf.js, reading the file next, judges it.
//
// Service only (it reads files through xref-stream.ts, which decodes with node:zlib).
import zlib from "node:zlib";
import { MAX_IMAGE_PIXELS } from "../../pdf/limits";
import { decodedSizeWithin } from "./decoded-size";
import { Kind, type ObjectIndex } from "./xref-repair";
import {
  type ObjectStream,
  type PdfDict,
  type PdfValue,
  type ReadInto,
  ObjectParser,
  PdfName,
  PdfRef,
  PdfString,
  objectStream,
  objectText,
  readStreamData,
  readStreamHead,
  readText,
  streamDataLength,
} from "./xref-stream";

/** The most one stream may decode to (pdf.js's buffer doubles as it grows: 16 + 8 MB at the end). */
export const MAX_DECODED_BYTES = 16 * 1024 * 1024;

/** What a viewer would run or open, by kind (the refusal names them: inspect.ts's activeContent). */
export type ActiveContent = "javascript" | "launch" | "embeddedFiles";

export interface ObjectSurvey {
  /** The kinds of active content found, sorted; empty: none. */
  active: ActiveContent[];
  /** The first painted image past MAX_IMAGE_PIXELS, in page order: its page (from 1) and size. */
  largeImage: { page: number; width: number; height: number } | null;
  /** Whether some stream other than an image decodes to more than MAX_DECODED_BYTES. */
  tooComplex: boolean;
  /** Every image XObject (a stream /Subtype /Image): pdf.js need never load its data. */
  images: SurveyedStream[];
  /** The pages' content streams of at least LARGE_CONTENT_BYTES, in page order. */
  largeContents: SurveyedStream[];
  /**
   * The pages whose /Contents is an array of streams of at least LARGE_CONTENT_BYTES in all: pdf.js
   * joins them into one, where a token may straddle two, so they are reduced together into a new
   * stream, and the page written again to name it.
   */
  largeContentArrays: { page: { num: number; gen: number; dict: PdfDict }; parts: SurveyedStream[] }[];
  /**
   * The page tree's root when it is flat and wide (more than FLAT_TREE_KIDS pages, all its kids):
   * opening a document, pdf.js starts a fetch of every kid of the root at once, and for 2,000
   * pages those held 20 MB of the reader's heap; overlay.ts writes the root again over a level of
   * new nodes, so it starts a few dozen.
   */
  flatPageTree: { num: number; gen: number; dict: PdfDict; kids: PdfRef[] } | null;
}

/** A stream object: its dictionary as parsed and where its data lies in the file. */
export interface SurveyedStream {
  num: number;
  gen: number;
  dict: PdfDict;
  dataStart: number;
  length: number;
}

/** A page's content stream this long or longer is listed (overlay.ts reduces it to its text). */
export const LARGE_CONTENT_BYTES = 1024 * 1024;

/** A dictionary longer than this is not read (pdf.js would read it; no real one comes near). */
const MAX_OBJECT_BYTES = 4 * 1024 * 1024;
/** What is read of an object first: most are a few hundred bytes. */
const FIRST_OBJECT_BYTES = 2 * 1024;
/** How many decoded object streams are kept (each at most 4 MB; most are tens of kilobytes). */
const OBJECT_STREAMS_KEPT = 4;
/** How deep a page tree or a form's resources are followed. */
const MAX_TREE_DEPTH = 64;
/** The most pages walked (pdf.js refuses more than 2,000 anyway: limits.ts). */
const MAX_PAGES = 10_000;
/** A root with more kids than this, all pages, is listed as flatPageTree. */
export const FLAT_TREE_KIDS = 256;

const WS = "[\\0\\t\\n\\f\\r ]";
const OBJECT_HEADER = new RegExp(
  `^(?:${WS}|%[^\\n\\r]*)*(\\d+)${WS}+(\\d+)${WS}+obj(?![^\\0\\t\\n\\f\\r ()<>[\\]{}/%])`,
);

/** A name with its #xx escapes decoded, as pdf.js reads it. */
function nameOf(value: PdfValue | undefined): string | null {
  if (!(value instanceof PdfName)) return null;
  return value.name.includes("#")
    ? value.name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : value.name;
}

/** A dictionary's keys with their #xx escapes decoded. */
function keysOf(dict: PdfDict): Set<string> {
  const keys = new Set<string>();
  for (const key of dict.keys()) keys.add(nameOf(new PdfName(key))!);
  return keys;
}

/** Looks a key up whether or not it was written with #xx escapes. */
function get(dict: PdfDict, key: string): PdfValue | undefined {
  if (dict.has(key)) return dict.get(key);
  for (const [k, v] of dict) if (k.includes("#") && nameOf(new PdfName(k)) === key) return v;
  return undefined;
}

/** A string's bytes as pdf.js holds them (one char a byte): a literal's escapes, or hex digits. */
export function stringBytes(s: PdfString): string {
  const src = s.source;
  if (src.startsWith("<")) {
    const hex = src.slice(1, -1).replace(/[^0-9a-fA-F]/g, "");
    let out = "";
    for (let i = 0; i < hex.length; i += 2)
      out += String.fromCharCode(parseInt(hex.slice(i, i + 2).padEnd(2, "0"), 16));
    return out;
  }
  const body = src.slice(1, -1);
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const n = body[++i];
    if (n === undefined) break;
    const simple: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };
    if (n in simple) out += simple[n];
    else if (n >= "0" && n <= "7") {
      let oct = n;
      while (oct.length < 3 && body[i + 1]! >= "0" && body[i + 1]! <= "7") oct += body[++i];
      out += String.fromCharCode(parseInt(oct, 8) & 0xff);
    } else if (n === "\r") {
      if (body[i + 1] === "\n") i++;
    } else if (n !== "\n") out += n;
  }
  return out;
}

/** A URI that runs script: `javascript:` after white space (in UTF-16 too). */
function isScriptUri(value: PdfValue | undefined): boolean {
  if (!(value instanceof PdfString)) return false;
  let text = stringBytes(value);
  if (text.startsWith("\xfe\xff")) text = text.slice(2).replace(/\0/g, "");
  return /^[\s\0]*javascript:/i.test(text);
}

/** The kind of active content `dict` itself is or holds directly, or null. */
function activeKind(dict: PdfDict): ActiveContent | null {
  const keys = keysOf(dict);
  const action = nameOf(get(dict, "S"));
  if (action === "JavaScript" || keys.has("JavaScript") || isScriptUri(get(dict, "URI"))) return "javascript";
  if (action === "Launch") return "launch";
  if (
    action === "GoToE" ||
    keys.has("EmbeddedFiles") ||
    keys.has("EF") ||
    nameOf(get(dict, "Type")) === "EmbeddedFile" ||
    nameOf(get(dict, "Subtype")) === "FileAttachment"
  ) {
    return "embeddedFiles";
  }
  return null;
}

/** Every dictionary in `value` (itself and nested), as pdf.js's parser meets each. */
function noteActive(value: PdfValue, found: Set<ActiveContent>, depth = 0): void {
  if (depth > 32) return;
  if (value instanceof Map) {
    const kind = activeKind(value);
    if (kind) found.add(kind);
    for (const v of value.values()) if (v instanceof Map || Array.isArray(v)) noteActive(v, found, depth + 1);
  } else if (Array.isArray(value)) {
    for (const v of value) if (v instanceof Map || Array.isArray(v)) noteActive(v, found, depth + 1);
  }
}

/** An object as read: its value and, for a stream, where its data lies in the file. */
interface Loaded {
  value: PdfValue;
  stream: { dataStart: number; length: number } | null;
}

/** Reads the objects the index lists, each at most once at a time (object streams: the last one kept). */
class Objects {
  /** The object streams decoded last (the page walk goes from one to another and back). */
  private readonly streams = new Map<number, ObjectStream | null>();

  constructor(
    private readonly read: ReadInto,
    private readonly size: number,
    private readonly start: number,
    readonly index: ObjectIndex,
  ) {}

  /** The generation the index lists `num` with (0 in an object stream). */
  genOf(num: number): number {
    const entry = this.index.get(num);
    return entry?.kind === Kind.Offset ? entry.field3 : 0;
  }

  async load(num: number, gen?: number): Promise<Loaded | null> {
    const entry = this.index.get(num);
    if (!entry || entry.kind === Kind.Free) return null;
    if (entry.kind === Kind.Offset) {
      if (gen !== undefined && entry.field3 !== gen) return null;
      return entry.field2 > 0 ? this.atOffset(num, this.start + entry.field2) : null;
    }
    if (gen !== undefined && gen !== 0) return null;
    const stream = await this.objectStream(entry.field2);
    if (!stream) return null;
    // As pdf.js's fetchCompressed, the entry's index decides (the repair's addition: the header's).
    const listed = entry.kind === Kind.InObjectStream ? entry.field3 : stream.nums.lastIndexOf(num);
    const i = listed >= 0 ? listed : entry.field3;
    if (i >= stream.nums.length) return null;
    const value = new ObjectParser(objectText(stream, i)).value();
    return value === undefined ? null : { value, stream: null };
  }

  /** `value`, or the object it refers to (one level: what pdf.js's Dict.get resolves). */
  async resolve(value: PdfValue | undefined): Promise<PdfValue | undefined> {
    if (!(value instanceof PdfRef)) return value;
    return (await this.load(value.num, value.gen))?.value;
  }

  private async objectStream(num: number): Promise<ObjectStream | null> {
    const cached = this.streams.get(num);
    if (cached !== undefined) {
      // Most recently used last.
      this.streams.delete(num);
      this.streams.set(num, cached);
      return cached;
    }
    let stream: ObjectStream | null = null;
    const entry = this.index.get(num);
    if (entry?.kind === Kind.Offset && entry.field3 === 0 && entry.field2 > 0) {
      const head = await readStreamHead(this.read, this.size, this.start + entry.field2);
      if (head && head.num === num) {
        const data = await readStreamData(this.read, this.size, head);
        if (data instanceof Uint8Array) stream = objectStream(head.dict, data);
      }
    }
    this.streams.set(num, stream);
    if (this.streams.size > OBJECT_STREAMS_KEPT) this.streams.delete(this.streams.keys().next().value!);
    return stream;
  }

  private async atOffset(num: number, position: number): Promise<Loaded | null> {
    for (let length = FIRST_OBJECT_BYTES; ; length = Math.min(MAX_OBJECT_BYTES, length * 16)) {
      const text = await readText(this.read, position, length, this.size);
      const m = OBJECT_HEADER.exec(text);
      if (!m || Number(m[1]) !== num) return null;
      const parser = new ObjectParser(text, m[0].length);
      const value = parser.value();
      parser.skip();
      const cut = text.length === length;
      // Cut off by this read: read again, longer (up to MAX_OBJECT_BYTES).
      if ((value === undefined || parser.pos + 12 > text.length) && cut && length < MAX_OBJECT_BYTES)
        continue;
      if (value === undefined) return null;
      if (!(value instanceof Map) || !text.startsWith("stream", parser.pos)) return { value, stream: null };
      // As pdf.js's lexer: the data starts on the line after `stream`.
      let p = parser.pos + 6;
      while (p < text.length && text[p] !== "\n" && text[p] !== "\r") p++;
      if (p >= text.length) return { value, stream: null };
      p += text[p] === "\r" && text[p + 1] === "\n" ? 2 : 1;
      const dataStart = position + p;
      const declared = await this.resolve(get(value, "Length"));
      const found = await streamDataLength(this.read, this.size, dataStart, declared);
      // No `endstream`: pdf.js reads to the end of the file.
      return {
        value,
        stream: { dataStart, length: typeof found === "number" ? found : this.size - dataStart },
      };
    }
  }
}

/**
 * The filter names and their parameters of a stream's dictionary, resolved, as pdf.js's
 * Parser.filter reads them (/F before /Filter, /DP before /DecodeParms; parameters only from an
 * array beside an array of filters).
 */
async function filtersOf(
  objects: Objects,
  dict: PdfDict,
): Promise<{ names: string[]; params: (PdfDict | null)[] }> {
  const filter = await objects.resolve(get(dict, "F") ?? get(dict, "Filter"));
  const parms = await objects.resolve(get(dict, "DP") ?? get(dict, "DecodeParms"));
  if (filter instanceof PdfName)
    return { names: [nameOf(filter)!], params: [parms instanceof Map ? parms : null] };
  if (!Array.isArray(filter)) return { names: [], params: [] };
  const names: string[] = [];
  const params: (PdfDict | null)[] = [];
  for (let i = 0; i < filter.length; i++) {
    const name = nameOf(await objects.resolve(filter[i]));
    // Not a name: pdf.js stops decoding there.
    if (name === null) break;
    names.push(name);
    const p = Array.isArray(parms) ? await objects.resolve(parms[i]) : null;
    params.push(p instanceof Map ? p : null);
  }
  return { names, params };
}

/** The most raw data inflated at once by quickFlate. */
const QUICK_BYTES = 64 * 1024;

/**
 * The common case at once, in this thread: a single Flate filter without a predictor, of at most
 * QUICK_BYTES (a page's content, a font), inflated in one call with zlib's cap on the output. Through
 * decoded-size.ts's streams each is a round trip to zlib's thread pool, which in the reader's thread
 * cost 2 ms a stream (100 text pages: 210 ms). Null where it cannot say: other filters, a predictor,
 * more data, or data zlib refuses (damaged, counted by decoded-size.ts as pdf.js reads it).
 */
async function quickFlate(
  read: ReadInto,
  stream: { dataStart: number; length: number },
  names: readonly string[],
  params: readonly (PdfDict | null)[],
): Promise<"within" | "too_large" | null> {
  if (names.length !== 1 || (names[0] !== "FlateDecode" && names[0] !== "Fl")) return null;
  if (stream.length > QUICK_BYTES || params[0] || stream.length === 0) return null;
  const raw = new Uint8Array(stream.length);
  let filled = 0;
  while (filled < raw.length) {
    const n = await read(raw.subarray(filled), stream.dataStart + filled, raw.length - filled);
    if (n <= 0) break;
    filled += n;
  }
  try {
    zlib.inflateSync(raw.subarray(0, filled), { maxOutputLength: MAX_DECODED_BYTES });
    return "within";
  } catch (error) {
    return (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? "too_large" : null;
  }
}

const isImage = (dict: PdfDict) => nameOf(get(dict, "Subtype")) === "Image";

/**
 * The survey of the objects `index` lists in the file read by `read` (`size` bytes, offsets counted
 * from `start`, headerOffset's answer), with the page tree from the catalog `root`.
 */
export async function surveyObjects(
  read: ReadInto,
  size: number,
  start: number,
  index: ObjectIndex,
  root: { num: number; gen: number },
): Promise<ObjectSurvey> {
  const objects = new Objects(read, size, start, index);
  const active = new Set<ActiveContent>();
  let tooComplex = false;
  const images: SurveyedStream[] = [];
  for (const num of index.sortedNums()) {
    const loaded = await objects.load(num);
    if (!loaded) continue;
    noteActive(loaded.value, active);
    if (loaded.stream && loaded.value instanceof Map && isImage(loaded.value)) {
      images.push({ num, gen: objects.genOf(num), dict: loaded.value, ...loaded.stream });
    }
    if (tooComplex || !loaded.stream || !(loaded.value instanceof Map) || isImage(loaded.value)) continue;
    // A cross-reference stream is read by xref-repair.ts, within its own bounds, or not at all.
    if (nameOf(get(loaded.value, "Type")) === "XRef") continue;
    const { names, params } = await filtersOf(objects, loaded.value);
    if (names.length === 0) continue;
    const quick = await quickFlate(read, loaded.stream, names, params);
    if (quick !== null) {
      tooComplex = quick === "too_large";
      continue;
    }
    const size = await decodedSizeWithin(
      read,
      loaded.stream.dataStart,
      loaded.stream.length,
      names,
      params,
      MAX_DECODED_BYTES,
    );
    if (size === "too_large") tooComplex = true;
  }
  const pages = await walkPages(objects, root);
  return { active: [...active].sort(), tooComplex, images, ...pages };
}

/**
 * Along the page tree: the first image past MAX_IMAGE_PIXELS that a page paints (among its
 * resources, inherited ones included, or a form's there), and the large content streams.
 */
async function walkPages(
  objects: Objects,
  root: { num: number; gen: number },
): Promise<Pick<ObjectSurvey, "largeImage" | "largeContents" | "largeContentArrays" | "flatPageTree">> {
  let largeImage: ObjectSurvey["largeImage"] = null;
  const largeContents: SurveyedStream[] = [];
  const largeContentArrays: ObjectSurvey["largeContentArrays"] = [];
  /** The root, if wide, and how many of its kids are pages as pdf.js tells one (a Page, or no /Kids). */
  let wide: NonNullable<ObjectSurvey["flatPageTree"]> | null = null;
  let pageKids = 0;
  const catalog = (await objects.load(root.num, root.gen))?.value;
  if (!(catalog instanceof Map)) return { largeImage, largeContents, largeContentArrays, flatPageTree: null };
  /** XObjects looked at already (an image all pages share is measured once). */
  const seen = new Set<string>();
  const largeIn = async (
    resources: PdfValue | undefined,
    depth: number,
  ): Promise<[number, number] | null> => {
    const res = await objects.resolve(resources);
    if (!(res instanceof Map) || depth > MAX_TREE_DEPTH) return null;
    const xobjects = await objects.resolve(get(res, "XObject"));
    if (!(xobjects instanceof Map)) return null;
    for (const value of xobjects.values()) {
      if (value instanceof PdfRef) {
        const key = `${value.num} ${value.gen}`;
        if (seen.has(key)) continue;
        seen.add(key);
      }
      const xobject = await objects.resolve(value);
      if (!(xobject instanceof Map)) continue;
      const subtype = nameOf(get(xobject, "Subtype"));
      if (subtype === "Image") {
        const w = await objects.resolve(get(xobject, "Width"));
        const h = await objects.resolve(get(xobject, "Height"));
        if (typeof w === "number" && typeof h === "number" && w * h > MAX_IMAGE_PIXELS) return [w, h];
      } else if (subtype === "Form") {
        const inner = await largeIn(get(xobject, "Resources"), depth + 1);
        if (inner) return inner;
      }
    }
    return null;
  };
  const streamAt = async (ref: PdfValue | undefined): Promise<SurveyedStream | null> => {
    if (!(ref instanceof PdfRef)) return null;
    const loaded = await objects.load(ref.num, ref.gen);
    if (!loaded?.stream || !(loaded.value instanceof Map)) return null;
    return { num: ref.num, gen: ref.gen, dict: loaded.value, ...loaded.stream };
  };
  const contentsOf = async (node: PdfValue | undefined, dict: PdfDict) => {
    const contents = get(dict, "Contents");
    const single = await streamAt(contents);
    if (single) {
      if (single.length >= LARGE_CONTENT_BYTES) largeContents.push(single);
      return;
    }
    const array = await objects.resolve(contents);
    if (!Array.isArray(array) || !(node instanceof PdfRef)) return;
    const parts: SurveyedStream[] = [];
    for (const ref of array) {
      const part = await streamAt(ref);
      // A part that is no stream: left to pdf.js as it is.
      if (!part) return;
      parts.push(part);
    }
    if (parts.reduce((sum, p) => sum + p.length, 0) >= LARGE_CONTENT_BYTES) {
      largeContentArrays.push({ page: { num: node.num, gen: node.gen, dict }, parts });
    }
  };
  let page = 0;
  const visited = new Set<string>();
  const walk = async (node: PdfValue | undefined, inherited: PdfValue | undefined, depth: number) => {
    if (depth > MAX_TREE_DEPTH || page >= MAX_PAGES) return;
    if (node instanceof PdfRef) {
      const key = `${node.num} ${node.gen}`;
      if (visited.has(key)) return;
      visited.add(key);
    }
    const dict = await objects.resolve(node);
    if (!(dict instanceof Map)) return;
    const resources = get(dict, "Resources") ?? inherited;
    const kids = await objects.resolve(get(dict, "Kids"));
    if (nameOf(get(dict, "Type")) !== "Page" && Array.isArray(kids)) {
      if (depth === 0 && node instanceof PdfRef && dict.has("Kids") && kids.length > FLAT_TREE_KIDS) {
        const refs = kids.filter((kid): kid is PdfRef => kid instanceof PdfRef);
        const distinct = new Set(refs.map((kid) => `${kid.num} ${kid.gen}`));
        if (
          refs.length === kids.length &&
          distinct.size === refs.length &&
          !distinct.has(`${node.num} ${node.gen}`)
        )
          wide = { num: node.num, gen: node.gen, dict, kids: refs };
      }
      for (const kid of kids) await walk(kid, resources, depth + 1);
      return;
    }
    if (depth === 1 && (nameOf(get(dict, "Type")) === "Page" || get(dict, "Kids") === undefined)) pageKids++;
    page++;
    await contentsOf(node, dict);
    if (!largeImage) {
      const large = await largeIn(resources, 0);
      if (large) largeImage = { page, width: large[0], height: large[1] };
    }
  };
  await walk(get(catalog, "Pages"), undefined, 0);
  const flatPageTree = wide && pageKids === (wide as { kids: PdfRef[] }).kids.length ? wide : null;
  return { largeImage, largeContents, largeContentArrays, flatPageTree };
}
