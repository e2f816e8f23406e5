// Reads: one template, and the list with its search and paging.
import type { Storage } from "../../storage";
import { TEMPLATE_LIMITS } from "./limits";
import { requireTemplate, templateApi } from "./template";

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
