// A template's roles: the signer slots, in routing order (ties by when they were added, as signers: a
// tag's `signer N` is the role at position N). Each write is a change of the locked template.
import { ApiError, notFound, validationFailed, type FieldError } from "../../errors";
import type { Storage, TemplateRecord, TemplateRoleRecord } from "../../storage";
import { checkText, parseId, throwIfAny, type Stores } from "../package-rules";
import { SIGNER_TYPES } from "../signers";
import { newId } from "../tokens";
import { TEMPLATE_LIMITS } from "./limits";
import { changeTemplate, requireTemplate } from "./template";

export function roleApi(r: TemplateRoleRecord) {
  return { id: r.id, name: r.name, routingOrder: r.routingOrder, type: r.type, createdOn: r.createdOn };
}

export interface RoleInput {
  name?: string | null;
  routingOrder?: number | null;
  type?: string | null;
}

async function requireRole(s: Pick<Stores, "templates">, template: TemplateRecord, idText: string) {
  const id = parseId(idText);
  const role = id ? await s.templates.role(template.id, id) : null;
  if (!role) throw notFound(`Role ${idText.slice(0, 50)}`);
  return role;
}

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
