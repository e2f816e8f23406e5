// Bad input of every kind on the package and signer routes (contract §6.1, §6.3): wrong types,
// unknown enum values, huge strings, control characters, ids of other packages. Every answer is a
// success or the documented error body (contract §3), never a 500. Both databases.
import fc from "fast-check";
import { newId } from "../../src/service/domain/tokens";
import { BACKENDS, startTestService, type TestService } from "./harness";

type Json = Record<string, unknown> & { id: string };
const P = "/api/v1/packages";
const CLIENT_ERRORS = new Set([
  "validation_failed",
  "invalid_state",
  "duplicate_signer",
  "not_supported",
  "not_your_turn",
  "not_found",
]);

/** Any JSON value a careless or hostile client might send in a field. */
const anything = (ids: string[]) =>
  fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n)),
    fc.string({ maxLength: 30 }),
    fc.string({ unit: "binary", maxLength: 30 }),
    fc.constantFrom(
      "",
      " ",
      "\u0000",
      "a\u0000b",
      "\ud800",
      "x".repeat(100_000),
      "2026-02-30T00:00:00Z",
      "2099-01-01T00:00:00Z",
      "1999-01-01T00:00:00Z",
      "00000000-0000-0000-0000-000000000000",
      "Signer",
      "signer",
      "AccessCode",
      "Sms",
      "Voided",
      "ada@contoso.com",
      ...ids,
    ),
    fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant(null)), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), {
      maxKeys: 3,
    }),
  );

describe.each(BACKENDS)("package and signer routes under bad input on %s", (backend) => {
  let service: TestService;
  let token: string;
  let foreign: { pkg: string; signer: string; group: string };
  beforeAll(async () => {
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    token = await service.token("fuzz");
    // Ids that exist but are another package's (same tenant) or another tenant's.
    const other = await service.token("fuzz-other");
    const theirs = (await call("POST", P, { name: "Theirs" }, other)).body;
    const theirSigner = (await call("POST", `${P}/${theirs.id}/signers`, { email: "x@y.com" }, other)).body;
    const group = (await call("POST", "/api/v1/signing-groups", { name: `G ${newId()}` })).body;
    foreign = { pkg: theirs.id, signer: theirSigner.id, group: group.id };
  });
  afterAll(() => service.close());

  async function call(method: string, route: string, body?: unknown, as = token) {
    const response = await service.call(method, route, { token: as, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
  }

  /** A success, or a documented client error with the full body; never a 5xx. */
  async function expectHandled(method: string, route: string, body: unknown) {
    const r = await call(method, route, body);
    if (r.status < 300 || r.status === 304) return r;
    const code = r.body?.code as string;
    expect({ route, status: r.status, code, known: CLIENT_ERRORS.has(code) }).toEqual({
      route,
      status: code === "not_found" ? 404 : 400,
      code,
      known: true,
    });
    expect(r.body).toMatchObject({ status: r.status, title: expect.any(String), detail: expect.any(String) });
    expect(r.body.traceId).toMatch(/^[0-9a-f]{32}$/);
    return r;
  }

  const PACKAGE_FIELDS = [
    "name",
    "emailSubject",
    "emailMessage",
    "enforceSigningOrder",
    "expirationDate",
    "scheduledSendOn",
    "source",
    "senderEmail",
    "senderName",
  ];
  const SIGNER_FIELDS = [
    "email",
    "name",
    "type",
    "routingOrder",
    "signingGroupId",
    "authMethod",
    "accessCode",
    "clientUserId",
    "roleName",
  ];

  test("create and update a package with any value in any field", async () => {
    const pkg = (await call("POST", P, { name: "Target" })).body;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PACKAGE_FIELDS),
        anything([foreign.pkg]),
        fc.boolean(),
        async (field, value, update) => {
          if (update) await expectHandled("PUT", `${P}/${pkg.id}`, { [field]: value });
          else await expectHandled("POST", P, { name: "Fuzzed", [field]: value });
        },
      ),
      { numRuns: 80 },
    );
  });

  test("list with any value in any query parameter", async () => {
    const params = [
      "page",
      "pageSize",
      "status",
      "search",
      "conversationId",
      "internetMessageId",
      "senderEmail",
      "includeArchived",
      "includeSigners",
      "updatedSince",
      "sortBy",
      "descending",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...params),
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom("%00", "x".repeat(2000), "-1", "1e9", "\u00e9"),
        ),
        async (param, value) => {
          await expectHandled("GET", `${P}?${param}=${encodeURIComponent(value)}`, undefined);
        },
      ),
      { numRuns: 60 },
    );
  });

  test("add, update and bulk-add signers with any value in any field", async () => {
    const pkg = (await call("POST", P, { name: "Signers" })).body;
    const signer = (await call("POST", `${P}/${pkg.id}/signers`, { email: "ada@contoso.com" })).body;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SIGNER_FIELDS),
        anything([foreign.signer, foreign.group, foreign.pkg]),
        fc.constantFrom("add", "update", "bulk"),
        async (field, value, how) => {
          const body = { email: `p${newId().slice(0, 8)}@contoso.com`, [field]: value };
          if (how === "add") await expectHandled("POST", `${P}/${pkg.id}/signers`, body);
          if (how === "update")
            await expectHandled("PUT", `${P}/${pkg.id}/signers/${signer.id}`, { [field]: value });
          if (how === "bulk") await expectHandled("POST", `${P}/${pkg.id}/signers/bulk`, { signers: [body] });
        },
      ),
      { numRuns: 80 },
    );
  });

  test("the other write routes with any body; ids of another package or tenant are unknown", async () => {
    const pkg = (await call("POST", P, { name: "Others" })).body;
    const signer = (await call("POST", `${P}/${pkg.id}/signers`, { email: "bob@contoso.com" })).body;
    const routes: [string, string, (v: unknown) => unknown][] = [
      ["PUT", `${P}/${pkg.id}/signers/reorder`, (v) => ({ order: [{ signerId: v, routingOrder: 2 }] })],
      [
        "PUT",
        `${P}/${pkg.id}/signers/reorder`,
        (v) => ({ order: [{ signerId: signer.id, routingOrder: v }] }),
      ],
      ["PUT", `${P}/${pkg.id}/signers/reorder`, (v) => ({ order: v })],
      ["POST", `${P}/${pkg.id}/void`, (v) => ({ reason: v })],
      ["PATCH", `${P}/${pkg.id}/reminders`, (v) => ({ enabled: true, firstAfterDays: v, everyDays: 2 })],
      ["PATCH", `${P}/${pkg.id}/reminders`, (v) => ({ enabled: v })],
      ["POST", `${P}/bulk-archive`, (v) => ({ ids: [v] })],
      ["POST", `${P}/bulk-delete`, (v) => ({ ids: v })],
      ["POST", `${P}/${pkg.id}/signers/${signer.id}/reassign`, (v) => ({ email: v, name: "N" })],
      ["POST", `${P}/${pkg.id}/signers/resend-bulk`, (v) => ({ signerIds: [v] })],
      ["POST", `${P}/${pkg.id}/send`, (v) => v],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: routes.length - 1 }),
        anything([foreign.signer, foreign.pkg, signer.id]),
        async (i, value) => {
          const [method, route, body] = routes[i]!;
          await expectHandled(method, route, body(value));
        },
      ),
      { numRuns: 80 },
    );
    // Another tenant's package and signer, named in paths, answer as missing ones.
    for (const [method, route] of [
      ["GET", `${P}/${foreign.pkg}`],
      ["POST", `${P}/${foreign.pkg}/clone`],
      ["GET", `${P}/${pkg.id}/signers/${foreign.signer}`],
      ["DELETE", `${P}/${pkg.id}/signers/${foreign.signer}`],
    ] as const) {
      expect((await expectHandled(method, route, undefined)).status).toBe(404);
    }
    const mixed = await expectHandled("POST", `${P}/bulk-delete`, { ids: [foreign.pkg, pkg.id] });
    expect(mixed.status).toBe(200);
    expect(mixed.body).toMatchObject({
      results: [
        { id: foreign.pkg, success: false, error: { code: "not_found" } },
        { id: pkg.id, success: true },
      ],
    });
  });
});
