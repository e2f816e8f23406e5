import type { Migration } from "./types";

export const migration: Migration = {
  version: 41,
  name: "download links: what each one serves",
  statements: [
    // The package and the row a link serves (source: Document, SignedDocument, Attachment or
    // Package, source_id the document's or the annotation's id): once that is deleted the link
    // serves nothing (DownloadLinkStore.findActive). Links made before have none; they expire.
    `ALTER TABLE download_links ADD COLUMN package_id TEXT`,
    `ALTER TABLE download_links ADD COLUMN source TEXT`,
    `ALTER TABLE download_links ADD COLUMN source_id TEXT`,
  ],
};
