import { createHash } from "node:crypto";
import type { AuditActor, AuditEventRecord, AuditHead, Storage } from "../storage";
import type { Principal } from "./authenticate";
import { newId } from "./tokens";

type Stores = Omit<Storage, "transaction" | "close">;

/** Who did it and from where, as the audit trail records it. */
export interface AuditContext {
  actor: AuditActor;
  ip: string | null;
}

/**
 * An API caller as an audit actor, in the words fixed when it authenticated: the
 * signed-in person's name and address, or the token's or client's label, never a credential id
 * ("pat:e7a2…") no reader knows. Written as is: the hash chain covers it, so older events keep theirs.
 */
export function apiActor(principal: Principal, ip: string | null): AuditContext {
  return { actor: { type: "User", email: principal.who.email, name: principal.who.name }, ip };
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
  /** Why it is not valid (null when it is): an event that breaks the chain, or events missing. */
  reason: string | null;
}

/**
 * Walks the chain: each event's previous hash is its predecessor's, and its own hash recomputes.
 * With the package's head (the seq and hash of the last event appended, read before the events),
 * the trail must also reach it: events removed from the end break no hash, but leave it short.
 */
export function verifyAuditChain(
  events: readonly AuditEventRecord[],
  head: AuditHead | null = null,
): AuditVerification {
  const eventCount = events.length;
  let previous: string | null = null;
  for (const [i, e] of events.entries()) {
    const broken = e.seq !== i + 1 || e.previousHash !== previous || auditHash(e) !== e.hash;
    if (broken) {
      return {
        isValid: false,
        eventCount,
        firstBrokenEventId: e.id,
        reason: `Event ${i + 1} (${e.action}) does not follow from the events before it: it or one before it was changed, removed or inserted.`,
      };
    }
    previous = e.hash;
  }
  // Events appended after the head was read are fine; fewer than it, or another at its place, are not.
  if (head !== null && (eventCount < head.seq || events[head.seq - 1]!.hash !== head.hash)) {
    return {
      isValid: false,
      eventCount,
      firstBrokenEventId: null,
      reason:
        eventCount < head.seq
          ? `The trail ends after event ${eventCount}, but ${head.seq} were recorded: the last ${head.seq - eventCount} were removed.`
          : `Event ${head.seq} is not the one recorded as the trail's last: the trail was rewritten from there.`,
    };
  }
  if (head === null && eventCount > 0) {
    return {
      isValid: false,
      eventCount,
      firstBrokenEventId: null,
      reason: "The record of the trail's last event is missing, so a cut-off end cannot be ruled out.",
    };
  }
  return { isValid: true, eventCount, firstBrokenEventId: null, reason: null };
}

/** A package's trail and its verification; the head is read first, so events appended meanwhile count. */
export async function verifiedAuditTrail(
  stores: Pick<Stores, "audit">,
  pkg: { id: string; tenantId: string },
): Promise<{ events: AuditEventRecord[]; verification: AuditVerification }> {
  const head = await stores.audit.head(pkg.id);
  const events = await stores.audit.list(pkg.tenantId, pkg.id);
  return { events, verification: verifyAuditChain(events, head) };
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
