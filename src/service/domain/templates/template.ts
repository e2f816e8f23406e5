// What every template operation shares: the template as the API answers it, finding it, and the frame
// of every write (the template locked and its updatedOn bumped in one transaction).
import { notFound, validationFailed } from "../../errors";
import { UniqueViolationError, type Storage, type TemplateRecord } from "../../storage";
import { nextUpdatedOn, parseId, type Stores } from "../package-rules";

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
