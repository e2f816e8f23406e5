// The package zip (download of a completed package): the signed documents and the certificate of
// completion, streamed by yazl so a large package never sits in memory twice. Entry names come from
// senders' file names, so they are made safe: no folders, no path traversal, no characters Windows
// refuses, and duplicates numbered ("a.pdf", "a (2).pdf") because unzip tools overwrite or stop.
import type { Readable } from "node:stream";
import { ZipFile } from "yazl";

export interface ZipDocument {
  name: string;
  /** Bytes, or a stream (e.g. from blob storage) read only when the zip is. */
  content: Uint8Array | Readable;
}

export interface PackageZipInput {
  documents: readonly ZipDocument[];
  certificate?: Uint8Array | null;
  auditTrail?: Uint8Array | null;
  /** Time stamped on every entry (the completion time); default now. */
  mtime?: Date;
}

export const CERTIFICATE_NAME = "Certificate of completion.pdf";
export const AUDIT_TRAIL_NAME = "Audit trail.pdf";

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
/** UTF-8 bytes: file systems allow 255 per name; room is left for " (n)" and the reader's own suffixes. */
const MAX_NAME_BYTES = 200;

/** A file name safe to unpack anywhere, keeping the sender's name as far as possible. */
export function safeEntryName(raw: string, extension = ".pdf"): string {
  // The last path segment only: "../../etc/passwd" and "C:\\x\\y.pdf" lose their folders.
  let name = raw.split(/[/\\]/).pop() ?? "";
  name = name
    .normalize("NFC")
    // Control characters and what Windows forbids in a file name.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, "_")
    .replace(/\s+/g, " ")
    .replace(/^[ .]+|[ .]+$/g, "");
  if (!name) name = "document";
  if (extension && !name.toLowerCase().endsWith(extension.toLowerCase())) name += extension;
  if (WINDOWS_RESERVED.test(name)) name = `_${name}`;
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) {
    // Cut whole code points (never half a surrogate pair) from the stem, keeping the extension.
    const ext = /\.[^.]{1,10}$/.exec(name)?.[0] ?? "";
    const stem = Array.from(name.slice(0, name.length - ext.length));
    while (stem.length && Buffer.byteLength(stem.join("") + ext) > MAX_NAME_BYTES) stem.pop();
    name = stem.join("").replace(/[ .]+$/, "") + ext;
  }
  return name;
}

/** Makes each name unique (case-insensitively, as Windows and macOS compare) by numbering repeats. */
export class UniqueNames {
  private readonly taken = new Set<string>();

  take(name: string): string {
    let candidate = name;
    const dot = name.lastIndexOf(".");
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

/** The zip as a stream, and the entry names in it (documents in input order, then the reports). */
export function packageZip(input: PackageZipInput): { stream: Readable; names: string[] } {
  const zip = new ZipFile();
  const mtime = input.mtime ?? new Date();
  const names = new UniqueNames();
  // The reports' names are reserved first so a document called the same is the one numbered.
  const certificateName = input.certificate ? names.take(CERTIFICATE_NAME) : null;
  const auditName = input.auditTrail ? names.take(AUDIT_TRAIL_NAME) : null;
  const entries: string[] = [];
  for (const doc of input.documents) {
    const name = names.take(safeEntryName(doc.name));
    entries.push(name);
    if (doc.content instanceof Uint8Array)
      zip.addBuffer(Buffer.from(doc.content), name, { mtime, compress: true });
    else zip.addReadStream(doc.content, name, { mtime, compress: true });
  }
  if (certificateName && input.certificate) {
    zip.addBuffer(Buffer.from(input.certificate), certificateName, { mtime });
    entries.push(certificateName);
  }
  if (auditName && input.auditTrail) {
    zip.addBuffer(Buffer.from(input.auditTrail), auditName, { mtime });
    entries.push(auditName);
  }
  zip.end();
  // yazl's output is a PassThrough; its typings say only NodeJS.ReadableStream.
  return { stream: zip.outputStream as Readable, names: entries };
}
