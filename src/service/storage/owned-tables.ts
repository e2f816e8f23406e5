// Packages and templates both hold documents, chunked uploads and annotations, in tables of the same
// shape (a template's are tied to roles instead of signers). The stores are written once and told
// which tables to use. The names below are constants of ours, never input, so they may be put into
// SQL text.

export interface OwnedTables {
  /** The owner's table and the column its children refer to it by. */
  owners: "packages" | "templates";
  ownerColumn: "package_id" | "template_id";
  documents: "package_documents" | "template_documents";
  annotations: "package_annotations" | "template_annotations";
  /** What an annotation is for: a package's signer or a template's role. */
  slots: "package_signers" | "template_roles";
  slotColumn: "signer_id" | "role_id";
  sessions: "upload_sessions" | "template_upload_sessions";
  blocks: "upload_blocks" | "template_upload_blocks";
}

export const PACKAGE_TABLES: OwnedTables = {
  owners: "packages",
  ownerColumn: "package_id",
  documents: "package_documents",
  annotations: "package_annotations",
  slots: "package_signers",
  slotColumn: "signer_id",
  sessions: "upload_sessions",
  blocks: "upload_blocks",
};

export const TEMPLATE_TABLES: OwnedTables = {
  owners: "templates",
  ownerColumn: "template_id",
  documents: "template_documents",
  annotations: "template_annotations",
  slots: "template_roles",
  slotColumn: "role_id",
  sessions: "template_upload_sessions",
  blocks: "template_upload_blocks",
};
