// A damaged cross-reference table, repaired in constant memory (issue 15). pdf.js follows the last
// `startxref` to the table of where each object lies; when that fails (the number is off, the table
// is garbage or points at the wrong bytes, the trailer is missing) it loads the WHOLE file into its
// copy and indexes every object (its XRef.indexObjects): 50 MB resident for a 50 MB upload, on top
// of the rest. Here, before pdf.js opens the file:
//
// 1. `xrefIsSound` checks, cheaply, what pdf.js would follow: the last startxref, the classic tables
//    there and along their /Prev chain (their syntax, a trailer with /Root, and that every in-use
//    entry points at its own `num gen obj` header), or an `N G obj` cross-reference stream (trusted:
//    its entries are compressed).
// 2. If not sound, `repairXref` walks the file a window (1 MiB) at a time exactly as indexObjects
//    walks its copy (the same tokens, the same regular expressions, later objects replacing earlier
//    ones), keeping only each object's offset and the trailers' positions, picks the trailer
//    indexObjects would pick (its /Root a catalog whose /Pages has an integer /Count, one with /ID
//    first), and writes a classic table and trailer for all of that: an appendix the caller serves
//    after the file's last byte (pdf-file.ts), so pdf.js finds it as the last startxref and never
//    falls back to reading everything. The file itself is not copied or changed.
//
// What is not repaired (`repairXref` answers null and pdf.js does as before, reading the whole
// file): files with cross-reference streams (their objects may lie compressed in object streams,
// which only those streams locate), files with an /Encrypt trailer (refused anyway), and files with
// more than MAX_OBJECTS objects. One addition to indexObjects: with no usable trailer at all, the
// last /Type /Catalog object becomes /Root (pdf.js refuses such a file; Acrobat opens it).
//
// It reads through a function, so it is testable on bytes; service only (it decodes with Buffer).

/** Reads up to `length` bytes of the file at `position` into `buffer` from 0; answers how many. */
export type ReadInto = (buffer: Uint8Array, position: number, length: number) => number | Promise<number>;

/** How much of the file one step of the walk holds (and a string as long). */
const WINDOW_BYTES = 1024 * 1024;
/** A match ending this close to a window's end may continue past it: it is looked at again. */
const MARGIN = 1024;
/**
 * Beyond this many objects no repair, and no check of a table: the index (an entry an object) and
 * the table written (20 bytes an object) would cost megabytes (a 2,000-page scan has 6,000). pdf.js
 * then does as it did, within the reader thread's heap cap.
 */
export const MAX_OBJECTS = 200_000;
/**
 * Most trailers the repair weighs; a file with more is left to pdf.js, as before the repair. Real
 * files have one per incremental update. Each is read and its /Root followed, so without a bound a
 * file of nothing but trailers would keep the one reader thread busy for minutes.
 */
export const MAX_TRAILERS = 100;
/** The longest dictionary of a catalog or page tree looked at (a /Kids of 100,000 pages). */
const MAX_DICTIONARY_BYTES = 4 * 1024 * 1024;
/** The longest classic table `xrefIsSound` reads. */
const MAX_TABLE_BYTES = 20 * MAX_OBJECTS + 64 * 1024;

// indexObjects' expressions (pdf.js 5.x, XRef.indexObjects), used unchanged so the walk finds what
// it finds; plus `/XRef`, which it looks for in each object to spot cross-reference streams.
const END_OF_OBJECT = /\b(endobj|\d+\s+\d+\s+obj|xref|trailer\s*<<)\b|(\/XRef)/g;
const END_OF_TRAILER = /\b(startxref|\d+\s+\d+\s+obj)\b/g;
const OBJ_HEADER = /^(\d+)\s+(\d+)\s+obj\b/;
const NOT_SPACE = /[^\t\n\r ]/g;
const LINE_END = /[\n\r]/g;
const TOKEN_END = /[\n\r<]/g;
const TRAILER = /trailer/g;
const STARTXREF = /startxref/g;

/**
 * Decodes bytes one char a byte, as pdf.js's bytesToString does (Node's latin1 is exactly that; the
 * WHATWG TextDecoder's is windows-1252): one flat string, no pieces left to collect.
 */
function latin1(bytes: Uint8Array, length = bytes.length): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, length).toString("latin1");
}

interface Found {
  index: number;
  match: RegExpExecArray;
}

/** The file seen through one window at a time, with searches that cross windows. */
class Walker {
  private buffer = new Uint8Array(WINDOW_BYTES);
  /** The window: the file's bytes [start, start + text.length). */
  private start = 0;
  private text = "";
  private sinceCollected = 0;

  constructor(
    private readonly read: ReadInto,
    readonly size: number,
    private readonly collectGarbage?: () => void,
  ) {}

  private get end(): number {
    return this.start + this.text.length;
  }

  /** Loads the window from one byte before `p` (so `\b` at p sees what precedes it). */
  private async load(p: number): Promise<void> {
    const start = Math.max(0, p - 1);
    const length = Math.min(WINDOW_BYTES, this.size - start);
    let filled = 0;
    while (filled < length) {
      const n = await this.read(this.buffer.subarray(filled), start + filled, length - filled);
      if (n <= 0) break;
      filled += n;
    }
    this.text = "";
    this.sinceCollected += filled;
    if (this.collectGarbage && this.sinceCollected >= 2 * WINDOW_BYTES) {
      this.sinceCollected = 0;
      this.collectGarbage();
    }
    this.start = start;
    this.text = latin1(this.buffer, filled);
  }

  private async ensure(p: number, need: number): Promise<void> {
    const fits = this.start <= Math.max(0, p - 1) && (p + need <= this.end || this.end >= this.size);
    if (!fits || this.text.length === 0) await this.load(p);
  }

  /** Up to `length` bytes from `p`, as text. */
  async textAt(p: number, length: number): Promise<string> {
    await this.ensure(p, length);
    return this.text.slice(p - this.start, p - this.start + length);
  }

  /** The first match of the global expression `re` at or after `p`, or null. */
  async find(p: number, re: RegExp): Promise<Found | null> {
    for (;;) {
      if (p >= this.size) return null;
      await this.ensure(p, MARGIN);
      re.lastIndex = p - this.start;
      const match = re.exec(this.text);
      const last = this.end >= this.size;
      if (match && (last || match.index + match[0].length < this.text.length - MARGIN)) {
        return { index: this.start + match.index, match };
      }
      if (last) return null;
      const next = match ? this.start + match.index : this.end - MARGIN;
      // A match longer than a window (megabytes of white space inside it): taken as it is.
      if (match && next <= p) return { index: next, match };
      p = Math.max(p + 1, next);
      await this.load(p);
    }
  }
}

interface Entry {
  offset: number;
  gen: number;
}

/** A dictionary's text from `<<` at `at` to its `>>`, strings and hex strings skipped; or null. */
function dictionaryText(text: string, at: number): string | null {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === "<") {
      if (text[i + 1] === "<") {
        depth++;
        i++;
      } else {
        const close = text.indexOf(">", i);
        if (close < 0) return null;
        i = close;
      }
    } else if (c === ">") {
      if (text[i + 1] === ">") {
        depth--;
        i++;
        if (depth === 0) return text.slice(at, i + 1);
      }
    } else if (c === "(") {
      let nested = 0;
      for (i++; i < text.length; i++) {
        if (text[i] === "\\") i++;
        else if (text[i] === "(") nested++;
        else if (text[i] === ")" && nested-- === 0) break;
      }
    } else if (c === "%") {
      while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    }
  }
  return null;
}

function reference(dict: string, key: string): { num: number; gen: number } | null {
  const m = new RegExp(
    `/${key}[\\0\\t\\n\\f\\r ]*(\\d+)[\\0\\t\\n\\f\\r ]+(\\d+)[\\0\\t\\n\\f\\r ]+R\\b`,
  ).exec(dict);
  return m ? { num: Number(m[1]), gen: Number(m[2]) } : null;
}

const WS = "[\\0\\t\\n\\f\\r ]";
/** PDF white space and comments, as pdf.js's lexer skips them before a token. */
const SKIP = new RegExp(`^(?:${WS}|%[^\\n\\r]*)*`);

/** Reads `length` bytes at `position` (fewer at the end of the file) as text. */
async function readText(read: ReadInto, position: number, length: number, size: number): Promise<string> {
  // A file's own numbers (a negative or huge startxref, an entry's offset) can point anywhere.
  if (!(position >= 0 && position < size)) return "";
  const bytes = new Uint8Array(Math.max(0, Math.min(length, size - position)));
  let filled = 0;
  while (filled < bytes.length) {
    const n = await read(bytes.subarray(filled), position + filled, bytes.length - filled);
    if (n <= 0) break;
    filled += n;
  }
  return latin1(bytes, filled);
}

/** Where pdf.js's offsets count from: its "%PDF-" (in the first KiB), else the file's start. */
export async function headerOffset(read: ReadInto, size: number): Promise<number> {
  const at = (await readText(read, 0, 1024, size)).indexOf("%PDF-");
  return at < 0 ? 0 : at;
}

/** The number after the last `startxref`, as pdf.js reads it (0 when there is none or no number). */
async function lastStartxref(read: ReadInto, size: number): Promise<number | null> {
  const tailBytes = Math.min(size, 4096);
  const tail = await readText(read, size - tailBytes, tailBytes, size);
  const at = tail.lastIndexOf("startxref");
  if (at < 0) return null;
  let i = at + 9;
  while (i < tail.length && " \t\n\r".includes(tail[i]!)) i++;
  let digits = "";
  while (i < tail.length && tail.charCodeAt(i) >= 0x20 && tail.charCodeAt(i) <= 0x39) digits += tail[i++];
  const n = parseInt(digits, 10);
  return Number.isNaN(n) ? 0 : n;
}

/** Whether the object `num gen` starts at `offset` (pdf.js's test of an entry). */
/** An object's header, as pdf.js's lexer reads it at an entry's offset. */
const HEADER = new RegExp(
  `^(?:${WS}|%[^\\n\\r]*)*(\\d+)${WS}+(\\d+)${WS}+obj(?![^\\0\\t\\n\\f\\r <>\\[\\]()/%{}])`,
);

/** Whether the object `num gen` starts at `offset` (pdf.js's test of an entry). */
async function headerAt(read: ReadInto, size: number, offset: number, num: number, gen: number) {
  const m = HEADER.exec(await readText(read, offset, 64, size));
  return m !== null && Number(m[1]) === num && Number(m[2]) === gen;
}

/**
 * Whether pdf.js can open the file by its cross-reference data without rebuilding it: see the top
 * of this file. `start` is headerOffset's answer. Reads the tables, and a few bytes at each entry.
 */
export async function xrefIsSound(read: ReadInto, size: number, start: number): Promise<boolean> {
  const first = await lastStartxref(read, size);
  if (first === null) return false;
  const queue = [first];
  const visited = new Set<number>();
  const entries = new Map<number, Entry>();
  let root = false;
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (visited.has(at) || visited.size > 64) continue;
    visited.add(at);
    const head = await readText(read, start + at, 1024, size);
    const skipped = SKIP.exec(head)![0].length;
    const rest = head.slice(skipped);
    let dict: string | null;
    if (/^xref(?![^\0\t\n\f\r <>[\]()/%{}])/.test(rest)) {
      // A classic table: read it whole (to its trailer's dictionary) and parse it as pdf.js does.
      let text = "";
      let trailerAt = -1;
      for (let p = start + at + skipped + 4; p < size && text.length < MAX_TABLE_BYTES; p += 256 * 1024) {
        text += await readText(read, p, 256 * 1024, size);
        trailerAt = text.indexOf("trailer");
        if (trailerAt >= 0 && dictionaryText(text, text.indexOf("<<", trailerAt)) !== null) break;
      }
      if (trailerAt < 0) return false;
      // Token by token (no array of them: a table may have a hundred thousand entries).
      const TOKEN = /[^\0\t\n\f\r ]+/g;
      const next = () => {
        const m = TOKEN.exec(text);
        return m && m.index < trailerAt ? m[0] : null;
      };
      for (let head = next(); head !== null; head = next()) {
        const countToken = next();
        if (!/^\d+$/.test(head) || !/^\d+$/.test(countToken ?? "")) return false;
        let firstNum = Number(head);
        const count = Number(countToken);
        for (let i = 0; i < count; i++) {
          const [offset, gen, type] = [next(), next(), next()];
          if (!/^\d+$/.test(offset ?? "") || !/^\d+$/.test(gen ?? "") || (type !== "n" && type !== "f")) {
            return false;
          }
          if (i === 0 && type === "f" && firstNum === 1) firstNum = 0;
          const num = firstNum + i;
          if (!entries.has(num))
            entries.set(num, { offset: type === "n" ? Number(offset) : -1, gen: Number(gen) });
          // Too many to check: left to pdf.js, as before.
          if (entries.size > MAX_OBJECTS) return true;
        }
      }
      const open = text.indexOf("<<", trailerAt);
      if (open < 0 || !/^trailer(?:[\0\t\n\f\r ]|%[^\n\r]*)*$/.test(text.slice(trailerAt, open)))
        return false;
      dict = dictionaryText(text, open);
      if (dict === null) return false;
      if (!root && !reference(dict, "Root")) return false;
      root = true;
      const xrefStm = /\/XRefStm[\0\t\n\f\r ]+(\d+)/.exec(dict);
      if (xrefStm) queue.push(Number(xrefStm[1]));
    } else {
      // A cross-reference stream: its entries are compressed; that it is one is checked.
      const m = /^(\d+)[\0\t\n\f\r ]+(\d+)[\0\t\n\f\r ]+obj[\0\t\n\f\r ]*(?:%[^\n\r]*[\0\t\n\f\r ]*)*<</.exec(
        rest,
      );
      if (!m) return false;
      dict = dictionaryText(rest, m[0].length - 2);
      if (dict === null || !/\/Type[\0\t\n\f\r ]*\/XRef\b/.test(dict)) return false;
      root = true;
    }
    const prev = /\/Prev[\0\t\n\f\r ]+(\d+)/.exec(dict);
    if (prev) queue.push(Number(prev[1]));
  }
  if (entries.get(0)?.offset !== undefined && entries.get(0)!.offset >= 0) return false;
  for (const [num, entry] of entries) {
    if (entry.offset <= 0) continue;
    if (!(await headerAt(read, size, start + entry.offset, num, entry.gen))) return false;
  }
  return true;
}

/** Why repairXref left a file to pdf.js (null: repaired). */
export type NotRepaired = "xref_streams" | "encrypted" | "too_many_objects" | "no_root";

export interface XrefRepair {
  /** The bytes to serve after the file's last byte: a table of every object and a trailer. */
  appendix: Uint8Array | null;
  /** Objects indexed. */
  objects: number;
  notRepaired: NotRepaired | null;
}

/**
 * Indexes every object as pdf.js's indexObjects does, a window at a time, and answers a table and
 * trailer for them (see the top of this file). `start` is headerOffset's answer.
 */
export async function repairXref(
  read: ReadInto,
  size: number,
  start: number,
  collectGarbage?: () => void,
): Promise<XrefRepair> {
  const walker = new Walker(read, size, collectGarbage);
  const entries = new Map<number, Entry>();
  const trailers: number[] = [];
  const catalogs: number[] = [];
  let xrefStreams = false;
  const notRepaired = (reason: NotRepaired): XrefRepair => ({
    appendix: null,
    objects: entries.size,
    notRepaired: reason,
  });
  let p = start;
  while (p < size) {
    // White space and comments between tokens.
    const text = await walker.find(p, NOT_SPACE);
    if (!text) break;
    p = text.index;
    if (text.match[0] === "%") {
      p = (await walker.find(p, LINE_END))?.index ?? size;
      continue;
    }
    const end = await walker.find(p, TOKEN_END);
    // pdf.js's readToken leaves out the file's last byte when no line end follows.
    const tokenLength = end ? end.index - p : size - p - 1;
    const token = await walker.textAt(p, Math.min(tokenLength, 256));
    let m: RegExpExecArray | null;
    if (token.startsWith("xref") && (token.length === 4 || /\s/.test(token[4]!))) {
      p = (await walker.find(p, TRAILER))?.index ?? size;
      trailers.push(p);
      if (trailers.length > MAX_TRAILERS) return notRepaired("too_many_objects");
      p = (await walker.find(p, STARTXREF))?.index ?? size;
    } else if ((m = OBJ_HEADER.exec(token))) {
      const num = Number(m[1]) | 0;
      const gen = Number(m[2]) | 0;
      entries.set(num, { offset: p - start, gen });
      if (entries.size > MAX_OBJECTS) return notRepaired("too_many_objects");
      const contentStart = p + tokenLength;
      // Whether it is a catalog (for a file without a usable trailer): its dictionary's start.
      const head = await walker.textAt(contentStart, 1024);
      const headEnd = head.indexOf("endobj");
      if (
        /^[\0\t\n\f\r ]*<<[^]*?\/Type[\0\t\n\f\r ]*\/Catalog\b/.test(
          headEnd < 0 ? head : head.slice(0, headEnd),
        )
      ) {
        catalogs.push(num);
      }
      // The end of the object, as indexObjects finds it; and on the way the first /XRef, which
      // followed by a delimiter or a digit makes it a cross-reference stream.
      let sawXref = false;
      let found: Found | null;
      for (let q = contentStart; ;) {
        found = await walker.find(q, END_OF_OBJECT);
        if (!found || found.match[2] === undefined) break;
        if (!sawXref) {
          sawXref = true;
          if ((await walker.textAt(found.index + 5, 1)).charCodeAt(0) < 64) xrefStreams = true;
        }
        q = found.index + 5;
      }
      let length: number;
      if (found) {
        length = found.index + found.match[0].length + 1 - p;
        if (found.match[1] !== "endobj") length -= found.match[1]!.length + 1;
      } else {
        length = size - p;
      }
      p += Math.max(1, length);
    } else if (token.startsWith("trailer") && (token.length === 7 || /\s/.test(token[7]!))) {
      trailers.push(p);
      if (trailers.length > MAX_TRAILERS) return notRepaired("too_many_objects");
      const found = await walker.find(p + tokenLength, END_OF_TRAILER);
      let length: number;
      if (found) {
        length = found.index + found.match[0].length + 1 - p;
        if (found.match[1] !== "startxref") length -= found.match[1]!.length + 1;
      } else {
        length = size - p;
      }
      p += Math.max(1, length);
    } else {
      p += tokenLength + 1;
    }
  }
  if (xrefStreams) return notRepaired("xref_streams");

  /** The dictionary of object `num gen` if it is one, per the index. */
  const dictionaries = new Map<string, Promise<string | null>>();
  const objectDict = (ref: { num: number; gen: number } | null): Promise<string | null> => {
    if (!ref) return Promise.resolve(null);
    // Trailers often name the same /Root and /Pages: each object is read once.
    const key = `${ref.num} ${ref.gen}`;
    let dict = dictionaries.get(key);
    if (!dict) dictionaries.set(key, (dict = readObjectDict(ref)));
    return dict;
  };
  const readObjectDict = async (ref: { num: number; gen: number } | null): Promise<string | null> => {
    const entry = ref && entries.get(ref.num);
    if (!ref || !entry || entry.gen !== ref.gen) return null;
    const header = new RegExp(`^${ref.num}${WS}+${ref.gen}${WS}+obj(?:${WS}|%[^\\n\\r]*)*<<`);
    // A page tree's /Kids of 2,000 pages is 20 KB: read more until the dictionary ends.
    for (let length = 16 * 1024; length <= MAX_DICTIONARY_BYTES; length *= 4) {
      const text = await readText(read, start + entry.offset, length, size);
      const m = header.exec(text);
      if (!m) return null;
      const dict = dictionaryText(text, m[0].length - 2);
      if (dict !== null || text.length < length) return dict;
    }
    return null;
  };
  /** What indexObjects asks of a trailer's /Root: a dictionary whose /Pages is one, with a /Count. */
  const rootState = async (rootRef: { num: number; gen: number } | null) => {
    const catalog = await objectDict(rootRef);
    if (catalog === null) return "none" as const;
    const pages = await objectDict(reference(catalog, "Pages"));
    if (pages === null) return "none" as const;
    return /\/Count[\0\t\n\f\r ]+[+-]?\d+(?![.\d])/.test(pages) ? ("valid" as const) : ("pages" as const);
  };

  let chosen: { root: { num: number; gen: number }; info: { num: number; gen: number } | null } | null = null;
  for (const at of trailers) {
    const text = await readText(read, at, 64 * 1024, size);
    const open = /^trailer(?:[\0\t\n\f\r ]|%[^\n\r]*)*<</.exec(text);
    if (!open) continue;
    const dict = dictionaryText(text, open[0].length - 2);
    if (dict === null) continue;
    if (/\/Encrypt\b/.test(dict)) return notRepaired("encrypted");
    const root = reference(dict, "Root");
    const state = await rootState(root);
    if (state === "none") continue;
    chosen = { root: root!, info: reference(dict, "Info") };
    if (state === "valid" && /\/ID\b/.test(dict)) break;
  }
  if (!chosen) {
    for (const num of catalogs.reverse()) {
      const root = { num, gen: entries.get(num)!.gen };
      if ((await rootState(root)) !== "none") {
        chosen = { root, info: null };
        break;
      }
    }
  }
  if (!chosen) return notRepaired("no_root");
  // What the walk read is garbage now: collected before pdf.js reads, not on top of it.
  collectGarbage?.();
  return {
    appendix: xrefAppendix(entries, chosen.root, chosen.info, size - start),
    objects: entries.size,
    notRepaired: null,
  };
}

/**
 * A classic cross-reference table of `entries` and a trailer, to follow a file `length` bytes long
 * (counted from its %PDF-): it starts with a line end, in case the file does not end with one.
 */
function xrefAppendix(
  entries: Map<number, Entry>,
  root: { num: number; gen: number },
  info: { num: number; gen: number } | null,
  length: number,
): Uint8Array {
  const nums = [...entries.keys()].filter((n) => n > 0).sort((a, b) => a - b);
  const lines: string[] = ["xref\n0 1\n0000000000 65535 f \n"];
  for (let i = 0; i < nums.length;) {
    let j = i;
    while (j + 1 < nums.length && nums[j + 1] === nums[j]! + 1) j++;
    lines.push(`${nums[i]} ${j - i + 1}\n`);
    for (let k = i; k <= j; k++) {
      const e = entries.get(nums[k]!)!;
      lines.push(`${String(e.offset).padStart(10, "0")} ${String(e.gen).padStart(5, "0")} n \n`);
    }
    i = j + 1;
  }
  const size = (nums.at(-1) ?? 0) + 1;
  const infoEntry = info && entries.get(info.num)?.gen === info.gen ? ` /Info ${info.num} ${info.gen} R` : "";
  lines.push(
    `trailer\n<< /Size ${size} /Root ${root.num} ${root.gen} R${infoEntry} >>\nstartxref\n${length + 1}\n%%EOF\n`,
  );
  const text = "\n" + lines.join("");
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
