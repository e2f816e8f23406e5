// Which of the tenant's signing groups hold each of a list of addresses (contract §4), in one query.
import { caseKey } from "../../../shared/signing-group-rules";
import { validationFailed, type FieldError } from "../../errors";
import type { Storage } from "../../storage";
import { LIMITS } from "./limits";
import { checkEmail } from "./text";

export interface ResolvedAddress {
  email: string;
  groups: { id: string; name: string; memberCount: number }[];
}

/**
 * The tenant's groups that hold each address (compared ignoring case, as members are): one answer
 * per address given, in request order, so that a repeated address is answered at each of its
 * positions and items[i] always answers emails[i]. Each address must be valid (the rules a member's
 * email follows); a bad one is 400 naming its position. One query, however many addresses.
 */
export async function resolveSigningGroups(
  storage: Storage,
  tenantId: string,
  emails: readonly string[],
): Promise<{ items: ResolvedAddress[] }> {
  const errors: FieldError[] = [];
  if (emails.length < 1 || emails.length > LIMITS.emailsPerResolve) {
    throw validationFailed([
      { field: "emails", message: `emails must have 1 to ${LIMITS.emailsPerResolve} addresses.` },
    ]);
  }
  const given = emails.map((email, i) => checkEmail(email, `emails[${i}]`, errors));
  if (errors.length > 0) throw validationFailed(errors);
  const keys = given.map(caseKey);
  const held = new Map<string, ResolvedAddress["groups"]>();
  for (const row of await storage.signingGroups.groupsHolding(tenantId, [...new Set(keys)])) {
    const groups = held.get(row.emailKey) ?? [];
    groups.push({ id: row.id, name: row.name, memberCount: row.memberCount });
    held.set(row.emailKey, groups);
  }
  return { items: given.map((email, i) => ({ email, groups: held.get(keys[i]!) ?? [] })) };
}
