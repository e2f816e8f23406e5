// Templates (contract §7) through HTTP on both databases: create, get, list, update, delete, bulk
// delete; roles (add, list in routing order, update, remove, reorder); tenants, scopes and bad input
// answering the documented error (a fuzz: never a 500).
import fc from "fast-check";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";

type Json = Record<string, unknown> & { id: string };
const T = "/api/v1/templates";
const UNKNOWN = "3f2b8c1e-0000-4000-8000-000000000000";

describe.each(BACKENDS)("templates on %s", (backend) => {
  let service: TestService;
  let token: string;
  let other: string;

  beforeAll(async () => {
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    token = await service.token("templates");
    other = await service.token("templates-other");
  }, 180_000);
  afterAll(() => service.close());

  async function call<T = Json>(method: string, route: string, body?: unknown, as: string | null = token) {
    const response = await service.call(method, route, as === null ? { body } : { token: as, body });
    const copy = response.clone();
    const text = await copy.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, response };
  }

  test("create, get, list (newest first, search, pages), update, delete", async () => {
    const a = await call("POST", T, { name: "  NDA  ", description: "Mutual\nnon-disclosure" });
    expect(a.status).toBe(201);
    expect(a.response.headers.get("location")).toBe(`${T}/${a.body.id}`);
    expect(a.body).toMatchObject({
      name: "NDA",
      description: "Mutual\nnon-disclosure",
      roleCount: 0,
      documentCount: 0,
    });
    const b = (await call("POST", T, { name: "Lease" })).body;
    expect(b.description).toBeNull();
    expect((await call("GET", `${T}/${a.body.id}`)).body).toEqual(a.body);
    expect((await call("GET", `${T}/${a.body.id.toUpperCase()}`)).status).toBe(200);

    const list = (await call<{ items: Json[]; totalCount: number }>("GET", `${T}?pageSize=100`)).body;
    const names = list.items.map((t) => t.name);
    expect(names.indexOf("Lease")).toBeLessThan(names.indexOf("NDA"));
    expect((await call<{ items: Json[] }>("GET", `${T}?search=nd`)).body.items.map((t) => t.name)).toContain(
      "NDA",
    );
    expect((await call<{ items: Json[] }>("GET", `${T}?search=%25`)).body.items).toEqual([]);
    const page = (await call<{ items: Json[]; totalPages: number }>("GET", `${T}?pageSize=1&page=2`)).body;
    expect(page.items).toHaveLength(1);
    expect(page.totalPages).toBeGreaterThanOrEqual(2);

    const updated = await call("PUT", `${T}/${b.id}`, { description: "Residential", name: null });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Lease", description: "Residential" });
    expect((updated.body.updatedOn as string) > (b.updatedOn as string)).toBe(true);

    expect((await call("DELETE", `${T}/${b.id}`)).status).toBe(204);
    await expectProblem((await call("GET", `${T}/${b.id}`)).response, 404, "not_found");
    await expectProblem((await call("DELETE", `${T}/${b.id}`)).response, 404, "not_found");
  });

  test("roles: added, listed in routing order, updated, reordered, removed; names unique in any case", async () => {
    const t = (await call("POST", T, { name: "Offer" })).body;
    const add = (body: unknown) => call("POST", `${T}/${t.id}/roles`, body);
    const client = await add({ name: "Client", routingOrder: 2 });
    expect(client.status).toBe(201);
    expect(client.body).toMatchObject({ name: "Client", routingOrder: 2, type: "Signer" });
    const agent = (await add({ name: "Agent", type: "approver" })).body;
    expect(agent).toMatchObject({ routingOrder: 1, type: "Approver" });
    const copy = (await add({ name: "Office", routingOrder: 2, type: "CarbonCopy" })).body;
    const dup = await expectProblem((await add({ name: "CLIENT" })).response, 400, "validation_failed");
    expect(dup.errors).toEqual([{ field: "name", message: expect.stringMatching(/already/) }]);

    const roles = async () => (await call<Json[]>("GET", `${T}/${t.id}/roles`)).body.map((r) => r.name);
    expect(await roles()).toEqual(["Agent", "Client", "Office"]);
    expect((await call("GET", `${T}/${t.id}`)).body.roleCount).toBe(3);

    const renamed = await call("PUT", `${T}/${t.id}/roles/${client.body.id}`, { name: "Buyer" });
    expect(renamed.body).toMatchObject({ name: "Buyer", routingOrder: 2, type: "Signer" });

    const reordered = await call<Json[]>("PUT", `${T}/${t.id}/roles/reorder`, {
      order: [
        { roleId: agent.id, routingOrder: 3 },
        { roleId: copy.id, routingOrder: 1 },
      ],
    });
    expect(reordered.body.map((r) => [r.name, r.routingOrder])).toEqual([
      ["Office", 1],
      ["Buyer", 2],
      ["Agent", 3],
    ]);
    // All or none: one unknown role leaves every order as it was.
    const bad = await call("PUT", `${T}/${t.id}/roles/reorder`, {
      order: [
        { roleId: agent.id, routingOrder: 1 },
        { roleId: UNKNOWN, routingOrder: 2 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ field: "order[1].roleId" }] });
    expect(await roles()).toEqual(["Office", "Buyer", "Agent"]);

    expect((await call("DELETE", `${T}/${t.id}/roles/${copy.id}`)).status).toBe(204);
    await expectProblem((await call("DELETE", `${T}/${t.id}/roles/${copy.id}`)).response, 404, "not_found");
    expect(await roles()).toEqual(["Buyer", "Agent"]);
    // Deleting the template takes its roles.
    expect((await call("DELETE", `${T}/${t.id}`)).status).toBe(204);
    await expectProblem((await call("GET", `${T}/${t.id}/roles`)).response, 404, "not_found");
  });

  test("bulk delete: 1 to 50 ids, each deleted or failing on its own", async () => {
    const x = (await call("POST", T, { name: "X" })).body;
    const y = (await call("POST", T, { name: "Y" })).body;
    const theirs = (await call("POST", T, { name: "Theirs" }, other)).body;
    const r = await call<{ results: Json[]; successCount: number; failureCount: number }>(
      "POST",
      `${T}/bulk-delete`,
      { ids: [x.id, y.id, theirs.id, "nope"] },
    );
    expect(r.status).toBe(200);
    expect(r.body.results.map((i) => [i.id, i.success])).toEqual([
      [x.id, true],
      [y.id, true],
      [theirs.id, false],
      ["nope", false],
    ]);
    expect([r.body.successCount, r.body.failureCount]).toEqual([2, 2]);
    expect((await call("GET", `${T}/${theirs.id}`, undefined, other)).status).toBe(200);
    await expectProblem(
      (await call("POST", `${T}/bulk-delete`, { ids: [] })).response,
      400,
      "validation_failed",
    );
    const many = Array.from({ length: 51 }, () => UNKNOWN);
    await expectProblem(
      (await call("POST", `${T}/bulk-delete`, { ids: many })).response,
      400,
      "validation_failed",
    );
  });

  test("tenants and scopes: another tenant's template is unknown; reads need sign.template.read, writes sign.package.create", async () => {
    const mine = (await call("POST", T, { name: "Private" })).body;
    const role = (await call("POST", `${T}/${mine.id}/roles`, { name: "Signer 1" })).body;
    for (const [method, route, body] of [
      ["GET", `${T}/${mine.id}`],
      ["PUT", `${T}/${mine.id}`, { name: "Mine now" }],
      ["DELETE", `${T}/${mine.id}`],
      ["GET", `${T}/${mine.id}/roles`],
      ["POST", `${T}/${mine.id}/roles`, { name: "Intruder" }],
      ["PUT", `${T}/${mine.id}/roles/${role.id}`, { name: "Intruder" }],
      ["DELETE", `${T}/${mine.id}/roles/${role.id}`],
      ["PUT", `${T}/${mine.id}/roles/reorder`, { order: [{ roleId: role.id, routingOrder: 2 }] }],
    ] as [string, string, unknown?][]) {
      await expectProblem((await call(method, route, body, other)).response, 404, "not_found");
    }
    expect(
      (await call<{ items: Json[] }>("GET", `${T}?pageSize=100`, undefined, other)).body.items.map(
        (t) => t.name,
      ),
    ).not.toContain("Private");
    expect((await call("GET", `${T}/${mine.id}`)).body).toMatchObject({ name: "Private", roleCount: 1 });

    const readOnly = await service.token("templates", ["sign.template.read"]);
    const packagesOnly = await service.token("templates", ["sign.package.read", "sign.package.create"]);
    expect((await call("GET", `${T}/${mine.id}`, undefined, readOnly)).status).toBe(200);
    await expectProblem(
      (await call("POST", T, { name: "No" }, readOnly)).response,
      403,
      "insufficient_scope",
    );
    await expectProblem((await call("GET", T, undefined, packagesOnly)).response, 403, "insufficient_scope");
    await expectProblem((await call("GET", T, undefined, null)).response, 401, "unauthorized");
  });

  test("bad input answers the documented error naming the field", async () => {
    const t = (await call("POST", T, { name: "Inputs" })).body;
    const cases: [string, string, unknown, number, string, string | null][] = [
      ["POST", T, {}, 400, "validation_failed", "name"],
      ["POST", T, { name: "   " }, 400, "validation_failed", "name"],
      ["POST", T, { name: "x".repeat(201) }, 400, "validation_failed", "name"],
      ["POST", T, { name: "a\u0000b" }, 400, "validation_failed", "name"],
      ["POST", T, { name: 5 }, 400, "validation_failed", "name"],
      ["POST", T, { name: "ok", description: "d".repeat(2001) }, 400, "validation_failed", "description"],
      ["PUT", `${T}/${t.id}`, { name: "" }, 400, "validation_failed", "name"],
      ["GET", `${T}/not-an-id`, undefined, 404, "not_found", null],
      ["GET", `${T}?pageSize=101`, undefined, 400, "validation_failed", "pageSize"],
      ["GET", `${T}?page=0`, undefined, 400, "validation_failed", "page"],
      ["POST", `${T}/${t.id}/roles`, {}, 400, "validation_failed", "name"],
      [
        "POST",
        `${T}/${t.id}/roles`,
        { name: "R", routingOrder: 0 },
        400,
        "validation_failed",
        "routingOrder",
      ],
      [
        "POST",
        `${T}/${t.id}/roles`,
        { name: "R", routingOrder: 101 },
        400,
        "validation_failed",
        "routingOrder",
      ],
      ["POST", `${T}/${t.id}/roles`, { name: "R", type: "Boss" }, 400, "validation_failed", "type"],
      ["PUT", `${T}/${t.id}/roles/${UNKNOWN}`, { name: "R" }, 404, "not_found", null],
      ["PUT", `${T}/${t.id}/roles/reorder`, { order: [] }, 400, "validation_failed", "order"],
      [
        "PUT",
        `${T}/${t.id}/roles/reorder`,
        { order: [{ roleId: UNKNOWN, routingOrder: 1 }] },
        400,
        "validation_failed",
        "order[0].roleId",
      ],
      ["POST", `${T}/${UNKNOWN}/roles`, { name: "R" }, 404, "not_found", null],
    ];
    for (const [method, route, body, status, code, field] of cases) {
      const problem = await expectProblem((await call(method, route, body)).response, status, code);
      if (field !== null) expect(problem.errors?.map((e) => e.field)).toContain(field);
    }
    // At most 100 roles.
    for (let i = 0; i < 100; i++) {
      expect(
        (await call("POST", `${T}/${t.id}/roles`, { name: `Role ${i}`, routingOrder: (i % 100) + 1 })).status,
      ).toBe(201);
    }
    const full = await expectProblem(
      (await call("POST", `${T}/${t.id}/roles`, { name: "One more" })).response,
      400,
      "validation_failed",
    );
    expect(full.detail).toMatch(/at most 100 roles/);
  }, 120_000);

  test("a fuzz of template and role bodies: a success or the documented error, never a 500", async () => {
    const t = (await call("POST", T, { name: "Fuzz" })).body;
    const anything = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer({ min: -5, max: 200 }),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom("Signer", "approver", "CarbonCopy", "\u0007", " "),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom("name", "description", "x"), anything),
        fc.dictionary(fc.constantFrom("name", "routingOrder", "type"), anything),
        async (template, role) => {
          for (const r of [
            await call("POST", T, template),
            await call("PUT", `${T}/${t.id}`, template),
            await call("POST", `${T}/${t.id}/roles`, role),
          ]) {
            expect([200, 201, 400]).toContain(r.status);
            if (r.status === 400) {
              expect(r.body).toMatchObject({
                code: "validation_failed",
                traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
              });
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  test("use: each role filled with a person or a signing group becomes a signer; all or nothing; send needs a sendable package", async () => {
    const t = (await call("POST", T, { name: "Engagement" })).body;
    const agent = (
      await call("POST", `${T}/${t.id}/roles`, { name: "Agent", routingOrder: 2, type: "Approver" })
    ).body;
    const client = (await call("POST", `${T}/${t.id}/roles`, { name: "Client" })).body;
    const group = (
      await call("POST", "/api/v1/signing-groups", { name: "Agents", members: [{ email: "a1@contoso.com" }] })
    ).body;
    const packages = async () =>
      (await call<{ items: Json[] }>("GET", "/api/v1/packages?pageSize=100")).body.items.length;
    const before = await packages();

    const used = await call("POST", `${T}/${t.id}/use`, {
      roles: [
        { roleId: agent.id, signingGroupId: group.id },
        { roleId: client.id.toUpperCase(), email: "kim@contoso.com", name: "Kim" },
      ],
    });
    expect(used.status).toBe(201);
    expect(used.body).toMatchObject({ name: "Engagement", status: "Draft", signerCount: 2 });
    const signers = (
      await call<Json[] | { items: Json[] }>("GET", `/api/v1/packages/${used.body.id}/signers`)
    ).body;
    const list = (Array.isArray(signers) ? signers : signers.items) as Json[];
    expect(
      list
        .map((x) => [x.roleName, x.email, x.signingGroupId, x.type, x.routingOrder])
        .sort((a, b) => Number(a[4]) - Number(b[4])),
    ).toEqual([
      ["Client", "kim@contoso.com", null, "Signer", 1],
      ["Agent", null, group.id, "Approver", 2],
    ]);
    expect(await packages()).toBe(before + 1);

    // Refusals leave nothing behind.
    const refusals: [unknown, number, string, string | null][] = [
      [{ roles: [{ roleId: client.id, email: "kim@contoso.com" }] }, 400, "validation_failed", "roles"],
      [{ roles: [{ roleId: UNKNOWN, email: "x@contoso.com" }] }, 400, "validation_failed", "roles[0].roleId"],
      [
        {
          roles: [
            { roleId: client.id, email: "kim@contoso.com" },
            { roleId: client.id, email: "lee@contoso.com" },
          ],
        },
        400,
        "validation_failed",
        "roles[1].roleId",
      ],
      [
        {
          roles: [
            { roleId: agent.id, email: "SAME@contoso.com" },
            { roleId: client.id, email: "same@contoso.com" },
          ],
        },
        400,
        "duplicate_signer",
        null,
      ],
      [
        {
          roles: [
            { roleId: agent.id, email: "not an address" },
            { roleId: client.id, email: "ok@contoso.com" },
          ],
        },
        400,
        "validation_failed",
        "roles[0].email",
      ],
      [
        {
          send: true,
          roles: [
            { roleId: agent.id, email: "a@contoso.com" },
            { roleId: client.id, email: "c@contoso.com" },
          ],
        },
        400,
        "validation_failed",
        null,
      ],
      [{ roles: "all" }, 400, "validation_failed", "roles"],
    ];
    for (const [body, status, code, field] of refusals) {
      const problem = await expectProblem(
        (await call("POST", `${T}/${t.id}/use`, body)).response,
        status,
        code,
      );
      if (field !== null) expect(problem.errors?.map((e) => e.field)).toContain(field);
    }
    expect(await packages()).toBe(before + 1);

    // Another tenant's template is unknown; its group is not ours to use.
    const fill = {
      roles: [
        { roleId: agent.id, email: "a@contoso.com" },
        { roleId: client.id, email: "c@contoso.com" },
      ],
    };
    await expectProblem((await call("POST", `${T}/${t.id}/use`, fill, other)).response, 404, "not_found");
    const theirGroup = (
      await call(
        "POST",
        "/api/v1/signing-groups",
        { name: "Theirs", members: [{ email: "t@fabrikam.com" }] },
        other,
      )
    ).body;
    const foreign = await call("POST", `${T}/${t.id}/use`, {
      roles: [
        { roleId: agent.id, signingGroupId: theirGroup.id },
        { roleId: client.id, email: "c@contoso.com" },
      ],
    });
    // One error, on the role's group, in the request's names: not also "email is required" (the
    // pane showed both, the second naming signers[0]).
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body)).not.toContain("signers[");
    expect(foreign.body.errors).toEqual([
      { field: "roles[0].signingGroupId", message: `No signing group ${theirGroup.id as string} exists.` },
    ]);
    expect(await packages()).toBe(before + 1);
    // send needs sign.package.send.
    const createOnly = await service.token("templates", ["sign.package.create"]);
    await expectProblem(
      (await call("POST", `${T}/${t.id}/use`, { ...fill, send: true }, createOnly)).response,
      403,
      "insufficient_scope",
    );
    expect((await call("POST", `${T}/${t.id}/use`, fill, createOnly)).status).toBe(201);
  });
});
