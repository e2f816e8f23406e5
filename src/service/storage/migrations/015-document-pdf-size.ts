import type { Migration } from "./types";

export const migration: Migration = {
  version: 15,
  name: "documents: size of the PDF made of an image",
  statements: [
    // download-pdf answers Content-Length: for an image the PDF made of it has its own size.
    `ALTER TABLE package_documents ADD COLUMN pdf_size BIGINT`,
    `UPDATE package_documents SET pdf_size = size WHERE pdf_sha256 = sha256 OR pdf_sha256 IS NULL`,
  ],
};
