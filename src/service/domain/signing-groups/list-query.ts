// The list query of contract §4 (page, pageSize, search, sortBy, descending, updatedSince): parsed
// from the query string, every bad value answered 400 with what is allowed.
import { caseKey, characters } from "../../../shared/signing-group-rules";
import { validationFailed, type FieldError } from "../../errors";
import type { SigningGroupSortField } from "../../storage";
import { LIMITS, SORT_FIELDS } from "./limits";
import { CONTROL_BUT_LINES, LONE_SURROGATE } from "./text";

export interface ListQuery {
  page: number;
  pageSize: number;
  search: string | null;
  sortBy: SigningGroupSortField;
  descending: boolean;
  updatedSince: string | null;
}

const DATE_OR_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:([Zz])|([+\- ])(\d{2}):?(\d{2})?)?)?$/;

/**
 * An ISO 8601 date (`2024-05-01`, midnight UTC) or date-time (`2024-05-01T10:30:00Z`, with an offset,
 * or UTC when it has none) as ISO 8601 UTC with milliseconds, or null when it is neither. A space before
 * the offset is read as `+` (an unencoded `+` in a query string arrives as a space). Digits past the
 * millisecond are dropped, so the filter may include a group changed within that millisecond, never miss one.
 */
export function parseUpdatedSince(text: string): string | null {
  const m = DATE_OR_DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(
    (v) => (v === undefined ? undefined : Number(v)),
  ) as number[];
  const millisecond = m[7] ? Number(m[7].slice(0, 3).padEnd(3, "0")) : 0;
  if (month! < 1 || month! > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(year!, month! - 1, day!, hour, minute, second, millisecond);
  if (new Date(Date.UTC(year!, month! - 1, day!)).getUTCDate() !== day) return null; // 2024-02-30
  let offsetMinutes = 0;
  if (m[9]) {
    const offsetHours = Number(m[10]);
    const offsetRest = m[11] ? Number(m[11]) : 0;
    if (offsetHours > 23 || offsetRest > 59) return null;
    offsetMinutes = (m[9] === "-" ? -1 : 1) * (offsetHours * 60 + offsetRest);
  }
  const instant = new Date(utc - offsetMinutes * 60_000);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** The query as sent: each parameter's text, or its texts when repeated. */
export type RawQuery = Record<string, string | string[] | undefined>;

/** A parameter's trimmed text, undefined when absent or empty; a repeated parameter is an error. */
function single(query: RawQuery, name: string, errors: FieldError[]): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    errors.push({ field: name, message: `${name} must be given once.` });
    return undefined;
  }
  const text = value.trim();
  return text === "" ? undefined : text;
}

function wholeNumber(text: string): number | null {
  if (!/^\+?\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The list query of contract §4, every out-of-range or unknown value answered 400 with a message
 * naming what is allowed. Unknown parameters are ignored.
 */
export function parseListQuery(query: RawQuery): ListQuery {
  const errors: FieldError[] = [];
  const out: ListQuery = {
    page: 1,
    pageSize: LIMITS.pageSizeDefault,
    search: null,
    sortBy: "name",
    descending: false,
    updatedSince: null,
  };

  const page = single(query, "page", errors);
  if (page !== undefined) {
    const n = wholeNumber(page);
    if (n === null || n < 1)
      errors.push({ field: "page", message: `page must be a whole number, 1 or more (got "${page}").` });
    else out.page = n;
  }

  const pageSize = single(query, "pageSize", errors);
  if (pageSize !== undefined) {
    const n = wholeNumber(pageSize);
    if (n === null || n < 1 || n > LIMITS.pageSizeMax) {
      errors.push({
        field: "pageSize",
        message: `pageSize must be a whole number from 1 to ${LIMITS.pageSizeMax} (got "${pageSize}").`,
      });
    } else out.pageSize = n;
  }

  const search = single(query, "search", errors);
  if (search !== undefined) {
    if (characters(search) > LIMITS.searchLength) {
      errors.push({ field: "search", message: `search must be at most ${LIMITS.searchLength} characters.` });
    } else if (LONE_SURROGATE.test(search) || CONTROL_BUT_LINES.test(search)) {
      // No stored text holds these, so such a search could match nothing.
      errors.push({
        field: "search",
        message:
          "search must not contain control characters (other than tabs and line breaks) or lone surrogates.",
      });
    } else out.search = caseKey(search);
  }

  const sortBy = single(query, "sortBy", errors);
  if (sortBy !== undefined) {
    const field = SORT_FIELDS.find((f) => f.toLowerCase() === sortBy.toLowerCase());
    if (!field) {
      errors.push({
        field: "sortBy",
        message: `sortBy must be one of ${SORT_FIELDS.join(", ")} (any case), not "${sortBy}".`,
      });
    } else out.sortBy = field;
  }

  const descending = single(query, "descending", errors);
  if (descending !== undefined) {
    const text = descending.toLowerCase();
    if (text !== "true" && text !== "false") {
      errors.push({
        field: "descending",
        message: `descending must be true or false (got "${descending}").`,
      });
    } else out.descending = text === "true";
  }

  const updatedSince = single(query, "updatedSince", errors);
  if (updatedSince !== undefined) {
    const instant = parseUpdatedSince(updatedSince);
    if (instant === null) {
      errors.push({
        field: "updatedSince",
        message: `updatedSince must be an ISO 8601 date (2024-05-01) or date-time (2024-05-01T10:30:00Z), not "${updatedSince}".`,
      });
    } else out.updatedSince = instant;
  }

  if (errors.length > 0) throw validationFailed(errors);
  return out;
}
