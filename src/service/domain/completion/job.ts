// The completion job (contract §6.5): once a package is Completed, every document gets
// its field values drawn in and its tag text hidden (src/service/pdf/flatten.ts), is sealed with the
// deployment's certificate (completion/seal.ts), and the package gains a certificate of completion,
// an audit trail PDF and a zip of them all; then the sender is mailed a link to the zip.
//
// How it is run (see docs/completion.md):
// - The code that makes a package Completed (domain/packages/transition.ts, called by finishSigning)
//   writes a Pending package_completions row in the same transaction. Nothing here is called by it.
// - The scheduler's completion step claims one due row at a time under a lease (a random token and
//   an end time): FOR UPDATE SKIP LOCKED on PostgreSQL, the writer lock on SQLite. Two service
//   processes never work on one package at once.
// - Each file made is stored as a blob and then recorded (package_completion_files) in a transaction
//   that also renews the lease and fails if the lease was lost: a worker that overran its lease stops
//   at its next record. A crash leaves what was recorded; the next claim (after the lease ran out)
//   skips those files and makes the rest.
// - The last transaction marks the completion Done, appends the audit event and writes the sender's
import { createHash, randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import type { BlobStore } from "../../blobs";
import { auditTrailPdf } from "../../completion/audit-export";
import { certificateOfCompletion, type CertificateSigner } from "../../completion/certificate";
import { sealedFinalDocument } from "../../completion/final-document";
import { packageZip } from "../../completion/package-zip";
import type { ReportSeal } from "../../completion/pdf-report";
import { pauseAfterRecordForTest, testLeaseMs } from "../../completion/test-hooks";
import type { CompletionFileKind, CompletionRecord, SignerRecord, Storage } from "../../storage";
import { appendAudit, auditEventApi, SYSTEM, verifiedAuditTrail } from "../audit";
import { newId } from "../tokens";
import { finalDocumentInput } from "./field-values";
import type { SealKeeper } from "./seal-keeper";

/** How long a claim is held without news from its worker; renewed with every file recorded. */
export const COMPLETION_LEASE_MS = 2 * 60_000;
/** Attempts before a completion is Failed for good (a document that cannot be flattened or sealed). */
export const COMPLETION_MAX_ATTEMPTS = 5;

class LeaseLostError extends Error {}

/** The wait after failed attempt n (1, 2, …): 1 minute, doubling. */
export function completionRetryDelayMs(attempts: number): number {
  return 60_000 * 2 ** Math.max(0, attempts - 1);
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

export interface CompletionDeps {
  storage: Storage;
  blobs: BlobStore;
  seal: SealKeeper;
}

export interface CompletionReport {
  packageId: string;
  outcome: "done" | "retry" | "failed" | "lease-lost";
  error?: string;
  /** The files this attempt made ("Document/<id>", "Certificate", ...); a resumed one skips the rest. */
  made: string[];
}

/**
 * Claims the oldest due completion and works it off; null when none is due. Safe in several
 * processes at once (see the top of this file).
 */
export async function completeDuePackage(
  deps: CompletionDeps,
  now = new Date(),
): Promise<CompletionReport | null> {
  const { storage } = deps;
  // A read first: most ticks find nothing and need no write lock.
  if (!(await storage.completions.anyDue(now.toISOString()))) return null;
  const token = randomBytes(16).toString("hex");
  const claim = await storage.transaction((s) =>
    s.completions.claimDue(now.toISOString(), leaseEnd(), token),
  );
  if (!claim) return null;
  const made: string[] = [];
  try {
    await completePackage(deps, claim, token, made);
    return { packageId: claim.packageId, outcome: "done", made };
  } catch (error) {
    if (error instanceof LeaseLostError) return { packageId: claim.packageId, outcome: "lease-lost", made };
    const message = error instanceof Error ? error.message : String(error);
    const final = claim.attempts >= COMPLETION_MAX_ATTEMPTS;
    const retryOn = final
      ? null
      : new Date(Date.now() + completionRetryDelayMs(claim.attempts)).toISOString();
    await storage.completions.markFailure(claim.packageId, token, message.slice(0, 2000), retryOn);
    return { packageId: claim.packageId, outcome: final ? "failed" : "retry", error: message, made };
  }
}

function leaseEnd(): string {
  return new Date(Date.now() + testLeaseMs(COMPLETION_LEASE_MS)).toISOString();
}

/** Every step of one completion; each file made is recorded under the lease as soon as it exists. */
async function completePackage(
  deps: CompletionDeps,
  claim: CompletionRecord,
  token: string,
  made: string[],
): Promise<void> {
  const { storage, blobs } = deps;
  const pkg = await storage.packages.get(claim.tenantId, claim.packageId);
  if (!pkg) throw new LeaseLostError(); // deleted meanwhile (the row went with it)
  const identity = deps.seal.get();
  const documents = await storage.documents.list(pkg.id);
  const annotations = await storage.annotations.list(pkg.id);
  const done = new Map(
    (await storage.completions.files(pkg.id)).map((f) => [`${f.kind}/${f.documentId}`, f]),
  );
  // The time written into every seal and report: when the package was completed.
  const completedAt = new Date(pkg.completedOn ?? claim.createdOn);

  /** Stores bytes as a blob and records them, under the lease. */
  const record = async (
    kind: CompletionFileKind,
    documentId: string,
    source: Uint8Array | Readable,
    sourceSha256: string | null,
  ) => {
    // Bytes are queued as garbage before they are stored: if the record below never happens (crash,
    // lease lost), the collector removes the blob after its grace period unless something refers to
    // it. (The zip is streamed, so its hash is known only once stored; a crash in that moment leaves
    // it unreferenced, as it does an upload's block.)
    const at = new Date().toISOString();
    if (source instanceof Uint8Array) await storage.blobGarbage.queue([sha256Hex(source)], at);
    const stored = await blobs.put(source instanceof Uint8Array ? toStream(source) : source);
    await storage.transaction(async (s) => {
      if (!(source instanceof Uint8Array)) await s.blobGarbage.queue([stored.sha256], at);
      if (!(await s.completions.renew(pkg.id, token, leaseEnd()))) throw new LeaseLostError();
      await s.completions.addFile({
        packageId: pkg.id,
        kind,
        documentId,
        sha256: stored.sha256,
        size: stored.size,
        sourceSha256,
        createdOn: at,
      });
    });
    const file = { kind, documentId, sha256: stored.sha256, size: stored.size };
    done.set(`${kind}/${documentId}`, { ...file, packageId: pkg.id, sourceSha256, createdOn: at });
    made.push(documentId ? `${kind}/${documentId}` : kind);
    await pauseAfterRecordForTest(kind);
    return file;
  };

  // The certificate and the audit trail are sealed as the documents are (same identity and time).
  const reportSeal = (reason: string): ReportSeal => ({
    identity,
    reason: reason.slice(0, 200),
    signingTime: completedAt,
  });

  const sealed: { doc: (typeof documents)[number]; sha256: string; size: number }[] = [];
  for (const doc of documents) {
    let file = done.get(`Document/${doc.id}`);
    if (!file) {
      const original = await readAll(await blobs.get(doc.pdfSha256));
      const input = finalDocumentInput(
        doc,
        annotations.filter((a) => a.documentId === doc.id),
      );
      // One load and one save: tag text removed, values drawn, sealed (completion/final-document.ts).
      const bytes = await sealedFinalDocument(original, input, identity, {
        reason: `Completed with Sign for Outlook: ${pkg.name}`.slice(0, 200),
        signingTime: completedAt,
      });
      const made = await record("Document", doc.id, bytes, doc.pdfSha256);
      file = { ...made, packageId: pkg.id, sourceSha256: doc.pdfSha256, createdOn: "" };
    }
    sealed.push({ doc, sha256: file.sha256, size: file.size });
  }

  const signers = await storage.signers.list(pkg.id);
  const sender = await storage.completions.sender(pkg.id);
  const { events, verification } = await verifiedAuditTrail(storage, pkg);

  let certificate = done.get("Certificate/");
  if (!certificate) {
    const bytes = await certificateOfCompletion(
      {
        package: {
          id: pkg.id,
          name: pkg.name,
          status: pkg.status,
          sender: sender.email ? { name: sender.name ?? sender.email, email: sender.email } : null,
          sentAt: pkg.sentOn,
          completedAt: pkg.completedOn,
        },
        signers: signers.map((s) => certificateSigner(s, events)),
        documents: sealed.map((d) => ({
          name: d.doc.name,
          pages: d.doc.pageCount,
          originalSha256: d.doc.pdfSha256,
          finalSha256: d.sha256,
        })),
        audit: verification,
        lastEventHash: events.at(-1)?.hash ?? null,
        sealedBy: identity.subject.replace(/\n/g, ", "),
        generatedAt: completedAt,
      },
      reportSeal(`Certificate of completion: ${pkg.name}`),
    );
    certificate = {
      ...(await record("Certificate", "", bytes, null)),
      packageId: pkg.id,
      sourceSha256: null,
      createdOn: "",
    };
  }

  let audit = done.get("AuditTrail/");
  if (!audit) {
    const bytes = await auditTrailPdf(
      {
        package: { id: pkg.id, name: pkg.name },
        events: events.map(auditEventApi),
        verification,
        generatedAt: completedAt,
      },
      reportSeal(`Audit trail: ${pkg.name}`),
    );
    audit = {
      ...(await record("AuditTrail", "", bytes, null)),
      packageId: pkg.id,
      sourceSha256: null,
      createdOn: "",
    };
  }

  let zip = done.get("Zip/");
  if (!zip) {
    const documentsInZip = [];
    for (const d of sealed) documentsInZip.push({ name: d.doc.name, content: await blobs.get(d.sha256) });
    const { stream } = packageZip({
      documents: documentsInZip,
      certificate: await readAll(await blobs.get(certificate.sha256)),
      auditTrail: await readAll(await blobs.get(audit.sha256)),
      mtime: completedAt,
    });
    zip = {
      ...(await record("Zip", "", stream, null)),
      packageId: pkg.id,
      sourceSha256: null,
      createdOn: "",
    };
  }

  const recipients = completedMailRecipients(signers, await storage.signers.members(pkg.id), sender.email);
  const at = new Date().toISOString();
  await storage.transaction(async (s) => {
    const subject = identity.subject.replace(/\n/g, ", ");
    if (!(await s.completions.markDone(pkg.id, token, at, subject))) throw new LeaseLostError();
    await appendAudit(
      s,
      pkg,
      SYSTEM,
      "DocumentsSealed",
      {
        sealedBy: subject,
        documents: sealed.map((d) => ({ documentId: d.doc.id, sha256: d.sha256 })),
        certificateSha256: certificate.sha256,
        zipSha256: zip.sha256,
        notified: sender.email ? "sender" : "nobody: the package has no sender address",
        signersNotified: recipients.length,
      },
      at,
    );
    // Everyone who signed gets the signed documents too (the signing page promises it); the mail's
    // attachments are read from this completion's files when it is sent (domain/outbox.ts).
    for (const r of recipients) {
      await s.outbox.insert({
        id: newId(),
        tenantId: pkg.tenantId,
        packageId: pkg.id,
        signerId: r.signerId,
        kind: "Completed",
        email: r.email,
        name: r.name,
        createdOn: at,
      });
    }
    if (sender.email) {
      await s.outbox.insert({
        id: newId(),
        tenantId: pkg.tenantId,
        packageId: pkg.id,
        signerId: null,
        kind: "Completed",
        email: sender.email,
        name: sender.name,
        createdOn: at,
      });
    }
  });
}

/**
 * Who gets the Completed mail besides the sender: each person slot (a copy's recipient too), and for a
 * group slot the member who completed it; once per address, and not the sender's (they get their own).
 */
export function completedMailRecipients(
  signers: readonly SignerRecord[],
  members: ReadonlyMap<string, readonly { email: string; name: string | null }[]>,
  senderEmail: string | null,
): { signerId: string; email: string; name: string | null }[] {
  const seen = new Set(senderEmail ? [senderEmail.trim().toLowerCase()] : []);
  const out: { signerId: string; email: string; name: string | null }[] = [];
  for (const x of signers) {
    let email: string | null;
    let name: string | null;
    if (x.signingGroupId !== null) {
      email = x.completedBy;
      name = members.get(x.id)?.find((m) => m.email.toLowerCase() === email?.toLowerCase())?.name ?? null;
    } else {
      email = x.email;
      name = x.name;
    }
    if (!email || seen.has(email.trim().toLowerCase())) continue;
    seen.add(email.trim().toLowerCase());
    out.push({ signerId: x.id, email, name });
  }
  return out;
}

const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function toStream(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  return (async function* () {
    yield bytes;
  })();
}

/** A signer as the certificate shows it: times from the row, the IP address of its last own event. */
function certificateSigner(
  s: SignerRecord,
  events: readonly { actor: { type: string; email: string | null }; ip: string | null }[],
): CertificateSigner {
  const email = s.email ?? s.completedBy ?? "";
  const own = events.filter(
    (e) =>
      e.actor.type === "Signer" &&
      e.actor.email &&
      email &&
      e.actor.email.toLowerCase() === email.toLowerCase(),
  );
  return {
    name: s.name,
    email,
    type: s.signingGroupId ? `${s.type} (signing group slot)` : s.type,
    status: s.status,
    routingOrder: s.routingOrder,
    viewedAt: s.viewedOn,
    completedAt: s.completedOn,
    declinedAt: s.declinedOn,
    declineReason: s.declineReason,
    ip: own.at(-1)?.ip ?? null,
    actedBy: s.signingGroupId ? s.completedBy : null,
  };
}
