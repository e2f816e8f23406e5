// audit-trail/export (contract §6.5): the package's audit trail as a PDF, one block per event,
// oldest first, with each event's hash and the previous one so a reader can follow the chain.
import { PDFDocument } from "pdf-lib";
import { type ReportSeal, ReportWriter, reportFonts, saveReport, utc } from "./pdf-report";

/** One item of `GET /audit-trail` (contract §6.5). */
export interface AuditTrailItem {
  id: string;
  at: string | Date;
  action: string;
  actor: { type: string; email?: string | null; name?: string | null } | null;
  ip: string | null;
  details: unknown;
  hash: string;
  previousHash: string | null;
}

export interface AuditExportInput {
  package: { id: string; name: string };
  events: readonly AuditTrailItem[];
  /** The result of audit-trail/verify, printed at the top when given. */
  verification?: {
    isValid: boolean;
    eventCount: number;
    firstBrokenEventId: string | null;
    /** Why not, for a trail cut short (no event to name). */
    reason?: string | null;
  } | null;
  generatedAt?: Date;
}

function actorText(actor: AuditTrailItem["actor"]): string {
  if (!actor) return "—";
  const who = [actor.name, actor.email ? `<${actor.email}>` : null].filter(Boolean).join(" ");
  return who ? `${who} (${actor.type})` : actor.type;
}

/** Details as "key: value" pairs; nested values as compact JSON. */
export function detailsText(details: unknown): string {
  if (details === null || details === undefined) return "—";
  if (typeof details !== "object") return String(details);
  if (Array.isArray(details)) return JSON.stringify(details);
  const parts = Object.entries(details as Record<string, unknown>).map(
    ([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`,
  );
  return parts.length ? parts.join("; ") : "—";
}

const time = (at: string | Date) => (at instanceof Date ? at.getTime() : Date.parse(at));

/** The trail as a PDF; sealed like the documents when `seal` is given (completion does). */
export async function auditTrailPdf(input: AuditExportInput, seal?: ReportSeal | null): Promise<Uint8Array> {
  const generatedAt = input.generatedAt ?? new Date();
  const doc = await PDFDocument.create();
  doc.setTitle(`Audit trail: ${input.package.name}`);
  doc.setProducer("Sign for Outlook");
  doc.setCreationDate(generatedAt);
  doc.setModificationDate(generatedAt);
  const fonts = await reportFonts(doc);
  const w = new ReportWriter(doc, fonts, `Audit trail · package ${input.package.id}`);

  w.text("Audit trail", { size: 20, font: fonts.bold });
  w.space(6);
  w.field("Package", input.package.name);
  w.field("Package id", input.package.id, { mono: true });
  w.field("Events", String(input.events.length));
  w.field("Generated", utc(generatedAt));
  const v = input.verification;
  if (v) {
    w.field(
      "Verification",
      v.isValid
        ? "verified: the hash chain is intact"
        : v.firstBrokenEventId
          ? `BROKEN at event ${v.firstBrokenEventId}`
          : `BROKEN: ${v.reason ?? "the trail was altered"}`,
    );
  }

  // Oldest first; the sort is stable, so events of the same instant keep the chain's order.
  const events = [...input.events].sort((a, b) => time(a.at) - time(b.at));
  w.heading("Events");
  events.forEach((e, i) => {
    w.ensure(9 * 1.35 * 7 + 8);
    if (i > 0) w.rule();
    w.text(`${i + 1}. ${utc(e.at)}  ${e.action}`, { size: 10, font: fonts.bold });
    w.field("Actor", actorText(e.actor), { labelWidth: 80 });
    w.field("IP address", e.ip ?? "—", { mono: true, labelWidth: 80 });
    w.field("Details", detailsText(e.details), { labelWidth: 80 });
    w.field("Event id", e.id, { mono: true, labelWidth: 80 });
    w.field("Hash", e.hash, { mono: true, labelWidth: 80 });
    w.field("Previous", e.previousHash ?? "— (first event)", { mono: true, labelWidth: 80 });
  });

  w.finish();
  return saveReport(doc, seal);
}
