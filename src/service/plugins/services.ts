import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { UploadStaging } from "../blobs/staging";
import type { BlobStore } from "../blobs/types";
import type { SealKeeper } from "../domain/completion";
import type { RateLimiter } from "../domain/rate-limits";
import type { SigningLinks } from "../domain/signing-links";
import type { PdfReader } from "../pdf-reader";
import type { Storage } from "../storage";

declare module "fastify" {
  /** The service's shared stores and helpers, made once in app.ts and read by each route plugin from `app`. */
  interface FastifyInstance {
    storage: Storage;
    blobs: BlobStore;
    /** Work files of uploads in flight; emptied when the service starts. */
    workDir: string;
    /** Reads PDFs in a thread of its own, with a capped heap. */
    pdfReader: PdfReader;
    /** Chunked uploads' block files on local files; null with S3 (blobs/staging.ts). */
    staging: UploadStaging | null;
    /** Signers' links (domain/signing-links.ts). */
    links: SigningLinks;
    /** Request budgets counted in the database (domain/rate-limits.ts). */
    limiter: RateLimiter;
    /** The seal identity, read or made when a completion or a report first needs it. */
    seal: SealKeeper;
  }
}

export type ServiceDependencies = Pick<
  FastifyInstance,
  "storage" | "blobs" | "workDir" | "pdfReader" | "staging" | "links" | "limiter" | "seal"
>;

/** Decorates the root instance (fastify-plugin: not encapsulated), so routes registered after it see them. */
export default fp(
  async function services(app: FastifyInstance, d: ServiceDependencies) {
    app.decorate("storage", d.storage);
    app.decorate("blobs", d.blobs);
    app.decorate("workDir", d.workDir);
    app.decorate("pdfReader", d.pdfReader);
    app.decorate("staging", d.staging);
    app.decorate("links", d.links);
    app.decorate("limiter", d.limiter);
    app.decorate("seal", d.seal);
  },
  { name: "services" },
);
