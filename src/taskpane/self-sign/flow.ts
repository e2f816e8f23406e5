/**
 * Sign it yourself: the user signs attachments of the open message themselves. The
 * steps outside React: the package made (create-and-send with signYourself: the user is the one
 * signer, nobody is mailed), the signing page's window, waiting for the signature and the seal, and
 * the sealed PDFs read back for the reply or the draft. The Send view's pieces do the rest: its
 * documents, its fields (stamped as text tags, as Send stamps them) and its PDF stamp.
 */
import type { ApiClient, Schemas } from "../../api/client";
import type { PackagesApi } from "../../api/packages";
import { bytesToBase64, type AttachmentInfo } from "../../outlook";
import { documentsFromAttachments, type SendDocument } from "../send/documents";
import { stampsFor, type PlacedField } from "../send/fields";
import type { PersonRow } from "../send/signers";
import type { FinalOptions } from "../send/stamp";
import type { TagFormat } from "../../tags";

export type SelfSignResponse = Schemas["CreateAndSendResponse"];
export type SelfSignPackage = Schemas["PackageResponse"];

/** The one signer row: the user (Send's fields step places fields for rows). */
export const SELF_ROW_KEY = "self";

export function selfRow(email: string, name: string): PersonRow {
  return {
    key: SELF_ROW_KEY,
    kind: "person",
    email,
    name: name || email,
    roles: [],
    isSelf: true,
    type: "Signer",
    included: true,
  };
}

/** The message's attachments the user can sign: PDFs and images Send could send, each chosen at first. */
export function signableDocuments(attachments: readonly AttachmentInfo[]): SendDocument[] {
  return documentsFromAttachments(attachments).filter((d) => d.sendable);
}

/** "NDA.pdf" → "NDA (signed).pdf"; an image's name gets ".pdf" (it is signed as a PDF). */
export function signedFileName(name: string): string {
  const base = name.replace(/\.(pdf|png|jpe?g)$/i, "");
  return `${base} (signed).pdf`;
}

/** The package's name: the first document's, and how many more. */
export function packageName(documents: readonly SendDocument[]): string {
  const first = documents[0]?.name.replace(/\.(pdf|png|jpe?g)$/i, "") ?? "Documents";
  const more = documents.length - 1;
  return (more > 0 ? `${first} and ${more} more` : first).slice(0, 200);
}

export interface StampModule {
  asPdf(bytes: Uint8Array, contentType: string): Promise<Uint8Array>;
  finalPdf(pdf: Uint8Array, options: FinalOptions): Promise<Uint8Array>;
}

export interface CreateInput {
  api: ApiClient;
  documents: readonly SendDocument[];
  fields: readonly PlacedField[];
  tagFormat: TagFormat;
  readBytes(doc: SendDocument): Promise<Uint8Array>;
  stamp: StampModule;
  /** The user's mailbox and name: the signer when the credential names no person. */
  me: { email: string; name: string };
  source: { conversationId: string | null; internetMessageId: string | null; subject: string | null };
  /** The pane's origin: the signing page may be framed there (an Office dialog shown in a frame). */
  paneOrigin: string | null;
}

/**
 * Makes and sends the package in one request (create-and-send/json with signYourself): each
 * document as a PDF with the user's fields stamped as tags (white, as Send stamps them), the tags of
 * the documents applied. Answers the package and the user's link to sign it.
 */
export async function createSelfSignPackage(input: CreateInput): Promise<SelfSignResponse> {
  const indexes = new Map([[SELF_ROW_KEY, 1]]);
  const documents = [];
  for (const doc of input.documents) {
    const pdf = await input.stamp.asPdf(await input.readBytes(doc), doc.contentType);
    const bytes = await input.stamp.finalPdf(pdf, {
      stamps: stampsFor(doc.key, input.fields, indexes, input.tagFormat),
      visible: false,
      block: [],
      format: input.tagFormat,
    });
    documents.push({
      name: doc.name,
      fileName: /\.pdf$/i.test(doc.name) ? doc.name : `${doc.name.replace(/\.(png|jpe?g)$/i, "")}.pdf`,
      contentType: "application/pdf",
      contentBase64: bytesToBase64(bytes),
    });
  }
  return input.api.request("POST", "/api/v1/packages/create-and-send/json", {
    body: {
      name: packageName(input.documents),
      senderEmail: input.me.email,
      senderName: input.me.name || null,
      source: { kind: "outlook", ...input.source },
      documents,
      signYourself: {
        // The whole hour: the user may read the document before signing.
        expiresInMinutes: 60,
        ...(input.paneOrigin ? { allowedOrigins: [input.paneOrigin] } : {}),
      },
    },
  });
}

/** Where the package stands for the pane while the user signs. */
export type Progress = "signing" | "sealing" | "sealed";

/** Why the wait ended without a sealed document, in words for the user. */
export class SelfSignStopped extends Error {}

/** The package's state read as the pane's progress; throws SelfSignStopped for an end without a seal. */
export function progressOf(pkg: SelfSignPackage): Progress {
  if (pkg.status === "Declined") throw new SelfSignStopped("You declined to sign, so nothing was signed.");
  if (pkg.status === "Voided") throw new SelfSignStopped("The package was voided before it was signed.");
  if (pkg.status === "Expired") throw new SelfSignStopped("The package expired before it was signed.");
  if (pkg.status !== "Completed") return "signing";
  if (pkg.sealing === "Failed") {
    throw new SelfSignStopped(
      "You signed, but sealing the document failed. Status keeps the package; ask your administrator.",
    );
  }
  return pkg.sealing === "Done" ? "sealed" : "sealing";
}

export interface WaitOptions {
  packages: PackagesApi;
  id: string;
  signal: AbortSignal;
  onProgress(progress: Progress): void;
  /** Milliseconds between reads of the package; `wake()` reads at once (the dialog said it is done). */
  intervalMs?: number;
}

/**
 * Polls the package until it is sealed (answers) or ends otherwise (throws SelfSignStopped). The
 * signing window's message only hurries it: the package is what says it is signed.
 */
export function waitUntilSealed(options: WaitOptions): { done: Promise<void>; wake(): void } {
  let wake: () => void = () => undefined;
  const done = (async () => {
    let last: Progress | null = null;
    for (;;) {
      options.signal.throwIfAborted();
      const answer = await options.packages.get(options.id, null, { signal: options.signal });
      if (!answer.notModified) {
        const progress = progressOf(answer.data);
        if (progress !== last) options.onProgress(progress);
        last = progress;
        if (progress === "sealed") return;
      }
      const interval = last === "sealing" ? 500 : (options.intervalMs ?? 1500);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, interval);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
        options.signal.addEventListener("abort", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  })();
  return { done, wake: () => wake() };
}

export interface SealedFile {
  name: string;
  base64: string;
  /** The short-lived download link it was read from. */
  url: string;
}

/** The package's sealed PDFs, read through their download links (no credential in the URL's use). */
export async function sealedFiles(
  packages: PackagesApi,
  id: string,
  fetchBytes: (url: string) => Promise<Uint8Array>,
): Promise<SealedFile[]> {
  const out: SealedFile[] = [];
  for (const doc of await packages.documents(id)) {
    const link = await packages.signedDocumentLink(id, doc.id);
    out.push({
      name: signedFileName(doc.name),
      base64: bytesToBase64(await fetchBytes(link.url)),
      url: link.url,
    });
  }
  return out;
}
