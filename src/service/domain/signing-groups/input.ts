import { SIGNING_GROUP_LIMITS, caseKey, characters, emailProblem } from "../../../shared/signing-group-rules";
import { ApiError, notFound, validationFailed, type FieldError } from "../../errors";
import {
  UniqueViolationError,
  type NewSigningGroupMember,
  type SigningGroupMemberRecord,
  type SigningGroupRecord,
  type SigningGroupSortField,
  type Storage,
} from "../../storage";
import { newId } from "../tokens";

/** The limits of contract §4 (one copy, shared with the add-in). */
export const LIMITS = SIGNING_GROUP_LIMITS;

export const SORT_FIELDS: readonly SigningGroupSortField[] = [
  "name",
  "createdOn",
  "updatedOn",
  "memberCount",
];

// ---------------------------------------------------------------------------------------------
// Text rules

export { caseKey, characters, emailProblem };

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** With the u flag a surrogate pair is one code point, so this matches only a lone (unpaired) surrogate. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** Why a piece of text cannot be stored as it is, or null. */
function textProblem(text: string, field: string, options: { max: number; lines?: boolean }): string | null {
  if (LONE_SURROGATE.test(text)) return `${field} is not valid Unicode text (it has a lone surrogate).`;
  if ((options.lines ? CONTROL_BUT_LINES : CONTROL).test(text)) {
    return `${field} must not contain control characters${options.lines ? " other than tabs and line breaks" : ""}.`;
  }
  if (characters(text) > options.max) return `${field} must be at most ${options.max} characters.`;
  return null;
}

/** A group's name: trimmed, 1 to 200 characters. */
export function checkName(value: string, field: string, errors: FieldError[]): string {
  const name = value.trim();
  const problem =
    name === "" ? `${field} must not be blank.` : textProblem(name, field, { max: LIMITS.nameLength });
  if (problem) errors.push({ field, message: problem });
  return name;
}

/** A description: trimmed, at most 2,000 characters; empty means none (null). */
export function checkDescription(value: string, field: string, errors: FieldError[]): string | null {
  const description = value.trim();
  const problem = textProblem(description, field, { max: LIMITS.descriptionLength, lines: true });
  if (problem) errors.push({ field, message: problem });
  return description === "" ? null : description;
}

/** A member's display name: trimmed, at most 200 characters; empty means none (null). */
export function checkMemberName(
  value: string | null | undefined,
  field: string,
  errors: FieldError[],
): string | null {
  if (value === undefined || value === null) return null;
  const name = value.trim();
  const problem = textProblem(name, field, { max: LIMITS.memberNameLength });
  if (problem) errors.push({ field, message: problem });
  return name === "" ? null : name;
}

function checkEmail(value: string, field: string, errors: FieldError[]): string {
  const email = value.trim();
  const problem = emailProblem(email);
  if (problem) errors.push({ field, message: `${field} ${problem}` });
  return email;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A group id from a path or a bulk request, lowercased; null when it is no UUID (answered as not found). */
export function parseGroupId(text: string): string | null {
  return UUID.test(text) ? text.toLowerCase() : null;
}

/**
 * The updatedOn of a change made at `now`: now, unless the clock has not moved past the previous
 * updatedOn (two changes in one millisecond, or a clock step back), then one millisecond later.
 * updatedOn therefore moves forward on every change, which updatedSince relies on.
 */
export function nextUpdatedOn(previous: string, now: Date): string {
  const candidate = now.toISOString();
  return candidate > previous ? candidate : new Date(Date.parse(previous) + 1).toISOString();
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface MemberInput {
  email: string;
  name?: string | null;
}

export interface CreateInput {
  name: string;
  description?: string | null;
  members?: MemberInput[] | null;
}

export interface UpdateInput {
  name?: string | null;
  description?: string | null;
}

export interface CheckedMember {
  email: string;
  emailKey: string;
  name: string | null;
}

export interface CheckedCreate {
  name: string;
  description: string | null;
  members: CheckedMember[];
}

/**
 * A create request as it will be stored, or 400 naming every field at fault: name, description, each
 * member's email and name, at most 100 members, and no email twice (ignoring case; the message names
 * both positions).
 */
export function checkCreate(input: CreateInput): CheckedCreate {
  const errors: FieldError[] = [];
  const name = checkName(input.name, "name", errors);
  const description =
    input.description === undefined || input.description === null
      ? null
      : checkDescription(input.description, "description", errors);
  const given = input.members ?? [];
  if (given.length > LIMITS.membersPerCreate) {
    errors.push({
      field: "members",
      message: `members must have at most ${LIMITS.membersPerCreate} items; add more with the add-member operation.`,
    });
  }
  const members: CheckedMember[] = [];
  const firstAt = new Map<string, number>();
  given.slice(0, LIMITS.membersPerCreate).forEach((member, i) => {
    const field = `members[${i}].email`;
    const before = errors.length;
    const email = checkEmail(member.email, field, errors);
    const memberName = checkMemberName(member.name, `members[${i}].name`, errors);
    if (errors.length > before) return;
    const emailKey = caseKey(email);
    const first = firstAt.get(emailKey);
    if (first !== undefined) {
      errors.push({
        field,
        message: `${field} duplicates members[${first}].email (${email}); emails are compared ignoring case.`,
      });
      return;
    }
    firstAt.set(emailKey, i);
    members.push({ email, emailKey, name: memberName });
  });
  if (errors.length > 0) throw validationFailed(errors);
  return { name, description, members };
}

export interface CheckedUpdate {
  /** undefined = unchanged */
  name?: string;
  /** undefined = unchanged, null = cleared */
  description?: string | null;
}

/** Omitted or null = unchanged; `""` clears the description; a blank name is refused. */
export function checkUpdate(input: UpdateInput): CheckedUpdate {
  const errors: FieldError[] = [];
  const out: CheckedUpdate = {};
  if (input.name !== undefined && input.name !== null) out.name = checkName(input.name, "name", errors);
  if (input.description !== undefined && input.description !== null) {
    out.description = checkDescription(input.description, "description", errors);
  }
  if (errors.length > 0) throw validationFailed(errors);
  return out;
}

export function checkMember(input: MemberInput): CheckedMember {
  const errors: FieldError[] = [];
  const email = checkEmail(input.email, "email", errors);
  const name = checkMemberName(input.name, "name", errors);
  if (errors.length > 0) throw validationFailed(errors);
  return { email, emailKey: caseKey(email), name };
}

// ---------------------------------------------------------------------------------------------
// List query

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

// ---------------------------------------------------------------------------------------------
// Operations

export interface SigningGroupList {
  items: SigningGroupRecord[];
  page: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

export interface BulkDeleteItem {
  id: string;
  success: boolean;
  error: { code: "not_found"; message: string } | null;
}

export interface BulkDeleteResult {
  results: BulkDeleteItem[];
  successCount: number;
  failureCount: number;
}

const groupNotFound = () => notFound("The signing group");

const duplicateMember = (email: string) =>
  new ApiError(
    400,
    "duplicate_member",
    `${email} is already a member of this signing group (emails are compared ignoring case).`,
  );

const memberLimitReached = () =>
  new ApiError(
    400,
    "member_limit_reached",
    `This signing group already has ${LIMITS.membersPerGroup} members, the most a group can have.`,
  );

function requireGroupId(id: string): string {
  const key = parseGroupId(id);
  if (!key) throw groupNotFound();
  return key;
}

/** Creates the group with its initial members, all or nothing. */
export async function createSigningGroup(
  storage: Storage,
  tenantId: string,
  input: CreateInput,
  now = new Date(),
): Promise<SigningGroupRecord> {
  const checked = checkCreate(input);
  const id = newId();
  const createdOn = now.toISOString();
  const members: NewSigningGroupMember[] = checked.members.map((m) => ({ ...m, addedOn: createdOn }));
  return storage.transaction(async (s) => {
    await s.signingGroups.insertGroup(
      {
        id,
        tenantId,
        name: checked.name,
        nameKey: caseKey(checked.name),
        description: checked.description,
        descriptionKey: caseKey(checked.description ?? ""),
        createdOn,
      },
      members,
    );
    const group = await s.signingGroups.find(tenantId, id);
    if (!group) throw new Error(`signing group ${id} vanished while being created`);
    return group;
  });
}

export async function getSigningGroup(
  storage: Storage,
  tenantId: string,
  id: string,
): Promise<SigningGroupRecord> {
  const group = await storage.signingGroups.find(tenantId, requireGroupId(id));
  if (!group) throw groupNotFound();
  return group;
}

export async function listSigningGroups(
  storage: Storage,
  tenantId: string,
  query: ListQuery,
): Promise<SigningGroupList> {
  const offset = (query.page - 1) * query.pageSize;
  const { items, totalCount } = await storage.signingGroups.list({
    tenantId,
    search: query.search,
    sortBy: query.sortBy,
    descending: query.descending,
    updatedSince: query.updatedSince,
    offset,
    limit: query.pageSize,
  });
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / query.pageSize),
  };
}

/** Changes the fields given; updatedOn moves only when something actually changed. */
export async function updateSigningGroup(
  storage: Storage,
  tenantId: string,
  id: string,
  input: UpdateInput,
  now = new Date(),
): Promise<SigningGroupRecord> {
  const key = requireGroupId(id);
  const changes = checkUpdate(input);
  return storage.transaction(async (s) => {
    const group = await s.signingGroups.lock(tenantId, key);
    if (!group) throw groupNotFound();
    const name = changes.name ?? group.name;
    const description = changes.description === undefined ? group.description : changes.description;
    if (name === group.name && description === group.description) return group;
    const updatedOn = nextUpdatedOn(group.updatedOn, now);
    await s.signingGroups.updateDetails(key, {
      name,
      nameKey: caseKey(name),
      description,
      descriptionKey: caseKey(description ?? ""),
      updatedOn,
    });
    return { ...group, name, description, updatedOn };
  });
}

export async function deleteSigningGroup(storage: Storage, tenantId: string, id: string): Promise<void> {
  const key = requireGroupId(id);
  if (!(await storage.transaction((s) => s.signingGroups.delete(tenantId, key)))) throw groupNotFound();
}

/**
 * Tries each deletion in request order and reports each truthfully: a group is reported deleted only
 * by the one delete that removed it, so a repeated id, or one another request deleted first, fails
 * as not_found. Each deletion is a transaction of its own (none spans them, so none waits on another).
 */
export async function bulkDeleteSigningGroups(
  storage: Storage,
  tenantId: string,
  ids: readonly string[],
): Promise<BulkDeleteResult> {
  // Contract §4: the request is `{ ids: uuid[] }`, so an id that is no UUID is a malformed request
  // (nothing deleted); a well-formed id that names no group is a per-item failure.
  const keys = ids.map(parseGroupId);
  const malformed = keys.flatMap((key, i) =>
    key === null
      ? [{ field: `ids[${i}]`, message: `${JSON.stringify(ids[i])} is not a signing group id (a UUID).` }]
      : [],
  );
  if (malformed.length > 0) throw validationFailed(malformed);
  const results: BulkDeleteItem[] = [];
  for (const [i, id] of ids.entries()) {
    const key = keys[i]!;
    const deleted = await storage.transaction((s) => s.signingGroups.delete(tenantId, key));
    results.push({
      id,
      success: deleted,
      error: deleted ? null : { code: "not_found", message: `Signing group ${id} was not found.` },
    });
  }
  const successCount = results.filter((r) => r.success).length;
  return { results, successCount, failureCount: results.length - successCount };
}

export async function listSigningGroupMembers(
  storage: Storage,
  tenantId: string,
  id: string,
): Promise<SigningGroupMemberRecord[]> {
  const key = requireGroupId(id);
  const group = await storage.signingGroups.find(tenantId, key);
  if (!group) throw groupNotFound();
  return storage.signingGroups.listMembers(key);
}

/**
 * Adds a member. The unique index on (group, case-folded email) decides between concurrent adds of
 * one address: exactly one lands, the others answer duplicate_member. The group's row is held for
 * the transaction, so the member count and the limit of 1,000 are exact under concurrency.
 */
export async function addSigningGroupMember(
  storage: Storage,
  tenantId: string,
  id: string,
  input: MemberInput,
  now = new Date(),
): Promise<SigningGroupMemberRecord> {
  const key = requireGroupId(id);
  const member = checkMember(input);
  return storage.transaction(async (s) => {
    const group = await s.signingGroups.lock(tenantId, key);
    if (!group) throw groupNotFound();
    const added: NewSigningGroupMember = { ...member, addedOn: now.toISOString() };
    try {
      await s.signingGroups.addMember(key, added, nextUpdatedOn(group.updatedOn, now));
    } catch (error) {
      if (error instanceof UniqueViolationError) throw duplicateMember(member.email);
      throw error;
    }
    // Checked after the insert so that adding an existing member of a full group says duplicate_member;
    // throwing here rolls the insert back.
    if (group.memberCount + 1 > LIMITS.membersPerGroup) throw memberLimitReached();
    return { email: added.email, name: added.name, addedOn: added.addedOn };
  });
}

/** Removes the member whose email matches, ignoring case; 404 member_not_found when there is none. */
export async function removeSigningGroupMember(
  storage: Storage,
  tenantId: string,
  id: string,
  email: string,
  now = new Date(),
): Promise<void> {
  const key = requireGroupId(id);
  const emailKey = caseKey(email.trim());
  await storage.transaction(async (s) => {
    const group = await s.signingGroups.lock(tenantId, key);
    if (!group) throw groupNotFound();
    if (!(await s.signingGroups.removeMember(key, emailKey, nextUpdatedOn(group.updatedOn, now)))) {
      throw new ApiError(404, "member_not_found", `${email} is not a member of this signing group.`);
    }
  });
}

export interface ResolvedAddress {
  email: string;
  groups: { id: string; name: string; memberCount: number }[];
}

/**
 * The tenant's groups that hold each address (compared ignoring case, as members are): one answer
 * per address given, in request order, so that a repeated address is answered at each of its
 * positions and items[i] always answers emails[i]. Each address must be valid (the rules a member's
 * email follows); a bad one is 400 naming its position. One query, however many addresses.
 */
export async function resolveSigningGroups(
  storage: Storage,
  tenantId: string,
  emails: readonly string[],
): Promise<{ items: ResolvedAddress[] }> {
  const errors: FieldError[] = [];
  if (emails.length < 1 || emails.length > LIMITS.emailsPerResolve) {
    throw validationFailed([
      { field: "emails", message: `emails must have 1 to ${LIMITS.emailsPerResolve} addresses.` },
    ]);
  }
  const given = emails.map((email, i) => checkEmail(email, `emails[${i}]`, errors));
  if (errors.length > 0) throw validationFailed(errors);
  const keys = given.map(caseKey);
  const held = new Map<string, ResolvedAddress["groups"]>();
  for (const row of await storage.signingGroups.groupsHolding(tenantId, [...new Set(keys)])) {
    const groups = held.get(row.emailKey) ?? [];
    groups.push({ id: row.id, name: row.name, memberCount: row.memberCount });
    held.set(row.emailKey, groups);
  }
  return { items: given.map((email, i) => ({ email, groups: held.get(keys[i]!) ?? [] })) };
}
