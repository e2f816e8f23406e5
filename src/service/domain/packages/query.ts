// Reads: one package, and the list with its query (filters, sort, paging, signers on request).
import type { FieldError } from "../../errors";
import type { PackageQuery, Storage } from "../../storage";
import { checkText, PACKAGE_LIMITS, parseDateTime, requirePackage, throwIfAny } from "../package-rules";
import { signerApi } from "../signers";
import { packageApi, PACKAGE_SORT_FIELDS, PACKAGE_STATUSES, type PackageApi } from "./api";

export async function getPackage(storage: Storage, tenantId: string, id: string): Promise<PackageApi> {
  return packageApi(await requirePackage(storage, tenantId, id));
}

export type RawQuery = Record<string, string | string[] | undefined>;

function one(query: RawQuery, name: string, errors: FieldError[]): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    errors.push({ field: name, message: `${name} must be given once.` });
    return undefined;
  }
  return value.trim() === "" ? undefined : value.trim();
}

function wholeNumber(text: string): number | null {
  if (!/^\+?\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

function bool(text: string, name: string, errors: FieldError[]): boolean | undefined {
  const t = text.toLowerCase();
  if (t === "true") return true;
  if (t === "false") return false;
  errors.push({ field: name, message: `${name} must be true or false (got "${text}").` });
  return undefined;
}

/** The list query of contract §6.1 as sent; out-of-range or unknown values are 400 naming what is allowed. */
export function parsePackageListQuery(
  tenantId: string,
  query: RawQuery,
): PackageQuery & { page: number; pageSize: number; includeSigners: boolean } {
  const errors: FieldError[] = [];
  let page = 1;
  let pageSize: number = PACKAGE_LIMITS.pageSizeDefault;
  const out: PackageQuery = {
    tenantId,
    statuses: [],
    search: null,
    conversationId: null,
    internetMessageId: null,
    senderEmail: null,
    includeArchived: false,
    updatedSince: null,
    sortBy: "createdOn",
    descending: true,
    offset: 0,
    limit: pageSize,
  };
  const pageText = one(query, "page", errors);
  if (pageText !== undefined) {
    const n = wholeNumber(pageText);
    if (n === null || n < 1 || n > 1_000_000) {
      errors.push({ field: "page", message: `page must be a whole number from 1 (got "${pageText}").` });
    } else page = n;
  }
  const sizeText = one(query, "pageSize", errors);
  if (sizeText !== undefined) {
    const n = wholeNumber(sizeText);
    if (n === null || n < 1 || n > PACKAGE_LIMITS.pageSizeMax) {
      errors.push({
        field: "pageSize",
        message: `pageSize must be a whole number from 1 to ${PACKAGE_LIMITS.pageSizeMax} (got "${sizeText}").`,
      });
    } else pageSize = n;
  }
  // status is repeatable (status=Sent&status=Viewed); a comma-separated list is accepted as well.
  const statuses =
    query.status === undefined ? [] : Array.isArray(query.status) ? query.status : [query.status];
  for (const text of statuses
    .flatMap((s) => s.split(","))
    .map((s) => s.trim())
    .filter(Boolean)) {
    const status = PACKAGE_STATUSES.find((s) => s.toLowerCase() === text.toLowerCase());
    if (!status) {
      errors.push({
        field: "status",
        message: `status must be one of ${PACKAGE_STATUSES.join(", ")} (got "${text}").`,
      });
    } else if (!out.statuses.includes(status)) out.statuses.push(status);
  }
  const search = one(query, "search", errors);
  if (search !== undefined) {
    out.search =
      checkText(search, "search", errors, { max: PACKAGE_LIMITS.nameLength })?.toLowerCase() ?? null;
  }
  for (const name of ["conversationId", "internetMessageId"] as const) {
    const text = one(query, name, errors);
    if (text !== undefined) out[name] = checkText(text, name, errors, { max: PACKAGE_LIMITS.sourceIdLength });
  }
  const sender = one(query, "senderEmail", errors);
  if (sender !== undefined) {
    // Compared as the store keeps it (sender_email_lower); blank asks for no filter, as blank search does.
    out.senderEmail = checkText(sender, "senderEmail", errors, { max: 320 })?.toLowerCase() ?? null;
  }
  const archived = one(query, "includeArchived", errors);
  if (archived !== undefined) out.includeArchived = bool(archived, "includeArchived", errors) ?? false;
  const since = one(query, "updatedSince", errors);
  if (since !== undefined) {
    const parsed =
      parseDateTime(since) ??
      (/^\d{4}-\d{2}-\d{2}$/.test(since) ? parseDateTime(`${since}T00:00:00Z`) : null);
    if (parsed === null) {
      errors.push({
        field: "updatedSince",
        message: `updatedSince must be an ISO 8601 date or date-time (got "${since}").`,
      });
    } else out.updatedSince = parsed;
  }
  const sortBy = one(query, "sortBy", errors);
  if (sortBy !== undefined) {
    const field = PACKAGE_SORT_FIELDS.find((f) => f.toLowerCase() === sortBy.toLowerCase());
    if (!field) {
      errors.push({
        field: "sortBy",
        message: `sortBy must be one of ${PACKAGE_SORT_FIELDS.join(", ")} (any case), not "${sortBy}".`,
      });
    } else out.sortBy = field;
  }
  const descending = one(query, "descending", errors);
  if (descending !== undefined) out.descending = bool(descending, "descending", errors) ?? true;
  const withSigners = one(query, "includeSigners", errors);
  const includeSigners = withSigners !== undefined && (bool(withSigners, "includeSigners", errors) ?? false);
  throwIfAny(errors);
  return { ...out, page, pageSize, includeSigners, offset: (page - 1) * pageSize, limit: pageSize };
}

export async function listPackages(storage: Storage, query: ReturnType<typeof parsePackageListQuery>) {
  const { items, totalCount } = await storage.packages.list(query);
  // includeSigners: each package's signers as GET /packages/{id}/signers answers them, read for the
  // whole page in two queries, so a thread's packages and their signers are one request (the add-in's
  // Status view) and one ETag covers both.
  let signersOf: ((id: string) => ReturnType<typeof signerApi>[]) | null = null;
  if (query.includeSigners) {
    const ids = items.map((p) => p.id);
    const [signers, members] = await Promise.all([
      storage.signers.listMany(ids),
      storage.signers.membersOf(ids),
    ]);
    signersOf = (id) =>
      (signers.get(id) ?? []).map((x) =>
        signerApi(x, x.signingGroupId === null ? null : (members.get(x.id) ?? [])),
      );
  }
  return {
    items: items.map((p) => (signersOf ? { ...packageApi(p), signers: signersOf(p.id) } : packageApi(p))),
    page: query.page,
    pageSize: query.pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / query.pageSize),
  };
}
