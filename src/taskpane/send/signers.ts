/**
 * The signers of a package being prepared in the Send view: pre-filled from the message, each a
 * person or a signing-group slot, in routing order. Pure: the view keeps a SignerRow[] and changes
 * it only through these functions, so the rules hold whatever the user clicks or drags.
 */
import { emailProblem } from "../../shared/signing-group-rules";
import type { ItemMode } from "../../outlook";
import { emailKey, type MessagePerson, type PersonRole } from "../groups/people";

/** Contract §6.3's signer types that the Send view offers. */
export const SIGNER_TYPES = ["Signer", "Approver", "CarbonCopy"] as const;
export type SignerType = (typeof SIGNER_TYPES)[number];

export const SIGNER_TYPE_LABELS: Record<SignerType, string> = {
  Signer: "Signs",
  Approver: "Approves",
  CarbonCopy: "Gets a copy",
};

interface RowBase {
  /** Unique within the draft and stable across reorders (React keys, drag and drop). */
  key: string;
  type: SignerType;
  /** Chosen for the package. */
  included: boolean;
}

export interface PersonRow extends RowBase {
  kind: "person";
  email: string;
  name: string;
  /** Where the person stands on the message; empty for one added by hand. */
  roles: PersonRole[];
  /** The user themselves (shown as "You"). */
  isSelf?: boolean;
}

export interface GroupRow extends RowBase {
  kind: "group";
  groupId: string;
  groupName: string;
  memberCount: number;
  /** The person this slot replaced ("send to the group instead"), to turn it back. */
  replaced: PersonRow | null;
}

export type SignerRow = PersonRow | GroupRow;

export interface GroupChoice {
  id: string;
  name: string;
  memberCount: number;
}

/**
 * The message's people as signers, in the message's order: reading, the sender and the other
 * recipients; writing, the To and Cc lines (Bcc recipients are hidden from the others, so they are
 * not offered). Chosen at first: the To recipients, who are the ones a mail asks to act. Reading,
 * that includes the user when the mail is addressed to them (they were asked to sign), but never
 * the sender, who asked for the signatures; writing, the user is the one asking, so not them.
 * Cc recipients and distribution lists start unchosen.
 */
export function prefillSigners(people: readonly MessagePerson[], mode: ItemMode): SignerRow[] {
  const offered = people.filter(
    (p) =>
      p.address !== "" && p.roles.some((r) => r === "to" || r === "cc" || (mode === "read" && r === "from")),
  );
  return offered.map((p) => ({
    key: `p:${p.key}`,
    kind: "person",
    email: p.address,
    name: p.name,
    roles: p.roles.filter((r) => r !== "bcc"),
    ...(p.isSelf ? { isSelf: true } : {}),
    type: "Signer",
    included:
      p.roles.includes("to") &&
      !p.isDistributionList &&
      (mode === "read" ? !p.roles.includes("from") : !p.isSelf),
  }));
}

/** The row moved from one place to another (drag and drop, or the keyboard's move up/down). */
export function moveRow(rows: readonly SignerRow[], from: number, to: number): SignerRow[] {
  if (from < 0 || from >= rows.length) return [...rows];
  const target = Math.max(0, Math.min(rows.length - 1, to));
  const out = [...rows];
  const [row] = out.splice(from, 1);
  out.splice(target, 0, row!);
  return out;
}

/**
 * The routing order of each chosen row: 1, 2, 3… in list order when signing in order, else 1 for
 * all (everyone is asked at once). Rows not chosen have none.
 */
export function routingOrders(rows: readonly SignerRow[], signInOrder: boolean): Map<string, number> {
  const orders = new Map<string, number>();
  let next = 1;
  for (const row of rows) {
    if (!row.included) continue;
    orders.set(row.key, signInOrder ? next++ : 1);
  }
  return orders;
}

export type AddResult = { rows: SignerRow[]; problem: null } | { rows: null; problem: string };

/** A person typed in by address (and optional name), appended chosen; the problem in words otherwise. */
export function addPerson(rows: readonly SignerRow[], email: string, name: string): AddResult {
  const address = email.trim();
  const problem = emailProblem(address);
  if (problem) return { rows: null, problem: `The address ${problem}` };
  const key = emailKey(address);
  const existing = rows.find((r) => r.kind === "person" && emailKey(r.email) === key);
  if (existing) {
    return existing.included
      ? { rows: null, problem: `${address} is already a signer.` }
      : { rows: rows.map((r) => (r === existing ? { ...r, included: true } : r)), problem: null };
  }
  const row: PersonRow = {
    key: `p:${key}`,
    kind: "person",
    email: address,
    name: name.trim(),
    roles: [],
    type: "Signer",
    included: true,
  };
  return { rows: [...rows, row], problem: null };
}

function groupRow(group: GroupChoice, type: SignerType, replaced: PersonRow | null): GroupRow {
  return {
    key: `g:${group.id}`,
    kind: "group",
    groupId: group.id,
    groupName: group.name,
    memberCount: group.memberCount,
    type,
    included: true,
    replaced,
  };
}

/** A signing-group slot appended (any group, found by search); refused when the group is already a slot. */
export function addGroup(rows: readonly SignerRow[], group: GroupChoice): AddResult {
  if (rows.some((r) => r.kind === "group" && r.groupId === group.id)) {
    return { rows: null, problem: `The group “${group.name}” is already a signer.` };
  }
  return { rows: [...rows, groupRow(group, "Signer", null)], problem: null };
}

/** "Send to the group instead": the person's row becomes the group's slot, in the same place. */
export function sendToGroupInstead(
  rows: readonly SignerRow[],
  personKey: string,
  group: GroupChoice,
): AddResult {
  const at = rows.findIndex((r) => r.key === personKey && r.kind === "person");
  if (at < 0) return { rows: null, problem: "That person is no longer in the list." };
  if (rows.some((r) => r.kind === "group" && r.groupId === group.id)) {
    return { rows: null, problem: `The group “${group.name}” is already a signer.` };
  }
  const person = rows[at] as PersonRow;
  const out = [...rows];
  out[at] = groupRow(group, person.type, person);
  return { rows: out, problem: null };
}

/** Turns a group slot back into the person it replaced; a slot added by search is removed. */
export function undoGroup(rows: readonly SignerRow[], groupKey: string): SignerRow[] {
  return rows.flatMap((r) => {
    if (r.key !== groupKey || r.kind !== "group") return [r];
    return r.replaced ? [{ ...r.replaced, type: r.type, included: true }] : [];
  });
}

/** What keeps the chosen signers from making a package; null when they can. */
export function signersProblem(rows: readonly SignerRow[]): string | null {
  const chosen = rows.filter((r) => r.included);
  if (chosen.length === 0) return "Choose at least one signer.";
  if (!chosen.some((r) => r.type !== "CarbonCopy")) {
    return "Someone must sign or approve: everyone chosen only gets a copy.";
  }
  return null;
}
