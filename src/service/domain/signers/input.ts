// Signers of a package (contract §6.3): people and signing-group slots, routing order, reassign.
import { caseKey, emailProblem } from "../../../shared/signing-group-rules";
import { ApiError, notFound, validationFailed, type FieldError } from "../../errors";
import {
  UniqueViolationError,
  type AuthMethod,
  type GroupMemberSnapshot,
  type PackageRecord,
  type SignerRecord,
  type SignerType,
  type Storage,
} from "../../storage";
import { appendAudit, type AuditContext } from "../audit";
import {
  onePage,
  bulkResults,
  EMPTY_GUID,
  IN_FLIGHT_STATES,
  PACKAGE_LIMITS,
  checkText,
  parseId,
  requirePackage,
  requireState,
  throwIfAny,
  FINISHED,
  notifySigner,
  invited,
  signersWhoseTurnItIs,
  touchPackage,
  type Stores,
} from "../package-rules";
import { hashSecret, newId } from "../tokens";

export const SIGNER_TYPES: readonly SignerType[] = ["Signer", "Approver", "InPersonSigner", "CarbonCopy"];
export const AUTH_METHODS: readonly AuthMethod[] = ["Email", "AccessCode", "Sms", "Kba", "IdVerification"];

/** SignerApiResponse of contract §6.3 (the access code itself is never answered). */
export function signerApi(x: SignerRecord, members: GroupMemberSnapshot[] | null = null) {
  return {
    id: x.id,
    email: x.email,
    name: x.name,
    type: x.type,
    routingOrder: x.routingOrder,
    status: x.status,
    authMethod: x.authMethod,
    isEmbedded: x.clientUserId !== null,
    clientUserId: x.clientUserId,
    signingGroupId: x.signingGroupId,
    roleName: x.roleName,
    viewedOn: x.viewedOn,
    completedOn: x.completedOn,
    createdOn: x.createdOn,
    declinedOn: x.declinedOn,
    declineReason: x.declineReason,
    remindersSentCount: x.remindersSentCount,
    lastReminderSentOn: x.lastReminderSentOn,
    groupMembers: members,
    completedBy: x.completedBy,
  };
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface CreateSignerInput {
  email?: string | null;
  name?: string | null;
  type?: string | null;
  routingOrder?: number | null;
  signingGroupId?: string | null;
  authMethod?: string | null;
  accessCode?: string | null;
  clientUserId?: string | null;
  roleName?: string | null;
}

export type UpdateSignerInput = CreateSignerInput;

function pick<T extends string>(
  value: string,
  allowed: readonly T[],
  field: string,
  errors: FieldError[],
): T | undefined {
  const found = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
  if (!found)
    errors.push({ field, message: `${field} must be one of ${allowed.join(", ")} (got "${value}").` });
  return found;
}

/**
 * Applies a create or update to a signer (null/omitted = unchanged), checking each field; the group
 * named by signingGroupId must be the tenant's. Pushes what is wrong with `prefix` on each field name.
 */
async function applySigner(
  s: Stores,
  tenantId: string,
  base: SignerRecord,
  input: CreateSignerInput,
  errors: FieldError[],
  prefix: string,
  creating: boolean,
): Promise<SignerRecord> {
  const f = (name: string) => `${prefix}${name}`;
  const out = { ...base };
  if (input.type !== undefined && input.type !== null) {
    out.type = pick(input.type, SIGNER_TYPES, f("type"), errors) ?? out.type;
  }
  if (input.routingOrder !== undefined && input.routingOrder !== null) {
    if (
      !Number.isInteger(input.routingOrder) ||
      input.routingOrder < 1 ||
      input.routingOrder > PACKAGE_LIMITS.routingOrderMax
    ) {
      errors.push({
        field: f("routingOrder"),
        message: `${f("routingOrder")} must be a whole number from 1 to ${PACKAGE_LIMITS.routingOrderMax}.`,
      });
    } else out.routingOrder = input.routingOrder;
  }
  if (input.authMethod !== undefined && input.authMethod !== null) {
    const method = pick(input.authMethod, AUTH_METHODS, f("authMethod"), errors);
    if (method === "Sms" || method === "Kba" || method === "IdVerification") {
      throw new ApiError(
        400,
        "not_supported",
        `${f("authMethod")} ${method} is not supported by this service; use Email or AccessCode.`,
        [{ field: f("authMethod"), message: `${method} is not supported; use Email or AccessCode.` }],
      );
    }
    if (method) out.authMethod = method;
  }
  if (input.accessCode !== undefined && input.accessCode !== null) {
    const code = input.accessCode;
    if (code.length < 4 || code.length > 50 || /\s/.test(code)) {
      errors.push({
        field: f("accessCode"),
        message: `${f("accessCode")} must be 4 to 50 characters without spaces.`,
      });
    } else out.accessCodeHash = hashSecret(code);
  }
  if (out.authMethod === "AccessCode" && out.accessCodeHash === null) {
    errors.push({
      field: f("accessCode"),
      message: `${f("accessCode")} is required with authMethod AccessCode.`,
    });
  }
  if (out.authMethod === "Email") out.accessCodeHash = null;
  for (const key of ["clientUserId", "roleName"] as const) {
    const value = input[key];
    if (value !== undefined && value !== null) out[key] = checkText(value, f(key), errors, { max: 200 });
  }

  let groupName: string | null = null;
  // A group asked for that does not exist is the one error: not also "email is required".
  let missingGroup = false;
  if (input.signingGroupId !== undefined && input.signingGroupId !== null) {
    const text = input.signingGroupId.trim();
    if (text === EMPTY_GUID || text === "") {
      out.signingGroupId = null; // back to a person: email required below
    } else {
      const id = parseId(text);
      const group = id ? await s.signingGroups.find(tenantId, id) : undefined;
      if (!group) {
        missingGroup = true;
        errors.push({ field: f("signingGroupId"), message: `No signing group ${text} exists.` });
      } else {
        out.signingGroupId = group.id;
        out.email = null;
        groupName = group.name;
      }
    }
  }
  if (out.signingGroupId === null) {
    if (input.email !== undefined && input.email !== null) {
      const email = input.email.trim();
      const problem = emailProblem(email);
      if (problem) errors.push({ field: f("email"), message: `${f("email")} ${problem}` });
      out.email = email;
    } else if (out.email === null && !missingGroup) {
      errors.push({
        field: f("email"),
        message: `${f("email")} is required for a person (or give signingGroupId for a signing group).`,
      });
    }
  } else if (input.email !== undefined && input.email !== null && input.email.trim() !== "") {
    errors.push({ field: f("email"), message: `${f("email")} must be omitted for a signing-group slot.` });
  }
  if (input.name !== undefined && input.name !== null) {
    out.name = checkText(input.name, f("name"), errors, { max: 200 }) ?? "";
  }
  if (
    out.name === "" ||
    (creating && (input.name === undefined || input.name === null || input.name.trim() === ""))
  ) {
    // A group slot is named after its group; a person without a name by their address.
    out.name = groupName ?? (out.signingGroupId === null ? (out.email ?? "") : out.name);
  }
  return out;
}

/** Where a signer's progress starts: a new signer, or one copied into a clone, has done nothing yet. */
export function unstartedSigner(at: string) {
  return {
    status: "Pending",
    viewedOn: null,
    completedOn: null,
    createdOn: at,
    declinedOn: null,
    declineReason: null,
    remindersSentCount: 0,
    lastReminderSentOn: null,
    completedBy: null,
    notifiedOn: null,
    nextReminderOn: null,
  } satisfies Partial<SignerRecord>;
}

function blankSigner(packageId: string, seq: number, at: string): SignerRecord {
  return {
    id: newId(),
    packageId,
    seq,
    email: null,
    name: "",
    type: "Signer",
    routingOrder: 1,
    authMethod: "Email",
    accessCodeHash: null,
    clientUserId: null,
    roleName: null,
    signingGroupId: null,
    ...unstartedSigner(at),
  };
}

/** 400 duplicate_signer when two person signers of the package share an address (ignoring case). */
function checkDuplicates(signers: readonly SignerRecord[], fieldOf: (x: SignerRecord) => string): void {
  const seen = new Map<string, SignerRecord>();
  for (const x of signers) {
    if (x.signingGroupId !== null || x.email === null) continue;
    const key = caseKey(x.email);
    const other = seen.get(key);
    if (other) {
      throw new ApiError(400, "duplicate_signer", `${x.email} is already a signer of this package.`, [
        { field: fieldOf(x), message: `${x.email} is already a signer of this package.` },
      ]);
    }
    seen.set(key, x);
  }
}

async function withDuplicateGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    // Two requests racing past the check: the unique index decides.
    if (error instanceof UniqueViolationError) {
      throw new ApiError(400, "duplicate_signer", "That email address is already a signer of this package.");
    }
    throw error;
  }
}

async function signerAnswer(s: Stores, x: SignerRecord) {
  const members =
    x.signingGroupId === null ? null : ((await s.signers.members(x.packageId)).get(x.id) ?? null);
  return signerApi(x, members);
}

// ---------------------------------------------------------------------------------------------
// Operations

export async function addSigners(
  storage: Storage,
  tenantId: string,
  packageId: string,
  inputs: readonly CreateSignerInput[],
  context: AuditContext,
  options: { bulk: boolean },
  now = new Date(),
) {
  return withDuplicateGuard(() =>
    storage.transaction(async (s) => {
      const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
      return addSignersLocked(s, pkg, inputs, context, options, now);
    }),
  );
}

/**
 * Adds signers to a locked package (the caller holds the transaction): all or none. With `bulk`,
 * errors name `signers[i].field`.
 */
export async function addSignersLocked(
  s: Stores,
  pkg: PackageRecord,
  inputs: readonly CreateSignerInput[],
  context: AuditContext,
  options: { bulk: boolean },
  now = new Date(),
) {
  const tenantId = pkg.tenantId;
  const at = now.toISOString();
  requireState(pkg, ["Draft"], "add signers");
  const existing = await s.signers.list(pkg.id);
  if (existing.length + inputs.length > PACKAGE_LIMITS.signersPerPackage) {
    throw validationFailed([
      {
        field: options.bulk ? "signers" : "package",
        message: `A package has at most ${PACKAGE_LIMITS.signersPerPackage} signers (it has ${existing.length}).`,
      },
    ]);
  }
  const errors: FieldError[] = [];
  let seq = await s.signers.nextSeq(pkg.id);
  const added: SignerRecord[] = [];
  for (const [i, input] of inputs.entries()) {
    const prefix = options.bulk ? `signers[${i}].` : "";
    added.push(await applySigner(s, tenantId, blankSigner(pkg.id, seq++, at), input, errors, prefix, true));
  }
  throwIfAny(errors);
  const position = new Map(added.map((x, i) => [x.id, i]));
  checkDuplicates([...existing, ...added], (x) =>
    options.bulk ? `signers[${position.get(x.id) ?? 0}].email` : "email",
  );
  for (const x of added) await s.signers.insert(x);
  await touchPackage(s, pkg, now);
  for (const x of added) {
    await appendAudit(
      s,
      pkg,
      context,
      "SignerAdded",
      {
        signerId: x.id,
        email: x.email,
        name: x.name,
        signingGroupId: x.signingGroupId,
        routingOrder: x.routingOrder,
      },
      at,
    );
  }
  return added.map((x) => signerApi(x, x.signingGroupId === null ? null : []));
}

async function requireSigner(s: Stores, pkg: PackageRecord, idText: string): Promise<SignerRecord> {
  const id = parseId(idText);
  const signer = id ? await s.signers.get(pkg.id, id) : null;
  if (!signer) throw notFound(`Signer ${idText} of package ${pkg.id}`);
  return signer;
}

export async function getSigner(storage: Storage, tenantId: string, packageId: string, signerId: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  return signerAnswer(storage, await requireSigner(storage, pkg, signerId));
}

export async function listSigners(storage: Storage, tenantId: string, packageId: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  const [signers, members] = await Promise.all([
    storage.signers.list(pkg.id),
    storage.signers.members(pkg.id),
  ]);
  const items = signers.map((x) =>
    signerApi(x, x.signingGroupId === null ? null : (members.get(x.id) ?? [])),
  );
  return onePage(items);
}

export async function updateSigner(
  storage: Storage,
  tenantId: string,
  packageId: string,
  signerId: string,
  input: UpdateSignerInput,
  context: AuditContext,
  now = new Date(),
) {
  return withDuplicateGuard(() =>
    storage.transaction(async (s) => {
      const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
      const signer = await requireSigner(s, pkg, signerId);
      requireState(pkg, ["Draft"], "change a signer");
      const errors: FieldError[] = [];
      const updated = await applySigner(s, tenantId, signer, input, errors, "", false);
      throwIfAny(errors);
      const others = (await s.signers.list(pkg.id)).filter((x) => x.id !== signer.id);
      checkDuplicates([...others, updated], () => "email");
      await s.signers.update(updated);
      await touchPackage(s, pkg, now);
      await appendAudit(
        s,
        pkg,
        context,
        "SignerUpdated",
        { signerId: signer.id, email: updated.email, name: updated.name },
        now.toISOString(),
      );
      return signerApi(updated, updated.signingGroupId === null ? null : []);
    }),
  );
}

export async function removeSigner(
  storage: Storage,
  tenantId: string,
  packageId: string,
  signerId: string,
  context: AuditContext,
  now = new Date(),
): Promise<void> {
  await storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    const signer = await requireSigner(s, pkg, signerId);
    requireState(pkg, ["Draft"], "remove a signer");
    // Their annotations go with them (ON DELETE CASCADE).
    await s.signers.delete(pkg.id, signer.id);
    await touchPackage(s, pkg, now);
    await appendAudit(
      s,
      pkg,
      context,
      "SignerRemoved",
      { signerId: signer.id, email: signer.email, name: signer.name },
      now.toISOString(),
    );
  });
}

export async function reorderSigners(
  storage: Storage,
  tenantId: string,
  packageId: string,
  order: readonly { signerId: string; routingOrder: number }[],
  context: AuditContext,
  now = new Date(),
) {
  return storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    requireState(pkg, ["Draft"], "reorder signers");
    const signers = new Map((await s.signers.list(pkg.id)).map((x) => [x.id, x]));
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    const changes: SignerRecord[] = [];
    for (const [i, item] of order.entries()) {
      const id = parseId(item.signerId);
      const signer = id ? signers.get(id) : undefined;
      if (!signer) {
        errors.push({
          field: `order[${i}].signerId`,
          message: `${item.signerId} is not a signer of this package.`,
        });
        continue;
      }
      if (seen.has(signer.id)) {
        errors.push({ field: `order[${i}].signerId`, message: `${item.signerId} is listed twice.` });
        continue;
      }
      seen.add(signer.id);
      if (
        !Number.isInteger(item.routingOrder) ||
        item.routingOrder < 1 ||
        item.routingOrder > PACKAGE_LIMITS.routingOrderMax
      ) {
        errors.push({
          field: `order[${i}].routingOrder`,
          message: `order[${i}].routingOrder must be a whole number from 1 to ${PACKAGE_LIMITS.routingOrderMax}.`,
        });
        continue;
      }
      changes.push({ ...signer, routingOrder: item.routingOrder });
    }
    throwIfAny(errors);
    for (const x of changes) await s.signers.update(x);
    await touchPackage(s, pkg, now);
    await appendAudit(
      s,
      pkg,
      context,
      "SignersReordered",
      { order: changes.map((x) => ({ signerId: x.id, routingOrder: x.routingOrder })) },
      now.toISOString(),
    );
    const members = await s.signers.members(pkg.id);
    return (await s.signers.list(pkg.id)).map((x) =>
      signerApi(x, x.signingGroupId === null ? null : (members.get(x.id) ?? [])),
    );
  });
}

export interface ReassignInput {
  email: string;
  name?: string | null;
  reason?: string | null;
}

/**
 * Gives an unfinished slot of a sent package to someone else: a person now (a group slot becomes a
 * person), notified at once when it is their turn; the old links stop working (their signer record
 * changed).
 */
export async function reassignSigner(
  storage: Storage,
  tenantId: string,
  packageId: string,
  signerId: string,
  input: ReassignInput,
  context: AuditContext,
  now = new Date(),
) {
  const errors: FieldError[] = [];
  const email = input.email.trim();
  const problem = emailProblem(email);
  if (problem) errors.push({ field: "email", message: `email ${problem}` });
  const name =
    input.name === undefined || input.name === null
      ? null
      : checkText(input.name, "name", errors, { max: 200 });
  const reason =
    input.reason === undefined || input.reason === null
      ? null
      : checkText(input.reason, "reason", errors, { max: PACKAGE_LIMITS.voidReasonLength, lines: true });
  throwIfAny(errors);
  return withDuplicateGuard(() =>
    storage.transaction(async (s) => {
      const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
      const signer = await requireSigner(s, pkg, signerId);
      requireState(pkg, IN_FLIGHT_STATES, "reassign a signer");
      if (FINISHED.has(signer.status)) {
        throw new ApiError(400, "invalid_state", `Cannot reassign: this signer is ${signer.status}.`);
      }
      const others = (await s.signers.list(pkg.id)).filter((x) => x.id !== signer.id);
      const at = now.toISOString();
      // A new id: links made for the old signer name the old id and stop working.
      const reassigned: SignerRecord = {
        ...signer,
        id: newId(),
        email,
        name: name ?? email,
        signingGroupId: null,
        status: "Pending",
        viewedOn: null,
        createdOn: signer.createdOn,
      };
      checkDuplicates([...others, reassigned], () => "email");
      // Annotations follow the slot: move them before the old record goes.
      reassigned.notifiedOn = null;
      reassigned.nextReminderOn = null;
      reassigned.remindersSentCount = 0;
      reassigned.lastReminderSentOn = null;
      await s.signers.insert({ ...reassigned, email: null });
      await s.annotations.reassign(pkg.id, signer.id, reassigned.id);
      // The old person's links follow the slot, and then answer Reassigned (their address is not the slot's).
      await s.signingLinks.moveToSigner(signer.id, reassigned.id);
      await s.signers.delete(pkg.id, signer.id);
      await s.signers.update(reassigned);
      let notified = 0;
      if (signersWhoseTurnItIs(pkg, [...others, reassigned]).some((x) => x.id === reassigned.id)) {
        notified = await notifySigner(s, pkg, reassigned, "Reassigned", at);
        Object.assign(reassigned, invited(pkg, reassigned, at));
        await s.signers.update(reassigned);
      }
      await touchPackage(s, pkg, now);
      await appendAudit(
        s,
        pkg,
        context,
        "SignerReassigned",
        {
          fromSignerId: signer.id,
          toSignerId: reassigned.id,
          from: signer.email ?? signer.name,
          to: email,
          reason,
          notifications: notified,
        },
        at,
      );
      return signerApi(reassigned, null);
    }),
  );
}

/** Re-notifies one signer whose turn it is and who has not finished. */
export async function resendToSigners(
  storage: Storage,
  tenantId: string,
  packageId: string,
  signerIds: readonly string[],
  context: AuditContext,
  options: { bulk: boolean },
  now = new Date(),
) {
  const at = now.toISOString();
  return storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    if (!options.bulk) await requireSigner(s, pkg, signerIds[0]!);
    requireState(pkg, IN_FLIGHT_STATES, "resend to a signer");
    const signers = await s.signers.list(pkg.id);
    const turn = new Set(signersWhoseTurnItIs(pkg, signers).map((x) => x.id));
    const byId = new Map(signers.map((x) => [x.id, x]));
    const results = [];
    for (const text of signerIds) {
      const id = parseId(text);
      const x = id ? byId.get(id) : undefined;
      let error: { code: string; message: string } | null = null;
      if (!x) error = { code: "not_found", message: `Signer ${text} of package ${pkg.id} was not found.` };
      else if (FINISHED.has(x.status))
        error = { code: "invalid_state", message: `This signer is ${x.status}.` };
      else if (!turn.has(x.id))
        error = { code: "not_your_turn", message: "It is not this signer's turn yet." };
      if (error) {
        if (!options.bulk) throw new ApiError(400, error.code as "invalid_state", error.message);
        results.push({ id: text, success: false, error });
        continue;
      }
      const notified = await notifySigner(s, pkg, x!, "Invitation", at);
      await s.signers.update(invited(pkg, x!, at));
      await appendAudit(s, pkg, context, "SignerResent", { signerId: x!.id, notifications: notified }, at);
      results.push({ id: text, success: true, error: null });
    }
    return bulkResults(results);
  });
}
