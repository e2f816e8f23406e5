// Incremental update (ISO 32000-1 §7.5.6): a PDF changed with pdf-lib saved as its original bytes
// followed by an update section holding only the objects that are new or changed, a cross-reference
// section for them, and a trailer whose /Prev points at the previous cross-reference section.
// pdf-lib's own save rewrites every object (a 10 MB scan costs 100–400 ms to copy and re-serialise);
// stamping a few tags changes a handful of small objects (the pages, their new content streams, a
// font), so the update is a few kilobytes and takes milliseconds. Runs in the browser too.
//
// What changed is found by comparison, not by bookkeeping: when the document is opened every
// indirect object's serialised form is noted (a stream: its dictionary and its bytes' identity), and
// at saving an object is written when it is new, replaced, or serialises differently. So any pdf-lib
// call (drawText's q/Q wrapping of a page's contents, normalize() copying inherited resources,
// addPage changing the page tree) is covered without knowing what it touches.
//
// The new cross-reference section is of the kind the previous one was: a classic table after a
// classic table (also after a hybrid file's table with /XRefStm, §7.5.8.4: a reader that knows
// streams reaches that stream through /Prev, and our own objects are all in the table), a
// cross-reference stream after a cross-reference stream (a file written with streams only may be
// read by readers that do not know classic tables, §7.5.8.1). When the previous section cannot be
// found or read (a damaged file pdf-lib still opened by scanning it), the document is saved whole.
import {
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFObjectParser,
  PDFRawStream,
  PDFRef,
  type PDFObject,
} from "pdf-lib";

interface Noted {
  object: PDFObject;
  /** The dictionary (streams) or whole object, serialised. */
  text: string;
  /** A raw stream's bytes, compared by identity (pdf-lib replaces, never edits, them). */
  contents: Uint8Array | null;
}

/** A document opened for an incremental update: change `doc` with pdf-lib, then `save()`. */
export interface UpdatableDocument {
  doc: PDFDocument;
  /** The original bytes followed by an update section with what changed; the same input gives the same bytes. */
  save(): Promise<Uint8Array>;
}

const encoder = new TextEncoder();
const latin1 = (bytes: Uint8Array) => {
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    s += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 8192)));
  }
  return s;
};

function note(object: PDFObject): Noted {
  if (object instanceof PDFRawStream) {
    return { object, text: object.dict.toString(), contents: object.contents };
  }
  return { object, text: object.toString(), contents: null };
}

function unchanged(before: Noted, now: PDFObject): boolean {
  if (before.object !== now) return false;
  if (now instanceof PDFRawStream)
    return now.contents === before.contents && now.dict.toString() === before.text;
  return now.toString() === before.text;
}

interface PreviousSection {
  /** Byte offset of the last cross-reference section (the file's last startxref). */
  offset: number;
  kind: "table" | "stream";
  trailer: PDFDict;
  /** The previous trailer's /Size: new objects are numbered from here. */
  size: number;
}

/** The file's last cross-reference section and its trailer; null when it cannot be read. */
function previousSection(doc: PDFDocument, bytes: Uint8Array): PreviousSection | null {
  const tail = latin1(bytes.subarray(Math.max(0, bytes.length - 2048)));
  const match =
    /startxref\s+(\d+)\s*(?:%%EOF)?\s*$/.exec(tail) ?? /startxref\s+(\d+)(?![\s\S]*startxref)/.exec(tail);
  if (!match) return null;
  const offset = Number(match[1]);
  if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= bytes.length) return null;
  const head = latin1(bytes.subarray(offset, Math.min(bytes.length, offset + 64)));
  let trailer: PDFDict | null = null;
  let kind: PreviousSection["kind"];
  try {
    if (/^xref\s/.test(head)) {
      kind = "table";
      // The trailer follows the table; the table's length is not known without reading it.
      const at = indexOf(bytes, "trailer", offset);
      if (at < 0) return null;
      const parsed = PDFObjectParser.forBytes(bytes.subarray(at + 7), doc.context).parseObject();
      if (parsed instanceof PDFDict) trailer = parsed;
    } else {
      const header = /^(\d+)\s+(\d+)\s+obj\b/.exec(head);
      if (!header) return null;
      kind = "stream";
      const parsed = PDFObjectParser.forBytes(
        bytes.subarray(offset + header[0].length),
        doc.context,
      ).parseObject();
      const dict = parsed instanceof PDFRawStream ? parsed.dict : parsed instanceof PDFDict ? parsed : null;
      if (dict && dict.get(PDFName.of("Type")) === PDFName.of("XRef")) trailer = dict;
    }
  } catch {
    return null;
  }
  const size = trailer?.get(PDFName.of("Size"));
  if (!trailer || !(size instanceof PDFNumber) || !trailer.get(PDFName.of("Root"))) return null;
  return { offset, kind, trailer, size: size.asNumber() };
}

function indexOf(bytes: Uint8Array, text: string, from: number): number {
  const first = text.charCodeAt(0);
  outer: for (let i = from; i <= bytes.length - text.length; i++) {
    if (bytes[i] !== first) continue;
    for (let j = 1; j < text.length; j++) if (bytes[i + j] !== text.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

/** Consecutive object numbers as [first, count] runs (the subsections of §7.5.4). */
function runs(numbers: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const n of numbers) {
    const last = out.at(-1);
    if (last && last[0] + last[1] === n) last[1]++;
    else out.push([n, 1]);
  }
  return out;
}

/**
 * `load` (pdf-lib with the document's own checks, e.g. src/pdf/inspect loadPdf) applied to `bytes`,
 * ready to be changed and saved as an incremental update of `bytes`.
 */
export async function openForUpdate(
  bytes: Uint8Array,
  load: (bytes: Uint8Array) => Promise<PDFDocument>,
): Promise<UpdatableDocument> {
  const doc = await load(bytes);
  const previous = previousSection(doc, bytes);
  const noted = new Map<PDFRef, Noted>();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) noted.set(ref, note(object));
  // New objects must not take a number the file already uses: pdf-lib does not register the
  // object and cross-reference streams it unpacks, nor numbers only the xref /Size accounts for.
  if (previous) {
    doc.context.largestObjectNumber = Math.max(doc.context.largestObjectNumber, previous.size - 1);
  }
  return {
    doc,
    async save() {
      if (!previous) return doc.save({ useObjectStreams: false });
      await doc.flush(); // fonts and images embedded so far become objects
      const changed = doc.context
        .enumerateIndirectObjects()
        .filter(([ref, object]) => {
          const before = noted.get(ref);
          return !before || !unchanged(before, object);
        })
        .sort(([a], [b]) => a.objectNumber - b.objectNumber);
      // One number twice (two generations both live in pdf-lib's view): not a valid update.
      if (changed.some(([ref], i) => i > 0 && changed[i - 1]![0].objectNumber === ref.objectNumber)) {
        return doc.save({ useObjectStreams: false });
      }
      return writeUpdate(doc, bytes, previous, changed);
    },
  };
}

function writeUpdate(
  doc: PDFDocument,
  original: Uint8Array,
  previous: PreviousSection,
  changed: [PDFRef, PDFObject][],
): Uint8Array {
  const parts: Uint8Array[] = [];
  let offset = original.length;
  const push = (part: Uint8Array) => {
    parts.push(part);
    offset += part.length;
  };
  const text = (s: string) => push(encoder.encode(s));
  // The original may end without a line break after %%EOF.
  const last = original[original.length - 1];
  if (last !== 0x0a && last !== 0x0d) text("\n");

  const entries: { number: number; generation: number; offset: number }[] = [];
  for (const [ref, object] of changed) {
    entries.push({ number: ref.objectNumber, generation: ref.generationNumber, offset });
    const body = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(body, 0);
    text(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    push(body);
    text("\nendobj\n");
  }

  // The new trailer: every entry of the previous one but /Prev (§7.5.6), with /Prev and /Size set;
  // a stream's own entries (/Type, /W, /Index, /Length, /Filter, /DecodeParms) are not carried.
  const carried = ["Root", "Info", "ID", "Encrypt"];
  const trailer = new Map<string, PDFObject>();
  for (const key of carried) {
    const value = previous.trailer.get(PDFName.of(key));
    if (value) trailer.set(key, value);
  }
  const xrefAt = offset;
  if (previous.kind === "table") {
    const size = Math.max(previous.size, (changed.at(-1)?.[0].objectNumber ?? 0) + 1);
    let table = "xref\n";
    let next = 0;
    for (const [first, count] of runs(entries.map((e) => e.number))) {
      table += `${first} ${count}\n`;
      for (const e of entries.slice(next, next + count)) {
        table += `${String(e.offset).padStart(10, "0")} ${String(e.generation).padStart(5, "0")} n\r\n`;
      }
      next += count;
    }
    text(table);
    text(`trailer\n${dictText(trailer, { Size: String(size), Prev: String(previous.offset) })}\n`);
  } else {
    // The stream's own entry is part of it (§7.5.8.3: a cross-reference stream lists itself).
    const ownNumber = Math.max(doc.context.largestObjectNumber, previous.size - 1) + 1;
    doc.context.largestObjectNumber = ownNumber;
    const all = [...entries, { number: ownNumber, generation: 0, offset: xrefAt }];
    const size = Math.max(previous.size, ownNumber + 1);
    const widthOfOffset = xrefAt >= 2 ** 32 ? 8 : 4;
    const rowLength = 1 + widthOfOffset + 2;
    const data = new Uint8Array(all.length * rowLength);
    all.forEach((e, i) => {
      const at = i * rowLength;
      data[at] = 1;
      let o = e.offset;
      for (let b = widthOfOffset; b >= 1; b--) {
        data[at + b] = o % 256;
        o = Math.floor(o / 256);
      }
      data[at + widthOfOffset + 1] = (e.generation >> 8) & 0xff;
      data[at + widthOfOffset + 2] = e.generation & 0xff;
    });
    const index = runs(all.map((e) => e.number))
      .map(([first, count]) => `${first} ${count}`)
      .join(" ");
    const dict = dictText(trailer, {
      Type: "/XRef",
      Size: String(size),
      Prev: String(previous.offset),
      Index: `[${index}]`,
      W: `[1 ${widthOfOffset} 2]`,
      Length: String(data.length),
    });
    text(`${ownNumber} 0 obj\n${dict}\nstream\n`);
    push(data);
    text("\nendstream\nendobj\n");
  }
  text(`startxref\n${xrefAt}\n%%EOF\n`);

  const out = new Uint8Array(offset);
  out.set(original, 0);
  let at = original.length;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function dictText(carried: ReadonlyMap<string, PDFObject>, own: Record<string, string>): string {
  const lines = [...carried].map(([key, value]) => `/${key} ${value.toString()}`);
  for (const [key, value] of Object.entries(own)) lines.push(`/${key} ${value}`);
  return `<<\n${lines.join("\n")}\n>>`;
}
