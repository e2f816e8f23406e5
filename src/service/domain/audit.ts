import { createHash } from "node:crypto";
import type { AuditActor, AuditEventRecord, Storage } from "../storage";
import type { Principal } from "./authenticate";
import { newId } from "./tokens";

type Stores = Omit<Storage, "transaction" | "close">;

/** Who did it and from where, as the audit trail records it. */
export interface AuditContext {
  actor: AuditActor;
  ip: string | null;
}

/** An API caller as an audit actor: the credential's subject (or id) names it; no email is known. */
export function apiActor(principal: Principal, ip: string | null): AuditContext {
  return { actor: { type: "User", email: null, name: principal.subject ?? principal.credential }, ip };
}

export const SYSTEM: AuditContext = { actor: { type: "System", email: null, name: "scheduler" }, ip: null };

/**
 * The hash of an event: SHA-256 over a canonical line of its fields and the previous hash, so that
 * changing, removing or reordering any event breaks every hash after it.
 */
export function auditHash(e: Omit<AuditEventRecord, "hash">): string {
  const canonical = JSON.stringify([
    e.id,
    e.packageId,
    e.seq,
    e.at,
    e.action,
    e.actor.type,
    e.actor.email,
    e.actor.name,
    e.ip,
    e.details,
    e.previousHash,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

/** Appends one event to the package's chain; call inside the transaction of the change it records. */
export async function appendAudit(
  stores: Stores,
  pkg: { id: string; tenantId: string },
  context: AuditContext,
  action: string,
  details: Record<string, unknown>,
  at: string,
): Promise<void> {
  const last = await stores.audit.last(pkg.id);
  const event: Omit<AuditEventRecord, "hash"> = {
    id: newId(),
    packageId: pkg.id,
    tenantId: pkg.tenantId,
    seq: (last?.seq ?? 0) + 1,
    at,
    action,
    actor: context.actor,
    ip: context.ip,
    details: JSON.stringify(details),
    previousHash: last?.hash ?? null,
  };
  await stores.audit.insert({ ...event, hash: auditHash(event) });
}

export interface AuditVerification {
  isValid: boolean;
  eventCount: number;
  firstBrokenEventId: string | null;
}

/** Walks the chain: each event's previous hash is its predecessor's, and its own hash recomputes. */
export function verifyAuditChain(events: readonly AuditEventRecord[]): AuditVerification {
  let previous: string | null = null;
  for (const [i, e] of events.entries()) {
    const broken = e.seq !== i + 1 || e.previousHash !== previous || auditHash(e) !== e.hash;
    if (broken) return { isValid: false, eventCount: events.length, firstBrokenEventId: e.id };
    previous = e.hash;
  }
  return { isValid: true, eventCount: events.length, firstBrokenEventId: null };
}

/** An event as the API answers it (contract §6.5). */
export function auditEventApi(e: AuditEventRecord) {
  return {
    id: e.id,
    at: e.at,
    action: e.action,
    actor: e.actor,
    ip: e.ip,
    details: JSON.parse(e.details) as Record<string, unknown>,
    hash: e.hash,
    previousHash: e.previousHash,
  };
}
