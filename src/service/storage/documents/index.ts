// Documents of packages and templates, one file per concern: the document rows, the upload sessions
// with their staged blocks, and the queue of blobs that may be garbage.
export { DocumentStore, type DocumentRecord } from "./document-rows";
export { UploadStore, type UploadBlockRecord, type UploadSessionRecord } from "./upload-sessions";
export { BlobGarbageStore } from "./blob-garbage";
