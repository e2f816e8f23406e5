// The certificate of completion (contract §6.5): one PDF that says who signed what, when, from
// where, and which bytes: each document's SHA-256 before and after completion, and whether the
// audit trail's hash chain verified. Input is plain data so the package model can feed it later.
import { PDFDocument } from "pdf-lib";
import { type ReportSeal, ReportWriter, reportFonts, saveReport, utc } from "./pdf-report";

type When = Date | string | null | undefined;

export interface CertificateSigner {
  name: string;
  email: string;
  /** e.g. Signer, Approver, CarbonCopy, or a signing group's slot. */
  type: string;
  status: string;
  routingOrder?: number;
  viewedAt?: When;
  completedAt?: When;
  declinedAt?: When;
  declineReason?: string | null;
  ip?: string | null;
  /** For a signing-group slot: who of the group acted. */
  actedBy?: string | null;
}

export interface CertificateDocument {
  name: string;
  pages: number;
  originalSha256: string;
  finalSha256: string;
}

export interface CertificateInput {
  package: {
    id: string;
    name: string;
    status: string;
    sender?: { name: string; email: string } | null;
    sentAt?: When;
    completedAt?: When;
  };
  signers: readonly CertificateSigner[];
  documents: readonly CertificateDocument[];
  /** The result of audit-trail/verify. */
  audit: { isValid: boolean; eventCount: number; firstBrokenEventId: string | null; reason?: string | null };
  /**
   * The hash of the trail's last event when the certificate was made. The certificate is sealed, so
   * it anchors the trail's head: events later cut from the end can no longer go unnoticed.
   */
  lastEventHash?: string | null;
  /** The seal certificate's subject, when the documents were sealed. */
  sealedBy?: string | null;
  generatedAt?: Date;
}

/** The certificate as a PDF; sealed like the documents when `seal` is given (completion does). */
export async function certificateOfCompletion(
  input: CertificateInput,
  seal?: ReportSeal | null,
): Promise<Uint8Array> {
  const generatedAt = input.generatedAt ?? new Date();
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate of completion: ${input.package.name}`);
  doc.setProducer("Sign for Outlook");
  doc.setCreationDate(generatedAt);
  doc.setModificationDate(generatedAt);
  const fonts = await reportFonts(doc);
  const w = new ReportWriter(doc, fonts, `Certificate of completion · package ${input.package.id}`);

  w.text("Certificate of completion", { size: 20, font: fonts.bold });
  w.space(6);
  w.field("Package", input.package.name);
  w.field("Package id", input.package.id, { mono: true });
  w.field("Status", input.package.status);
  if (input.package.sender) w.field("Sender", `${input.package.sender.name} <${input.package.sender.email}>`);
  w.field("Sent", utc(input.package.sentAt));
  w.field("Completed", utc(input.package.completedAt));
  w.field("Generated", utc(generatedAt));
  if (input.sealedBy) w.field("Sealed by", input.sealedBy);

  w.heading(`Signers (${input.signers.length})`);
  input.signers.forEach((s, i) => {
    // Keep one signer's lines together on a page where they fit.
    w.ensure(9 * 1.35 * 8 + 8);
    if (i > 0) w.rule();
    w.text(`${s.routingOrder ?? i + 1}. ${s.name}`, { size: 10.5, font: fonts.bold });
    w.field("Email", s.email);
    w.field("Type", s.type);
    w.field("Status", s.status);
    if (s.actedBy) w.field("Acted by", s.actedBy);
    w.field("Viewed", utc(s.viewedAt));
    w.field("Completed", utc(s.completedAt));
    if (s.declinedAt || s.declineReason) {
      w.field("Declined", utc(s.declinedAt));
      w.field("Reason", s.declineReason ?? "");
    }
    w.field("IP address", s.ip ?? "—", { mono: true });
  });

  w.heading(`Documents (${input.documents.length})`);
  input.documents.forEach((d, i) => {
    w.ensure(9 * 1.35 * 5 + 8);
    if (i > 0) w.rule();
    w.text(d.name, { size: 10.5, font: fonts.bold });
    w.field("Pages", String(d.pages));
    w.field("SHA-256 original", d.originalSha256, { mono: true });
    w.field("SHA-256 final", d.finalSha256, { mono: true });
  });

  w.heading("Audit trail");
  w.field("Events", String(input.audit.eventCount));
  if (input.lastEventHash) w.field("Last event's SHA-256", input.lastEventHash, { mono: true });
  w.field(
    "Verification",
    input.audit.isValid
      ? "verified: every event's hash matches its content and the previous event's hash"
      : input.audit.firstBrokenEventId
        ? `BROKEN at event ${input.audit.firstBrokenEventId}: the trail was altered after it was written`
        : `BROKEN: ${input.audit.reason ?? "the trail was altered after it was written"}`,
  );

  w.finish();
  return saveReport(doc, seal);
}
