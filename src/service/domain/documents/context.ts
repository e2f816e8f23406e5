// What every document operation is given (the service's stores and work places) and what it answers
// for a document (DocumentApiResponse, contract §6.2).
import type { UploadStaging } from "../../blobs/staging";
import type { BlobStore } from "../../blobs/types";
import type { PdfReader } from "../../pdf-reader";
import type { DocumentRecord, Storage } from "../../storage";

/** What document operations need besides the database. */
export interface DocumentContext {
  storage: Storage;
  blobs: BlobStore;
  /** Work files of uploads in flight; emptied when the service starts. */
  workDir: string;
  /** Reads PDFs in a thread of its own, with a capped heap. */
  pdfReader: PdfReader;
  /**
   * On local files, chunked uploads write their blocks into one file a session (see staging.ts);
   * null with S3, where each block is a blob of its own.
   */
  staging: UploadStaging | null;
}

export type FullDocument = Required<DocumentRecord>;

/** DocumentApiResponse of contract §6.2. */
export function documentApi(d: FullDocument) {
  return {
    id: d.id,
    name: d.name,
    fileName: d.fileName,
    contentType: d.contentType,
    size: d.size,
    sha256: d.sha256,
    pageCount: d.pageCount,
    pages: d.pages,
    order: d.order,
    createdOn: d.createdOn,
    detectedTagCount: d.detectedTagCount,
  };
}
