/**
 * "Start from a template" in the Send view: each of the template's roles filled with one of the
 * message's people, a signing group or someone typed in; then a package made from the template
 * (contract §7 `use`) that is either sent at once or handed to the normal send flow as its draft
 * package. The rules here are pure (tested without the pane) except `packageFromTemplate`, which
 * talks to the service.
 */
import type { ApiClient, Schemas } from "../../api/client";
import { isApiError } from "../../api/errors";
import { emailProblem } from "../../shared/signing-group-rules";
import type { RoleFillRequest, Template, TemplateRole, TemplatesApi } from "../../api/templates";
import { emailKey } from "../groups/people";
import type { Reminders } from "./reminders";
import { SIGNER_TYPES, type PersonRow, type SignerRow, type SignerType } from "./signers";

/**
 * What the user chose for one role. `choice` is the select's value: "" (not chosen yet),
 * `p:<address key>` (a person on the message), `g:<group id>` (a signing group) or "other" (an
 * address typed in `email`, with an optional `name`). What was typed is kept whatever is chosen, so
 * switching back and forth loses nothing.
 */
export interface RoleFill {
  choice: string;
  email: string;
  name: string;
}

export type RoleFills = Record<string, RoleFill>;

export interface GroupOption {
  id: string;
  name: string;
  memberCount: number;
}

/** The template chosen in the send flow (kept in the draft): its package is the draft package. */
export interface TemplateChoice {
  id: string;
  name: string;
  /** The documents the package has from the template: kept as they are, not uploaded. */
  documents: { id: string; name: string; pageCount: number }[];
  /** Per signer row key: the role it fills and how many fields the template gave it. */
  roles: Record<string, { roleName: string; fieldCount: number }>;
  /** The choices that made it, to change who fills the roles. */
  fills: RoleFills;
}

export const personValue = (email: string) => `p:${emailKey(email)}`;
export const groupValue = (id: string) => `g:${id}`;
export const OTHER = "other";

/** "1 role", "3 documents": counts as people read them. */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Every role filled from the message's chosen people in order: the first role with the first
 * person, and so on (the template's routing order is the order the user expects them to sign in).
 * A role beyond the people is left to choose; what the user already chose for a role is kept.
 */
export function prefillRoles(
  roles: readonly TemplateRole[],
  people: readonly SignerRow[],
  kept: RoleFills = {},
): RoleFills {
  const persons = people.filter((r): r is PersonRow => r.kind === "person" && r.included);
  const fills: RoleFills = {};
  let next = 0;
  for (const role of roles) {
    const old = kept[role.id];
    if (old && old.choice !== "") {
      fills[role.id] = old;
      continue;
    }
    const person = persons[next++];
    fills[role.id] = {
      choice: person ? personValue(person.email) : "",
      email: old?.email ?? "",
      name: old?.name ?? "",
    };
  }
  return fills;
}

export type Filled =
  { kind: "person"; email: string; name: string } | { kind: "group"; group: GroupOption } | { kind: "none" };

/** Who a fill names, given the people and groups offered. */
export function filledWith(
  fill: RoleFill | undefined,
  people: readonly SignerRow[],
  groups: ReadonlyMap<string, GroupOption>,
): Filled {
  if (!fill || fill.choice === "") return { kind: "none" };
  if (fill.choice === OTHER) return { kind: "person", email: fill.email.trim(), name: fill.name.trim() };
  if (fill.choice.startsWith("g:")) {
    const group = groups.get(fill.choice.slice(2));
    return group ? { kind: "group", group } : { kind: "none" };
  }
  const person = people.find(
    (r): r is PersonRow => r.kind === "person" && personValue(r.email) === fill.choice,
  );
  return person ? { kind: "person", email: person.email, name: person.name } : { kind: "none" };
}

/** What is wrong with each role's fill, in words, by role id (none when the roles can be used). */
export function roleProblems(
  roles: readonly TemplateRole[],
  fills: RoleFills,
  people: readonly SignerRow[],
  groups: ReadonlyMap<string, GroupOption>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const seen = new Map<string, string>();
  for (const role of roles) {
    const fill = fills[role.id];
    const who = filledWith(fill, people, groups);
    if (who.kind === "none") {
      problems[role.id] =
        fill?.choice.startsWith("g:") === true
          ? "That signing group is no longer offered: choose again."
          : `Choose who fills the role ${role.name}.`;
      continue;
    }
    if (who.kind === "person") {
      const problem = emailProblem(who.email);
      if (problem) {
        problems[role.id] = `The address ${problem}`;
        continue;
      }
      if ([...who.name].length > 200) {
        problems[role.id] = "The name must be at most 200 characters.";
        continue;
      }
    }
    if (who.kind === "group" && who.group.memberCount === 0) {
      problems[role.id] =
        `The signing group “${who.group.name}” has no members, so nobody could sign for it.`;
      continue;
    }
    const key = who.kind === "person" ? `p:${emailKey(who.email)}` : `g:${who.group.id}`;
    const other = seen.get(key);
    if (other !== undefined) {
      problems[role.id] =
        who.kind === "person"
          ? `${who.email} already fills the role ${other}: each role needs someone else.`
          : `The group “${who.group.name}” already fills the role ${other}.`;
      continue;
    }
    seen.set(key, role.name);
  }
  return problems;
}

/** The `use` request's roles, in the template's order (the service's errors name them by place). */
export function roleRequests(
  roles: readonly TemplateRole[],
  fills: RoleFills,
  people: readonly SignerRow[],
  groups: ReadonlyMap<string, GroupOption>,
): RoleFillRequest[] {
  return roles.map((role) => {
    const who = filledWith(fills[role.id], people, groups);
    if (who.kind === "group") return { roleId: role.id, signingGroupId: who.group.id };
    if (who.kind === "person") return { roleId: role.id, email: who.email, name: who.name || who.email };
    throw new Error(`The role ${role.name} is not filled.`);
  });
}

/**
 * The service's field errors of a `use` request put next to the roles they name (`roles[i]...` is
 * the i-th role sent); the others (the package, the template) are returned as sentences.
 */
export function serviceRoleErrors(
  error: unknown,
  roles: readonly TemplateRole[],
): { byRole: Record<string, string>; other: string[] } {
  const byRole: Record<string, string> = {};
  const other: string[] = [];
  if (!isApiError(error)) return { byRole, other };
  for (const e of error.errors) {
    const at = /^roles\[(\d+)\]/.exec(e.field)?.[1];
    const role = at === undefined ? undefined : roles[Number(at)];
    if (role) byRole[role.id] = byRole[role.id] ? `${byRole[role.id]} ${e.message}` : e.message;
    else other.push(e.message);
  }
  return { byRole, other };
}

type Signer = Schemas["SignerApiResponse"];
type Document = Schemas["DocumentApiResponse"];
type Package = Schemas["PackageResponse"];

const signerType = (type: string): SignerType =>
  (SIGNER_TYPES as readonly string[]).includes(type) ? (type as SignerType) : "Signer";

/**
 * The package's signers (one per role, in the roles' order) as the send flow's rows. A group slot's
 * member count is the group's now (`memberCounts`; the service copies the members only when sent).
 */
export function rowsFromSigners(
  signers: readonly Signer[],
  memberCounts: ReadonlyMap<string, number> = new Map(),
): SignerRow[] {
  return signers.map((s) =>
    s.signingGroupId
      ? {
          key: `t:${s.id}`,
          kind: "group",
          groupId: s.signingGroupId,
          groupName: s.name,
          memberCount: memberCounts.get(s.signingGroupId) ?? s.groupMembers?.length ?? 0,
          type: signerType(s.type),
          included: true,
          replaced: null,
        }
      : {
          key: `t:${s.id}`,
          kind: "person",
          email: s.email ?? "",
          name: s.name,
          roles: [],
          type: signerType(s.type),
          included: true,
        },
  );
}

/** Where a package from a template stopped: making it (the roles), preparing it, or sending it. */
export class TemplateStartError extends Error {
  constructor(
    readonly stage: "use" | "prepare" | "send",
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "TemplateStartError";
  }
}

export interface TemplateStartInput {
  api: ApiClient;
  templates: TemplatesApi;
  template: Template;
  roles: RoleFillRequest[];
  /** Sent at once, or a Draft for the send flow. */
  send: boolean;
  /** What the send flow would set: the thread it came from, the sender, subject, expiry, reminders. */
  fields: {
    source: { conversationId: string | null; internetMessageId: string | null; subject: string | null };
    senderEmail: string | null;
    emailSubject: string;
    emailMessage: string;
    expiresInDays: number | null;
  };
  reminders: Reminders;
  now?: () => number;
}

export interface TemplateStartResult {
  pkg: Package;
  signers: Signer[];
  documents: Document[];
  /** Fields per signer id (the template's annotations copied into the package). */
  fieldCounts: Map<string, number>;
}

/**
 * A package from the template, all or nothing as the user sees it: `use` makes the Draft with
 * its signers (and the template's documents and fields); the pane then sets what the send flow
 * sets (the thread it came from, so the Status view finds it; the sender; subject; expiry;
 * reminders) and sends it when asked. `use` cannot take those fields, and sending it at once
 * there would leave the package without them, so it is sent afterwards. When any step after
 * `use` fails, the Draft is deleted, so nothing half made is left behind.
 */
export async function packageFromTemplate(input: TemplateStartInput): Promise<TemplateStartResult> {
  const { api } = input;
  const now = input.now ?? Date.now;
  let pkg: Package;
  try {
    pkg = await input.templates.use(input.template.id, { roles: input.roles, send: false });
  } catch (error) {
    throw new TemplateStartError("use", error);
  }
  const id = pkg.id;
  let stage: "prepare" | "send" = "prepare";
  try {
    pkg = await api.request("PUT", "/api/v1/packages/{id}", {
      path: { id },
      body: {
        source: { kind: "outlook", ...input.fields.source },
        emailSubject: input.fields.emailSubject,
        emailMessage: input.fields.emailMessage,
        enforceSigningOrder: true,
        expirationDate:
          input.fields.expiresInDays === null
            ? ""
            : new Date(now() + input.fields.expiresInDays * 86_400_000).toISOString(),
        ...(input.fields.senderEmail ? { senderEmail: input.fields.senderEmail } : {}),
      },
    });
    pkg = await api.request("PATCH", "/api/v1/packages/{id}/reminders", {
      path: { id },
      body: input.reminders.enabled
        ? {
            enabled: true,
            firstAfterDays: input.reminders.firstAfterDays,
            everyDays: input.reminders.everyDays,
          }
        : { enabled: false },
    });
    if (input.send) {
      stage = "send";
      pkg = await api.request("POST", "/api/v1/packages/{id}/send", { path: { id } });
    } else {
      return { pkg, ...(await readBack(api, id)) };
    }
  } catch (error) {
    await api.request("DELETE", "/api/v1/packages/{id}", { path: { id } }).catch(() => undefined);
    throw new TemplateStartError(stage, error);
  }
  // Sent: a failed read for the summary leaves a good package, so it only shortens the summary.
  return {
    pkg,
    ...(await readBack(api, id).catch(() => ({ signers: [], documents: [], fieldCounts: new Map() }))),
  };
}

async function readBack(api: ApiClient, id: string): Promise<Omit<TemplateStartResult, "pkg">> {
  const [signers, documents, annotations] = await Promise.all([
    api.request("GET", "/api/v1/packages/{id}/signers", { path: { id } }),
    api.request("GET", "/api/v1/packages/{id}/documents", { path: { id } }),
    api.request("GET", "/api/v1/packages/{id}/annotations", { path: { id } }),
  ]);
  const fieldCounts = new Map<string, number>();
  for (const a of annotations.items) fieldCounts.set(a.signerId, (fieldCounts.get(a.signerId) ?? 0) + 1);
  return { signers: signers.items, documents: documents.items, fieldCounts };
}
