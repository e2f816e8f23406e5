// Use (contract §7): a package made from a template, its roles filled with people or signing groups,
// its documents and annotations copied; sent at once on request. One transaction.
import { ApiError, type FieldError } from "../../errors";
import { UniqueViolationError, type Storage, type TemplateRecord } from "../../storage";
import { appendAudit, type AuditContext } from "../audit";
import { parseId, throwIfAny, type Stores } from "../package-rules";
import { touchPackage } from "../packages/transition";
import { createPackageLocked, newPackageFields, packageApi, sendLocked } from "../packages";
import { addSignersLocked } from "../signers";
import { newId } from "../tokens";
import { requireTemplate } from "./template";

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
