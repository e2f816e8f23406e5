/**
 * "Reply with signed documents" (issue 33): a reply-all in the thread with a Completed package's signed
 * PDFs (and, when asked, its certificate) attached, so nothing is downloaded and attached again by hand.
 *
 * - Within Outlook's limits (OUTLOOK_LIMITS.attachmentBytes for all files together), the files are
 *   attached: handed over as Base64 where Outlook takes that (Mailbox 1.15), else as the service's
 *   5-minute links, which Outlook downloads itself (older Outlook).
 * - Above them, the reply carries a share link instead (REPLY_SHARE_LINK_DAYS days) and says so, and
 *   so does the pane.
 */
import type { MintedShareLink, Package, PackagesApi, SignedFiles } from "../../api/packages";
import { OUTLOOK_LIMITS, type OutlookHost, type ReplyFile } from "../../outlook";
import { formatDate } from "./words";

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

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** Within what Outlook attaches: each file and all of them together. */
export function fitsOutlook(files: Pick<SignedFiles, "totalSize" | "files">): boolean {
  return (
    files.totalSize <= OUTLOOK_LIMITS.attachmentBytes &&
    files.files.every((f) => f.size <= OUTLOOK_LIMITS.attachmentBytes)
  );
}

function whatWords(pkg: Package, certificate: boolean): string {
  const name = `“${escapeHtml(pkg.name)}”`;
  const when = pkg.completedOn ? ` (signed by everyone on ${escapeHtml(formatDate(pkg.completedOn))})` : "";
  return certificate
    ? `the signed documents of ${name}${when} and their certificate of completion`
    : `the signed documents of ${name}${when}`;
}

export function attachedBody(pkg: Package, certificate: boolean): string {
  return `<p>Attached are ${whatWords(pkg, certificate)}.</p>`;
}

export function linkedBody(pkg: Package, links: MintedShareLink[], bytes: number): string {
  const until = links[0] ? escapeHtml(formatDate(links[0].expiresOn)) : "";
  const items = links
    .map((l) => {
      const label =
        l.scope === "CertificateOfCompletion"
          ? "The certificate of completion (PDF)"
          : "The signed documents (zip)";
      return `<li><a href="${escapeHtml(l.url)}">${label}</a></li>`;
    })
    .join("");
  return (
    `<p>Here are ${whatWords(
      pkg,
      links.some((l) => l.scope === "CertificateOfCompletion"),
    )}. ` +
    `At ${escapeHtml(sizeWords(bytes))} they are too large to attach, so they are a download:</p>` +
    `<ul>${items}</ul><p>The links work until ${until}.</p>`
  );
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk)
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
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
  const signed = await api.signedFiles(pkg.id, includeCertificate, options);

  if (!fitsOutlook(signed)) {
    onStep("linking");
    const links = [await api.shareLink(pkg.id, "AllSignedDocuments", REPLY_SHARE_LINK_DAYS, options)];
    if (includeCertificate) {
      links.push(await api.shareLink(pkg.id, "CertificateOfCompletion", REPLY_SHARE_LINK_DAYS, options));
    }
    onStep("opening");
    await host.openReply({ all: true, html: linkedBody(pkg, links, signed.totalSize), files: [] });
    return { kind: "linked", bytes: signed.totalSize, expiresOn: links[0]!.expiresOn };
  }

  let files: ReplyFile[];
  const via = support.replyWithBase64.supported ? "base64" : "url";
  if (via === "base64") {
    onStep("fetching");
    files = [];
    for (const file of signed.files) {
      files.push({
        name: file.fileName,
        url: file.url,
        base64: bytesToBase64(await download(file.url, signal)),
      });
    }
  } else {
    // Older Outlook downloads each file from its link itself (within the links' few minutes: at once).
    files = signed.files.map((f) => ({ name: f.fileName, url: f.url }));
  }
  onStep("opening");
  await host.openReply({ all: true, html: attachedBody(pkg, includeCertificate), files });
  return { kind: "attached", count: files.length, bytes: signed.totalSize, via };
}
