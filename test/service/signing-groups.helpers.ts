// Shared by the signing-groups*.test.ts files: a service per backend and terse calls to the API.
import type { TestService } from "./harness";

export const BASE = "/api/v1/signing-groups";

export interface Group {
  id: string;
  name: string;
  description: string | null;
  memberCount: number;
  createdOn: string;
  updatedOn: string;
}

export interface Member {
  email: string;
  name: string | null;
  addedOn: string;
}

export interface GroupList {
  items: Group[];
  page: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the API and parses the JSON answer (null for an empty body). */
export async function api<T = unknown>(
  service: TestService,
  token: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<Answer<T>> {
  const response = await service.call(method, route, { token, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

/** Creates a group and answers it; fails the test unless the service answered 201. */
export async function createGroup(
  service: TestService,
  token: string,
  body: { name: string; description?: string | null; members?: { email: string; name?: string | null }[] },
): Promise<Group> {
  const answer = await api<Group>(service, token, "POST", BASE, body);
  if (answer.status !== 201)
    throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export const membersOf = async (service: TestService, token: string, id: string) =>
  (await api<Member[]>(service, token, "GET", `${BASE}/${id}/members`)).body;

export const getGroup = async (service: TestService, token: string, id: string) =>
  (await api<Group>(service, token, "GET", `${BASE}/${id}`)).body;

/** n distinct, valid member entries. */
export const people = (n: number, prefix = "person") =>
  Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@example.com` }));

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A UUID no group has. */
export const MISSING_ID = "00000000-0000-4000-8000-000000000000";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
