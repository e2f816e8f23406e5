/**
 * The package operations the task pane's Status view uses (contract §6.1, §6.2, §6.3, §6.5), over the
 * typed client. Reads that the pane polls take the ETag of the copy it has and answer
 * `{ notModified: true }` when the service says 304. Every call rejects with an ApiError whose
 * message can be shown as is.
 */
import { createApiClient, type Schemas } from "./client";
import type { HttpClient, RequestOptions } from "./http";

export type Package = Schemas["PackageResponse"];
export type PackageStatus = Package["status"];
/** A page of packages; with `includeSigners`, each item carries its `signers`. */
export type PackageList = Schemas["PackageListApiResponse"];
export type Signer = Schemas["SignerApiResponse"];
export type AuditEvent = Schemas["AuditEventResponse"];
export type AuditVerification = Schemas["AuditVerifyResponse"];

/** A link of the service's, good for a few minutes without a credential. */
export type TimedLink = Schemas["DownloadLinkResponse"];
export type PackageDocument = Schemas["DocumentApiResponse"];
/** The signed documents (and certificate) of a Completed package, each with a link of a few minutes. */
export type SignedFiles = Schemas["SignedFilesApiResponse"];
export type SignedFile = Schemas["SignedFileApiResponse"];
/** A share link (contract §7): for days, for someone without an account; its url whole. */
export type MintedShareLink = Schemas["MintedShareLinkApiResponse"];
export type ShareScope = MintedShareLink["scope"];

/**
 * The same link, answered so that the browser shows the PDF in its viewer instead of saving it
 * (the downloads route's `inline=1`; anything but a PDF stays a download).
 */
export function inlineLink(link: TimedLink): TimedLink {
  const url = new URL(link.url);
  url.searchParams.set("inline", "1");
  return { ...link, url: url.href };
}

export const FINAL_STATUSES: readonly PackageStatus[] = ["Completed", "Declined", "Voided", "Expired"];
export const IN_FLIGHT_STATUSES: readonly PackageStatus[] = ["Sent", "Viewed", "InProgress"];

export interface PackageQuery {
  page?: number;
  pageSize?: number;
  status?: PackageStatus[];
  search?: string;
  conversationId?: string;
  internetMessageId?: string;
  /** The packages this address sent (ignoring case): a user's own. */
  senderEmail?: string;
  /** Each package of the page with its signers, in the same answer and under the same ETag. */
  includeSigners?: boolean;
}

/** A conditional read: the body and its ETag, or "what you have is current". */
export type Fresh<T> = { notModified: false; data: T; etag: string | null } | { notModified: true };

type Options = { signal?: AbortSignal };
const signalOf = (options?: Options) => (options?.signal ? { signal: options.signal } : {});

export interface PackagesApi {
  list(query: PackageQuery, etag?: string | null, options?: Options): Promise<Fresh<PackageList>>;
  get(id: string, etag?: string | null, options?: Options): Promise<Fresh<Package>>;
  signers(id: string, etag?: string | null, options?: Options): Promise<Fresh<Signer[]>>;
  /** Notifies again everyone whose turn it is and who has not finished. */
  remind(id: string, options?: Options): Promise<Package>;
  void(id: string, reason: string, options?: Options): Promise<Package>;
  auditTrail(id: string, options?: Options): Promise<AuditEvent[]>;
  verifyAuditTrail(id: string, options?: Options): Promise<AuditVerification>;
  /** The package's documents, in order (their names and ids). */
  documents(id: string, options?: Options): Promise<PackageDocument[]>;
  /** One document's final form: values drawn in, sealed (Completed packages, once sealed). */
  signedDocumentLink(id: string, documentId: string, options?: Options): Promise<TimedLink>;
  /** All signed documents and the certificate of completion, one zip (Completed packages). */
  downloadLink(id: string, options?: Options): Promise<TimedLink>;
  certificateLink(id: string, options?: Options): Promise<TimedLink>;
  /**
   * A signer's own link to the signing page (the sender hands it over when asked, or opens it for the
   * user who signs it themselves); `allowedOrigins` may show its page in a frame (an Office dialog).
   */
  signingLink(
    id: string,
    signerId: string,
    options?: Options & { allowedOrigins?: string[] },
  ): Promise<TimedLink>;
  /**
   * Every signed document of a Completed package (and its certificate when asked), with names, sizes
   * and links of a few minutes (whole URLs).
   */
  signedFiles(id: string, includeCertificate: boolean, options?: Options): Promise<SignedFiles>;
  /** A share link of the package's signed files for `days` days (whole URL), for people without an account. */
  shareLink(id: string, scope: ShareScope, days: number, options?: Options): Promise<MintedShareLink>;
}

export function createPackagesApi(http: HttpClient): PackagesApi {
  const api = createApiClient(http);
  const conditional = async <T>(
    path: string,
    etag: string | null | undefined,
    query?: PackageQuery,
    options?: Options,
  ): Promise<Fresh<T>> => {
    const response = await http.send<T>("GET", path, {
      ...(query ? { query: query as RequestOptions["query"] } : {}),
      ...(etag ? { headers: { "If-None-Match": etag } } : {}),
      ...signalOf(options),
    });
    if (response.status === 304) return { notModified: true };
    return { notModified: false, data: response.data, etag: response.headers.get("ETag") };
  };
  // The service answers its links as paths of its own: the browser needs them whole.
  const absolute = (link: TimedLink): TimedLink => ({ ...link, url: new URL(link.url, http.baseUrl).href });
  const path = (id: string, rest = "") => `/api/v1/packages/${encodeURIComponent(id)}${rest}`;
  return {
    list: (query, etag, options) => conditional<PackageList>("/api/v1/packages", etag, query, options),
    get: (id, etag, options) => conditional<Package>(path(id), etag, undefined, options),
    async signers(id, etag, options) {
      const answer = await conditional<Schemas["SignerListApiResponse"]>(
        path(id, "/signers"),
        etag,
        undefined,
        options,
      );
      return answer.notModified ? answer : { ...answer, data: answer.data.items };
    },
    remind: (id, options) =>
      api.request("POST", "/api/v1/packages/{id}/resend", { path: { id }, ...signalOf(options) }),
    void: (id, reason, options) =>
      api.request("POST", "/api/v1/packages/{id}/void", {
        path: { id },
        body: { reason },
        ...signalOf(options),
      }),
    auditTrail: (id, options) =>
      api.request("GET", "/api/v1/packages/{id}/audit-trail", { path: { id }, ...signalOf(options) }),
    verifyAuditTrail: (id, options) =>
      api.request("GET", "/api/v1/packages/{id}/audit-trail/verify", { path: { id }, ...signalOf(options) }),
    // A service older than the completion and signing-URL routes answers 404 not_found:
    // the view says they are not offered there.
    documents: async (id, options) =>
      (await api.request("GET", "/api/v1/packages/{id}/documents", { path: { id }, ...signalOf(options) }))
        .items,
    signedDocumentLink: async (id, documentId, options) =>
      absolute(
        await api.request("GET", "/api/v1/packages/{id}/documents/{documentId}/download-signed", {
          path: { id, documentId },
          ...signalOf(options),
        }),
      ),
    downloadLink: async (id, options) =>
      absolute(
        await api.request("GET", "/api/v1/packages/{id}/download", { path: { id }, ...signalOf(options) }),
      ),
    certificateLink: async (id, options) =>
      absolute(
        await api.request("GET", "/api/v1/packages/{id}/certificate", { path: { id }, ...signalOf(options) }),
      ),
    async signedFiles(id, includeCertificate, options) {
      const answer = await api.request("POST", "/api/v1/packages/{id}/signed-files", {
        path: { id },
        body: { includeCertificate },
        ...signalOf(options),
      });
      return {
        ...answer,
        files: answer.files.map((f) => ({ ...f, url: new URL(f.url, http.baseUrl).href })),
      };
    },
    async shareLink(id, scope, days, options) {
      const link = await api.request("POST", "/api/v1/packages/{id}/share-links", {
        path: { id },
        body: { scope, expiresInDays: days },
        ...signalOf(options),
      });
      return { ...link, url: new URL(link.url, http.baseUrl).href };
    },
    signingLink: async (id, signerId, options) =>
      absolute(
        await api.request("POST", "/api/v1/packages/{id}/signers/{signerId}/signing-url", {
          path: { id, signerId },
          body: {
            expiresInMinutes: 60,
            ...(options?.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
          },
          ...signalOf(options),
        }),
      ),
  };
}
