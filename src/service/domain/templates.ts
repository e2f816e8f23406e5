// Templates (contract §7): a package's shape without its people. Roles are the signer slots, in
// routing order (ties by when they were added, as signers: a tag's `signer N` is the role at position
// N). Every write locks the template and bumps its updatedOn in one transaction.
import { ApiError, notFound, validationFailed, type FieldError } from "../errors";
import { UniqueViolationError, type Storage, type TemplateRecord, type TemplateRoleRecord } from "../storage";
import {
  bulkResults,
  checkText,
  nextUpdatedOn,
  parseId,
  throwIfAny,
  touchPackage,
  type Stores,
} from "./package-rules";
import { appendAudit, type AuditContext } from "./audit";
import { createPackageLocked, newPackageFields, packageApi, sendLocked } from "./packages";
import { addSignersLocked, SIGNER_TYPES } from "./signers";
import { newId } from "./tokens";

export const TEMPLATE_LIMITS = {
  nameLength: 200,
  descriptionLength: 2_000,
  roleNameLength: 100,
  rolesPerTemplate: 100,
  routingOrderMax: 100,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  idsPerBulk: 50,
} as const;

export function templateApi(t: TemplateRecord) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    createdOn: t.createdOn,
    updatedOn: t.updatedOn,
    roleCount: t.roleCount,
    documentCount: t.documentCount,
  };
}

export function roleApi(r: TemplateRoleRecord) {
  return { id: r.id, name: r.name, routingOrder: r.routingOrder, type: r.type, createdOn: r.createdOn };
}

export interface TemplateInput {
  name?: string | null;
  description?: string | null;
}

export interface RoleInput {
  name?: string | null;
  routingOrder?: number | null;
  type?: string | null;
}

export async function requireTemplate(
  s: Pick<Stores, "templates">,
  tenantId: string,
  idText: string,
  lock = false,
) {
  const id = parseId(idText);
  const t = id ? await (lock ? s.templates.lock(tenantId, id) : s.templates.get(tenantId, id)) : null;
  if (!t) throw notFound(`Template ${idText.slice(0, 50)}`);
  return t;
}

async function requireRole(s: Pick<Stores, "templates">, template: TemplateRecord, idText: string) {
  const id = parseId(idText);
  const role = id ? await s.templates.role(template.id, id) : null;
  if (!role) throw notFound(`Role ${idText.slice(0, 50)}`);
  return role;
}

function applyTemplate(t: TemplateRecord, input: TemplateInput, creating: boolean): TemplateRecord {
  const errors: FieldError[] = [];
  const out = { ...t };
  if (typeof input.name === "string") {
    out.name =
      checkText(input.name, "name", errors, { max: TEMPLATE_LIMITS.nameLength, required: true }) ?? "";
  } else if (creating) {
    errors.push({ field: "name", message: "name is required." });
  }
  if (typeof input.description === "string") {
    out.description = checkText(input.description, "description", errors, {
      max: TEMPLATE_LIMITS.descriptionLength,
      lines: true,
    });
  }
  throwIfAny(errors);
  return out;
}

export async function createTemplate(
  storage: Storage,
  tenantId: string,
  input: TemplateInput,
  now = new Date(),
) {
  const at = now.toISOString();
  const blank: TemplateRecord = {
    id: newId(),
    tenantId,
    name: "",
    description: null,
    createdOn: at,
    updatedOn: at,
    roleCount: 0,
    documentCount: 0,
  };
  const t = applyTemplate(blank, input, true);
  await storage.templates.insert(t);
  return templateApi(t);
}

export async function getTemplate(storage: Storage, tenantId: string, id: string) {
  return templateApi(await requireTemplate(storage, tenantId, id));
}

export async function listTemplates(
  storage: Storage,
  tenantId: string,
  query: { page?: number; pageSize?: number; search?: string },
) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? TEMPLATE_LIMITS.pageSizeDefault;
  const search = query.search?.trim() ? query.search.trim().slice(0, TEMPLATE_LIMITS.nameLength) : null;
  const { items, totalCount } = await storage.templates.list({
    tenantId,
    search,
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  return {
    items: items.map(templateApi),
    page,
    pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / pageSize),
  };
}

/** Runs a change on the locked template, bumps its updatedOn, answers fn's result. */
export async function changeTemplate<T>(
  storage: Storage,
  tenantId: string,
  id: string,
  now: Date,
  fn: (s: Stores, t: TemplateRecord) => Promise<T>,
): Promise<T> {
  try {
    return await storage.transaction(async (s) => {
      const t = await requireTemplate(s, tenantId, id, true);
      const out = await fn(s, t);
      await s.templates.touch(t.id, nextUpdatedOn(t.updatedOn, now));
      return out;
    });
  } catch (error) {
    // Two writers racing past the name check: the unique index decides.
    if (error instanceof UniqueViolationError) {
      throw validationFailed([{ field: "name", message: "The template has a role of that name already." }]);
    }
    throw error;
  }
}

export async function updateTemplate(
  storage: Storage,
  tenantId: string,
  id: string,
  input: TemplateInput,
  now = new Date(),
) {
  await changeTemplate(storage, tenantId, id, now, async (s, t) => {
    await s.templates.update(applyTemplate(t, input, false));
  });
  return getTemplate(storage, tenantId, id);
}

export async function deleteTemplate(storage: Storage, tenantId: string, id: string, now = new Date()) {
  if (!(await deleteTemplateRows(storage, tenantId, id, now))) throw notFound(`Template ${id.slice(0, 50)}`);
}

/**
 * Deletes the template (its roles, documents, uploads and annotations go with it); the blobs of its
 * documents and staged blocks are queued as garbage (packages made from it may share them). False
 * when there is no such template.
 */
async function deleteTemplateRows(storage: Storage, tenantId: string, id: string, now: Date) {
  const parsed = parseId(id);
  if (!parsed) return false;
  return storage.transaction(async (s) => {
    const t = await s.templates.lock(tenantId, parsed);
    if (!t) return false;
    const blobs = await s.templates.blobsOf(t.id);
    await s.templates.delete(tenantId, t.id);
    await s.blobGarbage.queue(blobs, now.toISOString());
    return true;
  });
}

/** bulk-delete: 1 to 50 ids, each deleted or a per-item failure (as signing groups' bulk delete). */
export async function bulkDeleteTemplates(storage: Storage, tenantId: string, ids: readonly string[]) {
  if (ids.length < 1 || ids.length > TEMPLATE_LIMITS.idsPerBulk) {
    throw validationFailed([
      { field: "ids", message: `ids must have 1 to ${TEMPLATE_LIMITS.idsPerBulk} template ids.` },
    ]);
  }
  const results = [];
  for (const id of ids) {
    const deleted = await deleteTemplateRows(storage, tenantId, id, new Date());
    results.push(
      deleted
        ? { id, success: true, error: null }
        : {
            id,
            success: false,
            error: { code: "not_found", message: `Template ${id.slice(0, 50)} was not found.` },
          },
    );
  }
  return bulkResults(results);
}

// ---------------------------------------------------------------------------------------------
// Roles

function applyRole(
  role: TemplateRoleRecord,
  input: RoleInput,
  others: readonly TemplateRoleRecord[],
  creating: boolean,
): TemplateRoleRecord {
  const errors: FieldError[] = [];
  const out = { ...role };
  if (typeof input.name === "string") {
    out.name =
      checkText(input.name, "name", errors, { max: TEMPLATE_LIMITS.roleNameLength, required: true }) ?? "";
  } else if (creating) {
    errors.push({ field: "name", message: "name is required." });
  }
  if (input.routingOrder !== undefined && input.routingOrder !== null) {
    if (
      !Number.isInteger(input.routingOrder) ||
      input.routingOrder < 1 ||
      input.routingOrder > TEMPLATE_LIMITS.routingOrderMax
    ) {
      errors.push({
        field: "routingOrder",
        message: `routingOrder must be a whole number from 1 to ${TEMPLATE_LIMITS.routingOrderMax}.`,
      });
    } else out.routingOrder = input.routingOrder;
  }
  if (typeof input.type === "string") {
    const found = SIGNER_TYPES.find((t) => t.toLowerCase() === input.type!.trim().toLowerCase());
    if (!found) errors.push({ field: "type", message: `type must be one of ${SIGNER_TYPES.join(", ")}.` });
    else out.type = found;
  }
  if (out.name && others.some((o) => o.id !== out.id && o.name.toLowerCase() === out.name.toLowerCase())) {
    errors.push({ field: "name", message: `The template has a role named ${out.name} already.` });
  }
  throwIfAny(errors);
  return out;
}

export async function listRoles(storage: Storage, tenantId: string, templateId: string) {
  const t = await requireTemplate(storage, tenantId, templateId);
  return (await storage.templates.roles(t.id)).map(roleApi);
}

export async function addRole(
  storage: Storage,
  tenantId: string,
  templateId: string,
  input: RoleInput,
  now = new Date(),
) {
  return changeTemplate(storage, tenantId, templateId, now, async (s, t) => {
    const roles = await s.templates.roles(t.id);
    if (roles.length >= TEMPLATE_LIMITS.rolesPerTemplate) {
      throw validationFailed([
        { field: "template", message: `A template has at most ${TEMPLATE_LIMITS.rolesPerTemplate} roles.` },
      ]);
    }
    const blank: TemplateRoleRecord = {
      id: newId(),
      templateId: t.id,
      seq: await s.templates.nextRoleSeq(t.id),
      name: "",
      routingOrder: 1,
      type: "Signer",
      createdOn: now.toISOString(),
    };
    const role = applyRole(blank, input, roles, true);
    await s.templates.insertRole(role);
    return roleApi(role);
  });
}

export async function updateRole(
  storage: Storage,
  tenantId: string,
  templateId: string,
  roleId: string,
  input: RoleInput,
  now = new Date(),
) {
  return changeTemplate(storage, tenantId, templateId, now, async (s, t) => {
    const role = await requireRole(s, t, roleId);
    const updated = applyRole(role, input, await s.templates.roles(t.id), false);
    await s.templates.updateRole(updated);
    return roleApi(updated);
  });
}

export async function removeRole(
  storage: Storage,
  tenantId: string,
  templateId: string,
  roleId: string,
  now = new Date(),
) {
  await changeTemplate(storage, tenantId, templateId, now, async (s, t) => {
    const role = await requireRole(s, t, roleId);
    await s.templates.deleteRole(t.id, role.id);
  });
}

/** reorder { order: [{ roleId, routingOrder }] }: the roles named get their new orders, all or none. */
export async function reorderRoles(
  storage: Storage,
  tenantId: string,
  templateId: string,
  order: readonly { roleId: string; routingOrder: number }[],
  now = new Date(),
) {
  return changeTemplate(storage, tenantId, templateId, now, async (s, t) => {
    const roles = await s.templates.roles(t.id);
    const errors: FieldError[] = [];
    if (order.length < 1) errors.push({ field: "order", message: "order must name at least one role." });
    const seen = new Set<string>();
    const changes: TemplateRoleRecord[] = [];
    for (const [i, item] of order.entries()) {
      const id = parseId(item.roleId);
      const role = id ? roles.find((r) => r.id === id) : undefined;
      if (!role) {
        errors.push({
          field: `order[${i}].roleId`,
          message: `Role ${item.roleId.slice(0, 50)} is not in this template.`,
        });
        continue;
      }
      if (seen.has(role.id)) {
        errors.push({ field: `order[${i}].roleId`, message: "A role is named twice." });
        continue;
      }
      seen.add(role.id);
      if (
        !Number.isInteger(item.routingOrder) ||
        item.routingOrder < 1 ||
        item.routingOrder > TEMPLATE_LIMITS.routingOrderMax
      ) {
        errors.push({
          field: `order[${i}].routingOrder`,
          message: `routingOrder must be a whole number from 1 to ${TEMPLATE_LIMITS.routingOrderMax}.`,
        });
        continue;
      }
      changes.push({ ...role, routingOrder: item.routingOrder });
    }
    if (errors.length > 0) throw new ApiError(400, "validation_failed", errors[0]!.message, errors);
    for (const role of changes) await s.templates.updateRole(role);
    return (await s.templates.roles(t.id)).map(roleApi);
  });
}

// ---------------------------------------------------------------------------------------------
// Use: a package from a template

export interface UseTemplateInput {
  name?: string | null;
  roles?:
    { roleId: string; email?: string | null; name?: string | null; signingGroupId?: string | null }[] | null;
  send?: boolean | null;
}

/**
 * A caller's steps inside use's transaction: bulk send (domain/bulk-send.ts) claims its row first
 * and records the package last, so a row's package is made once or not at all. A throw leaves nothing.
 */
export interface UseTemplateHooks {
  first?: (s: Stores) => Promise<void>;
  last?: (s: Stores, packageId: string) => Promise<void>;
}

/**
 * A Draft package from the template (sent at once with `send`): each role becomes a signer filled
 * with a person or a signing group, in the role's routing order and type, named by the role. Every
 * role is filled exactly once. One transaction: all of it or nothing.
 */
export async function useTemplate(
  storage: Storage,
  tenantId: string,
  templateId: string,
  input: UseTemplateInput,
  context: AuditContext,
  now = new Date(),
  hooks: UseTemplateHooks = {},
) {
  const t = await requireTemplate(storage, tenantId, templateId);
  const fields = newPackageFields({ name: input.name?.trim() ? input.name : t.name }, now);
  const filled = input.roles ?? [];
  try {
    return await storage.transaction(async (s) => {
      await hooks.first?.(s);
      const roles = await s.templates.roles(t.id);
      const errors: FieldError[] = [];
      const byRole = new Map<string, number>();
      for (const [i, fill] of filled.entries()) {
        const id = parseId(fill.roleId);
        const role = id ? roles.find((r) => r.id === id) : undefined;
        if (!role) {
          errors.push({
            field: `roles[${i}].roleId`,
            message: `Role ${fill.roleId.slice(0, 50)} is not in this template.`,
          });
        } else if (byRole.has(role.id)) {
          errors.push({ field: `roles[${i}].roleId`, message: `Role ${role.name} is filled twice.` });
        } else byRole.set(role.id, i);
      }
      for (const role of roles) {
        if (!byRole.has(role.id) && errors.length === 0) {
          errors.push({
            field: "roles",
            message: `Role ${role.name} is not filled: give a person or a signing group.`,
          });
        }
      }
      throwIfAny(errors);
      const pkg = await createPackageLocked(s, tenantId, fields, context, now);
      // In the roles' order, so that a signer's position is its role's (a tag's `signer N`).
      const order = roles.map((r) => byRole.get(r.id)!);
      const signers = roles.map((role) => {
        const fill = filled[byRole.get(role.id)!]!;
        return fill.signingGroupId
          ? {
              signingGroupId: fill.signingGroupId,
              name: fill.name ?? null,
              type: role.type,
              routingOrder: role.routingOrder,
              roleName: role.name,
            }
          : {
              email: fill.email ?? null,
              name: fill.name ?? null,
              type: role.type,
              routingOrder: role.routingOrder,
              roleName: role.name,
            };
      });
      const signerOfRole = new Map<string, string>();
      if (signers.length > 0) {
        try {
          const added = await addSignersLocked(s, pkg, signers, context, { bulk: true }, now);
          // Added in the roles' order.
          roles.forEach((role, i) => signerOfRole.set(role.id, added[i]!.id));
        } catch (error) {
          throw asRoleError(error, order);
        }
      }
      // The template's documents (their blobs shared, not copied) and annotations, each for the
      // signer filling its role.
      const copied = await copyTemplateInto(s, t, pkg.id, signerOfRole, now.toISOString());
      if (copied.documents > 0 || copied.annotations > 0) {
        await touchPackage(s, (await s.packages.get(tenantId, pkg.id))!, now);
        await appendAudit(
          s,
          pkg,
          context,
          "TemplateApplied",
          { templateId: t.id, documents: copied.documents, annotations: copied.annotations },
          now.toISOString(),
        );
      }
      if (input.send) await sendLocked(s, (await s.packages.get(tenantId, pkg.id))!, context, now);
      await hooks.last?.(s, pkg.id);
      return packageApi((await s.packages.get(tenantId, pkg.id))!);
    });
  } catch (error) {
    if (error instanceof UniqueViolationError) {
      throw new ApiError(400, "duplicate_signer", "Two roles are filled with the same email address.");
    }
    throw error;
  }
}

/**
 * Copies the template's documents into the package (rows only: the blobs are shared by hash) and
 * its annotations, each for the signer that fills its role. In the caller's transaction.
 */
async function copyTemplateInto(
  s: Stores,
  t: TemplateRecord,
  packageId: string,
  signerOfRole: ReadonlyMap<string, string>,
  at: string,
): Promise<{ documents: number; annotations: number }> {
  const documentIds = await s.templateDocuments.copyAll(t.id, packageId, newId, s.documents);
  let seq = await s.annotations.nextSeq(packageId);
  const annotations = await s.templateAnnotations.list(t.id);
  for (const a of annotations) {
    await s.annotations.insert({
      ...a,
      id: newId(),
      packageId,
      seq: seq++,
      documentId: documentIds.get(a.documentId)!,
      signerId: signerOfRole.get(a.signerId)!,
      isCompleted: false,
      completedOn: null,
      createdOn: at,
    });
  }
  return { documents: documentIds.size, annotations: annotations.length };
}

/** A signer's error (`signers[i].email`) named after the request's role (`roles[j].email`). */
function asRoleError(error: unknown, order: readonly number[]): unknown {
  if (!(error instanceof ApiError) || !error.errors) return error;
  // The message names its field too ("signers[0].email is required..."): renamed alike.
  const rename = (text: string) =>
    text.replace(/\bsigners\[(\d+)\]/g, (_m, i: string) => `roles[${order[Number(i)]}]`);
  const errors = error.errors.map((e) => ({ field: rename(e.field), message: rename(e.message) }));
  return new ApiError(error.status, error.code, error.detail, errors, error.headers);
}
