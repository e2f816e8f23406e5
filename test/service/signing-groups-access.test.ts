// Who may call the signing-group operations (contract §2): credentials, X-API-KEY, scopes, tenancy;
// and what the OpenAPI document says of them (service.md §4.1, §9).
import { Validator } from "@seriousme/openapi-schema-validator";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";
import {
  api,
  BASE,
  createGroup,
  getGroup,
  membersOf,
  type Group,
  type GroupList,
} from "./signing-groups.helpers";

const READ = "sign.signinggroup.read";
const WRITE = "sign.signinggroup.write";

/** The nine operations and resolve, each with a request that would succeed for the owner of `id` (a group holding a@example.com). */
const operations = (
  id: string,
): { op: string; method: string; route: string; body?: unknown; scope: string }[] => [
  { op: "createSigningGroup", method: "POST", route: BASE, body: { name: "x" }, scope: WRITE },
  { op: "listSigningGroups", method: "GET", route: BASE, scope: READ },
  { op: "getSigningGroup", method: "GET", route: `${BASE}/${id}`, scope: READ },
  {
    op: "updateSigningGroup",
    method: "PUT",
    route: `${BASE}/${id}`,
    body: { name: "renamed" },
    scope: WRITE,
  },
  { op: "deleteSigningGroup", method: "DELETE", route: `${BASE}/${id}`, scope: WRITE },
  {
    op: "bulkDeleteSigningGroups",
    method: "POST",
    route: `${BASE}/bulk-delete`,
    body: { ids: [id] },
    scope: WRITE,
  },
  { op: "listSigningGroupMembers", method: "GET", route: `${BASE}/${id}/members`, scope: READ },
  {
    op: "addSigningGroupMember",
    method: "POST",
    route: `${BASE}/${id}/members`,
    body: { email: "b@example.com" },
    scope: WRITE,
  },
  {
    op: "removeSigningGroupMember",
    method: "DELETE",
    route: `${BASE}/${id}/members/a%40example.com`,
    scope: WRITE,
  },
  {
    op: "resolveSigningGroups",
    method: "POST",
    route: `${BASE}/resolve`,
    body: { emails: ["a@example.com"] },
    scope: READ,
  },
];

describe.each(BACKENDS)("signing groups: access on %s", (backend) => {
  let service: TestService;
  let owner: string;
  let group: Group;
  beforeAll(async () => {
    service = await startTestService(backend);
    owner = await service.token("owner");
    group = await createGroup(service, owner, {
      name: "Owned",
      description: "Mine",
      members: [{ email: "a@example.com" }],
    });
  });
  afterAll(() => service.close());

  test("every operation without a credential is 401 unauthorized with a Bearer challenge", async () => {
    for (const { op, method, route, body } of operations(group.id)) {
      const response = await service.call(method, route, { body });
      const problem = await expectProblem(response, 401, "unauthorized");
      expect({ op, challenge: response.headers.get("www-authenticate") }).toEqual({
        op,
        challenge: expect.stringMatching(/^Bearer /),
      });
      expect(problem.detail).toMatch(/Bearer/);
    }
    expect(await getGroup(service, owner, group.id)).toEqual(group);
  });

  test("every operation accepts a personal access token in X-API-KEY (scheme ApiKey)", async () => {
    const key = await service.token("apikey-tenant");
    const mine = await (async () => {
      const response = await service.call("POST", BASE, {
        body: { name: "Via key", members: [{ email: "a@example.com" }] },
        headers: { "x-api-key": key },
      });
      expect(response.status).toBe(201);
      return (await response.json()) as Group;
    })();
    const statuses: Record<string, number> = {};
    for (const { op, method, route, body } of operations(mine.id)) {
      if (op === "deleteSigningGroup" || op === "bulkDeleteSigningGroups") continue;
      statuses[op] = (await service.call(method, route, { body, headers: { "x-api-key": key } })).status;
    }
    expect(statuses).toEqual({
      createSigningGroup: 201,
      listSigningGroups: 200,
      getSigningGroup: 200,
      updateSigningGroup: 200,
      listSigningGroupMembers: 200,
      addSigningGroupMember: 201,
      removeSigningGroupMember: 204,
      resolveSigningGroups: 200,
    });
    const bulk = await service.call("POST", `${BASE}/bulk-delete`, {
      body: { ids: [mine.id] },
      headers: { "x-api-key": key },
    });
    expect(((await bulk.json()) as { successCount: number }).successCount).toBe(1);
  });

  test("a legacy static key in X-API-KEY is 401 legacy_api_key naming the credentials that work", async () => {
    for (const { method, route, body } of operations(group.id).slice(0, 3)) {
      const problem = await expectProblem(
        await service.call(method, route, {
          body,
          headers: { "x-api-key": "0123456789abcdef0123456789abcdef" },
        }),
        401,
        "legacy_api_key",
      );
      expect(problem.detail).toMatch(/personal access token/);
    }
  });

  test("an invalid bearer token is 401", async () => {
    await expectProblem(
      await service.call("GET", BASE, { token: "sfo_pat_not-a-real-token" }),
      401,
      "unauthorized",
    );
  });

  test("scopes: read operations need sign.signinggroup.read, the others sign.signinggroup.write (403 insufficient_scope)", async () => {
    const readOnly = await service.token("owner", [READ]);
    const writeOnly = await service.token("owner", [WRITE]);
    const neither = await service.token("owner", ["sign.package.read", "sign.template.read"]);
    for (const { op, method, route, body, scope } of operations(group.id)) {
      const lacking = scope === READ ? writeOnly : readOnly;
      for (const credential of [lacking, neither]) {
        const response = await service.call(method, route, { token: credential, body });
        const problem = await expectProblem(response, 403, "insufficient_scope");
        expect({ op, detail: problem.detail }).toEqual({ op, detail: expect.stringContaining(scope) });
        expect(response.headers.get("www-authenticate")).toContain(`scope="${scope}"`);
      }
    }
    // Nothing was changed by the refused calls, and each scope does let its own operations through.
    expect(await getGroup(service, owner, group.id)).toEqual(group);
    expect((await api(service, readOnly, "GET", `${BASE}/${group.id}/members`)).status).toBe(200);
    expect((await api(service, writeOnly, "POST", BASE, { name: "Written" })).status).toBe(201);
  });

  test("an access token from POST /connect/token works with the client's scopes", async () => {
    const client = await service.client("owner", [READ]);
    const exchange = await fetch(`${service.url}/connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }).toString(),
    });
    const { access_token: accessToken } = (await exchange.json()) as { access_token: string };
    expect((await api<Group>(service, accessToken, "GET", `${BASE}/${group.id}`)).body).toEqual(group);
    await expectProblem(
      await service.call("POST", BASE, { token: accessToken, body: { name: "no" } }),
      403,
      "insufficient_scope",
    );
  });

  test("another tenant's group answers exactly as a missing one (404) and is left untouched", async () => {
    const stranger = await service.token("stranger");
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const { op, method, route, body } of operations(group.id)) {
      if (
        op === "createSigningGroup" ||
        op === "listSigningGroups" ||
        op === "bulkDeleteSigningGroups" ||
        op === "resolveSigningGroups"
      )
        continue;
      const theirs = await service.call(method, route, { token: stranger, body });
      const absent = await service.call(method, route.replace(group.id, missing), { token: stranger, body });
      const [a, b] = [
        await expectProblem(theirs, 404, "not_found"),
        await expectProblem(absent, 404, "not_found"),
      ];
      expect({ op, detail: a.detail }).toEqual({ op, detail: b.detail });
    }
    const bulk = await api<{ results: { success: boolean; error: { code: string } | null }[] }>(
      service,
      stranger,
      "POST",
      `${BASE}/bulk-delete`,
      { ids: [group.id] },
    );
    expect(bulk.body.results[0]).toMatchObject({ success: false, error: { code: "not_found" } });
    const listed = await api<GroupList>(
      service,
      stranger,
      "GET",
      `${BASE}?search=${encodeURIComponent("a@example.com")}`,
    );
    expect(listed.body.items.map((g) => g.id)).not.toContain(group.id);
    const resolved = await api<{ items: { groups: unknown[] }[] }>(
      service,
      stranger,
      "POST",
      `${BASE}/resolve`,
      {
        emails: ["a@example.com"],
      },
    );
    expect(resolved.body.items[0]!.groups).toEqual([]);
    expect(await getGroup(service, owner, group.id)).toEqual(group);
    expect((await membersOf(service, owner, group.id)).map((m) => m.email)).toEqual(["a@example.com"]);
  });

  test("two tenants may hold groups of the same name and the same members, apart", async () => {
    const other = await service.token("twin-tenant");
    const theirs = await createGroup(service, other, {
      name: group.name,
      members: [{ email: "a@example.com" }],
    });
    await api(service, other, "POST", `${BASE}/${theirs.id}/members`, { email: "only-theirs@example.com" });
    expect((await getGroup(service, owner, group.id)).memberCount).toBe(1);
    expect((await api<GroupList>(service, owner, "GET", `${BASE}?search=only-theirs`)).body.totalCount).toBe(
      0,
    );
  });

  describe("the OpenAPI document", () => {
    interface Operation {
      operationId?: string;
      security?: Record<string, string[]>[];
      parameters?: { name: string; in: string; schema?: Record<string, unknown> }[];
      requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
      responses: Record<
        string,
        { content?: Record<string, { schema: { $ref?: string; items?: { $ref?: string } } }> }
      >;
    }
    let doc: {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, unknown> };
    };
    beforeAll(async () => {
      doc = (await (await fetch(`${service.url}/openapi/tenant-api.json`)).json()) as typeof doc;
    });
    const op = (path: string, method: string) => doc.paths[path]![method]!;
    const ref = (name: string) => expect.stringMatching(new RegExp(`(^|/)${name}#?$`));

    test("is valid OpenAPI 3", async () => {
      const result = await new Validator().validate(doc as unknown as Parameters<Validator["validate"]>[0]);
      expect(result.errors ?? []).toEqual([]);
    });

    test("describes the nine operations and resolve at their paths, each with the ApiKey scheme and its scope", async () => {
      const found: Record<string, string> = {};
      for (const [path, methods] of Object.entries(doc.paths)) {
        if (!path.startsWith(BASE)) continue;
        for (const [method, operation] of Object.entries(methods)) {
          found[operation.operationId!] = `${method.toUpperCase()} ${path}`;
          expect(operation.security).toContainEqual({ ApiKey: [] });
          expect(operation.security).toContainEqual({ Bearer: [] });
          const scope = method === "get" || path === `${BASE}/resolve` ? READ : WRITE;
          expect(operation.security).toContainEqual({ OAuth2: [scope] });
        }
      }
      expect(found).toEqual({
        createSigningGroup: `POST ${BASE}`,
        listSigningGroups: `GET ${BASE}`,
        getSigningGroup: `GET ${BASE}/{id}`,
        updateSigningGroup: `PUT ${BASE}/{id}`,
        deleteSigningGroup: `DELETE ${BASE}/{id}`,
        bulkDeleteSigningGroups: `POST ${BASE}/bulk-delete`,
        listSigningGroupMembers: `GET ${BASE}/{id}/members`,
        addSigningGroupMember: `POST ${BASE}/{id}/members`,
        removeSigningGroupMember: `DELETE ${BASE}/{id}/members/{email}`,
        resolveSigningGroups: `POST ${BASE}/resolve`,
      });
    });

    test("names the models of service.md §2 and uses them", async () => {
      expect(Object.keys(doc.components.schemas)).toEqual(
        expect.arrayContaining([
          "CreateSigningGroupApiRequest",
          "UpdateSigningGroupApiRequest",
          "AddSigningGroupMemberApiRequest",
          "SigningGroupMemberInputDto",
          "BulkDeleteApiRequest",
          "SigningGroupApiResponse",
          "SigningGroupListApiResponse",
          "SigningGroupMemberApiResponse",
          "BulkDeleteApiResponse",
          "BulkDeleteItemApiResponse",
        ]),
      );
      const json = (o: Operation, status: string) =>
        o.responses[status]!.content!["application/json"]!.schema;
      const body = (o: Operation) => o.requestBody!.content["application/json"]!.schema.$ref;
      expect(body(op(BASE, "post"))).toEqual(ref("CreateSigningGroupApiRequest"));
      expect(json(op(BASE, "post"), "201").$ref).toEqual(ref("SigningGroupApiResponse"));
      expect(json(op(BASE, "get"), "200").$ref).toEqual(ref("SigningGroupListApiResponse"));
      expect(json(op(`${BASE}/{id}`, "get"), "200").$ref).toEqual(ref("SigningGroupApiResponse"));
      expect(body(op(`${BASE}/{id}`, "put"))).toEqual(ref("UpdateSigningGroupApiRequest"));
      expect(body(op(`${BASE}/bulk-delete`, "post"))).toEqual(ref("BulkDeleteApiRequest"));
      expect(json(op(`${BASE}/bulk-delete`, "post"), "200").$ref).toEqual(ref("BulkDeleteApiResponse"));
      expect(json(op(`${BASE}/{id}/members`, "get"), "200").items?.$ref).toEqual(
        ref("SigningGroupMemberApiResponse"),
      );
      expect(body(op(`${BASE}/{id}/members`, "post"))).toEqual(ref("AddSigningGroupMemberApiRequest"));
      expect(json(op(`${BASE}/{id}/members`, "post"), "201").$ref).toEqual(
        ref("SigningGroupMemberApiResponse"),
      );
      expect(Object.keys(op(`${BASE}/{id}`, "delete").responses)).toContain("204");
      expect(json(op(`${BASE}/{id}`, "get"), "404").$ref).toEqual(ref("SignErrorResponse"));
    });

    test("documents the list query parameters", async () => {
      const parameters = op(BASE, "get").parameters!.filter((p) => p.in === "query");
      expect(parameters.map((p) => p.name).sort()).toEqual([
        "descending",
        "page",
        "pageSize",
        "search",
        "sortBy",
        "updatedSince",
      ]);
      const pageSize = parameters.find((p) => p.name === "pageSize")!.schema!;
      expect(pageSize).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 25 });
    });
  });
});
