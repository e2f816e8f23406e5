/**
 * "Reply with signed documents": a reply-all in the thread with a Completed package's signed
 * PDFs (and, when asked, its certificate) attached, so nothing is downloaded and attached again by hand.
 *
 * - Within Outlook's limits (OUTLOOK_LIMITS.attachmentBytes for all files together), the files are
 *   attached: handed over as Base64 where Outlook takes that (Mailbox 1.15), else as the service's
 *   5-minute links, which Outlook downloads itself (older Outlook).
 * - Above them, the reply carries a share link instead (REPLY_SHARE_LINK_DAYS days) and says so, and
 *   so does the pane.
 */
import type {
  MintedShareLink,
  Package,
  PackageDocument,
  PackagesApi,
  SignedFiles,
  Signer,
} from "../../api/packages";
import { OUTLOOK_LIMITS, bytesToBase64, type OutlookHost, type ReplyFile } from "../../outlook";
import { escapeHtml } from "../../shared/html";
import { formatDate, namesList } from "./words";

/**
 * How long a link put in a reply works: the recipients open it days later, not at once. (A share
 * link may last 90 days; a month covers a reply read after a holiday without leaving it open for long.)
 */
export const REPLY_SHARE_LINK_DAYS = 30;

export type ReplyStep = "reading" | "fetching" | "linking" | "opening";

export type ReplyOutcome =
  | { kind: "attached"; count: number; bytes: number; via: "base64" | "url" }
  | { kind: "linked"; bytes: number; expiresOn: string };

/** What the pane says while it works. */
export function stepWords(step: ReplyStep): string {
  switch (step) {
    case "reading":
      return "Getting the signed documents…";
    case "fetching":
      return "Attaching the signed documents…";
    case "linking":
      return "Making a download link for the reply…";
    case "opening":
      return "Opening the reply in Outlook…";
  }
}

export function sizeWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Within what Outlook attaches: each file and all of them together. */
export function fitsOutlook(files: Pick<SignedFiles, "totalSize" | "files">): boolean {
  return (
    files.totalSize <= OUTLOOK_LIMITS.attachmentBytes &&
    files.files.every((f) => f.size <= OUTLOOK_LIMITS.attachmentBytes)
  );
}

/**
 * What the reply says it carries, in the recipient's terms: the documents by their file names and
 * who signed them by name (the package's own name is the sender's bookkeeping, often made up).
 */
export interface ReplyContent {
  /** The documents' file names, in the package's order. */
  documents: string[];
  /** The names of those who signed (signers who completed; a group slot's member who did). */
  signedBy: string[];
  completedOn: string | null;
}

/** Documents named in the body; more are counted ("and 4 more documents"). */
const NAMED_DOCUMENTS = 5;

/** The reply's content from the package, its documents and its signers. */
export function replyContent(
  pkg: Pick<Package, "completedOn">,
  documents: readonly Pick<PackageDocument, "fileName" | "name">[],
  signers: readonly Signer[],
): ReplyContent {
  const signedBy: string[] = [];
  for (const s of signers) {
    if (s.type !== "Signer" || s.status !== "Completed") continue;
    const member = s.completedBy
      ? s.groupMembers?.find((m) => m.email.toLowerCase() === s.completedBy!.toLowerCase())
      : undefined;
    const name = s.completedBy ? member?.name || s.completedBy : s.name || s.email || "";
    if (name && !signedBy.includes(name)) signedBy.push(name);
  }
  return {
    documents: documents.map((d) => d.fileName || d.name),
    signedBy,
    completedOn: pkg.completedOn,
  };
}

function whatWords(content: ReplyContent, certificate: boolean): string {
  const quoted = content.documents.map((d) => `“${escapeHtml(d)}”`);
  const more = quoted.length - NAMED_DOCUMENTS;
  const docs =
    quoted.length === 0
      ? "the signed documents"
      : more > 1
        ? `${quoted.slice(0, NAMED_DOCUMENTS).join(", ")} and ${more} more documents`
        : namesList(quoted);
  const by = content.signedBy.length > 0 ? ` by ${escapeHtml(namesList(content.signedBy))}` : "";
  const on = content.completedOn ? ` on ${escapeHtml(formatDate(content.completedOn))}` : "";
  const signed = by || on ? `, signed${by}${on}` : "";
  const its = quoted.length === 1 ? "its" : "their";
  return certificate ? `${docs}${signed}, and ${its} certificate of completion` : `${docs}${signed}`;
}

const isOrAre = (content: ReplyContent, certificate: boolean) =>
  content.documents.length === 1 && !certificate ? "is" : "are";

export function attachedBody(content: ReplyContent, certificate: boolean): string {
  return `<p>Attached ${isOrAre(content, certificate)} ${whatWords(content, certificate)}.</p>`;
}

/**
 * A name Outlook attaches a file under: none of the characters Windows refuses in a file name (a
 * recipient saves it), and within Outlook's length (the adapter refuses a longer one), `tail` kept.
 */
export function outlookFileName(stem: string, tail: string): string {
  const clean =
    stem
      .replace(/[\\/:*?"<>|\p{Cc}]/gu, " ")
      .replace(/\s+/g, " ")
      .replace(/^[\s.]+|[\s.]+$/g, "") || "document";
  const cut = clean.slice(0, OUTLOOK_LIMITS.attachmentNameChars - tail.length);
  // Not half a character (a surrogate pair cut), nor a space before the tail.
  return cut.replace(/[\uD800-\uDBFF]$/, "").trimEnd() + tail;
}

/** A signed document's attachment name: the service's "<name> (signed).pdf", made safe. */
function signedDocumentName(fileName: string): string {
  const signed = /^(.*)( \(signed\)\.pdf)$/i.exec(fileName);
  if (signed) return outlookFileName(signed[1]!, signed[2]!);
  const dot = fileName.lastIndexOf(".");
  return dot > 0
    ? outlookFileName(fileName.slice(0, dot), fileName.slice(dot))
    : outlookFileName(fileName, "");
}

/** The certificate's attachment name: after the first document, not the package's name. */
export function certificateName(content: ReplyContent): string {
  const first = content.documents[0]?.replace(/\.[^.]*$/, "") ?? "";
  return outlookFileName(first, " - certificate of completion.pdf");
}

/** Each file's name as attached. */
function attachmentName(file: SignedFiles["files"][number], content: ReplyContent): string {
  return file.kind === "CertificateOfCompletion"
    ? certificateName(content)
    : signedDocumentName(file.fileName);
}

export function linkedBody(content: ReplyContent, links: MintedShareLink[], bytes: number): string {
  const until = links[0] ? escapeHtml(formatDate(links[0].expiresOn)) : "";
  const certificate = links.some((l) => l.scope === "CertificateOfCompletion");
  const items = links
    .map((l) => {
      const label =
        l.scope === "CertificateOfCompletion"
          ? "The certificate of completion (PDF)"
          : "The signed documents (zip)";
      return `<li><a href="${escapeHtml(l.url)}">${label}</a></li>`;
    })
    .join("");
  const they = isOrAre(content, certificate) === "is" ? "it is" : "they are";
  return (
    `<p>Here ${isOrAre(content, certificate)} ${whatWords(content, certificate)}. ` +
    `At ${escapeHtml(sizeWords(bytes))} ${they} too large to attach, so ${they} a download:</p>` +
    `<ul>${items}</ul><p>The links work until ${until}.</p>`
  );
}

async function download(url: string, signal?: AbortSignal): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, { cache: "no-store", ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(
      "The signed documents could not be fetched from the signing service. Check your connection and try again.",
      { cause: error },
    );
  }
  if (!response.ok) {
    throw new Error(
      `The signing service didn't hand over a signed document (HTTP ${response.status}). Try again in a moment.`,
    );
  }
  return new Uint8Array(await response.arrayBuffer());
}

export interface ReplyRequest {
  host: OutlookHost;
  api: PackagesApi;
  pkg: Package;
  includeCertificate: boolean;
  onStep(step: ReplyStep): void;
  signal?: AbortSignal;
}

/** Opens the reply-all; resolves to what was done, rejects with an error whose message is for the user. */
export async function replyWithSignedDocuments(request: ReplyRequest): Promise<ReplyOutcome> {
  const { host, api, pkg, includeCertificate, onStep, signal } = request;
  const options = signal ? { signal } : {};
  const support = host.composeSupport();
  if (!support.reply.supported) throw new Error(support.reply.reason ?? "Outlook can't open a reply here.");

  onStep("reading");
  const [signed, documents, signers] = await Promise.all([
    api.signedFiles(pkg.id, includeCertificate, options),
    api.documents(pkg.id, options),
    api.signers(pkg.id, null, options),
  ]);
  const content = replyContent(pkg, documents, signers.notModified ? [] : signers.data);

  if (!fitsOutlook(signed)) {
    onStep("linking");
    const links = [await api.shareLink(pkg.id, "AllSignedDocuments", REPLY_SHARE_LINK_DAYS, options)];
    if (includeCertificate) {
      links.push(await api.shareLink(pkg.id, "CertificateOfCompletion", REPLY_SHARE_LINK_DAYS, options));
    }
    onStep("opening");
    await host.openReply({ all: true, html: linkedBody(content, links, signed.totalSize), files: [] });
    return { kind: "linked", bytes: signed.totalSize, expiresOn: links[0]!.expiresOn };
  }

  let files: ReplyFile[];
  const via = support.replyWithBase64.supported ? "base64" : "url";
  if (via === "base64") {
    onStep("fetching");
    files = [];
    for (const file of signed.files) {
      files.push({
        name: attachmentName(file, content),
        url: file.url,
        base64: bytesToBase64(await download(file.url, signal)),
      });
    }
  } else {
    // Older Outlook downloads each file from its link itself (within the links' few minutes: at once).
    files = signed.files.map((f) => ({ name: attachmentName(f, content), url: f.url }));
  }
  onStep("opening");
  await host.openReply({ all: true, html: attachedBody(content, includeCertificate), files });
  return { kind: "attached", count: files.length, bytes: signed.totalSize, via };
}
