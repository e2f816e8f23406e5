// Bulk send (contract §7) through HTTP on both databases: the job, its per-row results, the
// 1,000-row limit and bad input answering the documented errors (never a 500), retry-failed running
// the failed rows only, tenants and scopes. The crash test is in bulk-send-crash.test.ts.
import fc from "fast-check";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";
import {
  addTemplateDocument,
  caller,
  finished,
  JOBS,
  rowsFor,
  T,
  templateDocumentsBuilt,
  templateWithRoles,
  type Caller,
  type Json,
} from "./bulk-send.helpers";

const UNKNOWN = "3f2b8c1e-0000-4000-8000-000000000000";
/** Tests that need packages made from a template to be sendable, i.e. templates with documents. */
const withDocuments = templateDocumentsBuilt() ? test : test.skip;

describe.each(BACKENDS)("bulk send on %s", (backend) => {
  let service: TestService;
  let token: string;
  let other: string;
  let call: Caller;

  beforeAll(async () => {
    // A short tick: a job's rows start at once anyway (the request wakes the scheduler).
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "200" });
    token = await service.token("bulk");
    other = await service.token("bulk-other");
    call = caller(service.url, token);
  }, 180_000);
  afterAll(() => service.close());

  const packageCount = async (as = token) =>
    (await call<{ totalCount: number }>("GET", "/api/v1/packages?pageSize=1", undefined, as)).body.totalCount;

  test("bad requests answer the documented errors; 1 to 1,000 rows", async () => {
    const { template, client, witness } = await templateWithRoles(call);
    const send = (body: unknown, as: string | null = token, id = template.id) =>
      call("POST", `${T}/${id}/bulk-send`, body, as);

    const none = await expectProblem((await send({ rows: [] })).response, 400, "validation_failed");
    expect(none.errors![0]!.field).toBe("rows");
    const tooMany = await expectProblem(
      (await send({ rows: rowsFor({ client, witness }, 1_001) })).response,
      400,
      "validation_failed",
    );
    expect(tooMany.errors![0]!.field).toBe("rows");
    await expectProblem((await send({})).response, 400, "validation_failed");
    await expectProblem((await send({ rows: [{}] })).response, 400, "validation_failed");
    await expectProblem((await send({ rows: ["x"] })).response, 400, "validation_failed");
    await expectProblem(
      (await send({ rows: [{ [client]: "a@example.com" }] })).response,
      400,
      "validation_failed",
    );
    await expectProblem(
      (await send({ rows: [{ [client]: { email: 5 } }] })).response,
      400,
      "validation_failed",
    );
    await expectProblem(
      (await send({ rows: [{ [client]: { email: `${"a".repeat(250)}@example.com` } }] })).response,
      400,
      "validation_failed",
    );
    const longName = await expectProblem(
      (await send({ rows: rowsFor({ client, witness }, 1), name: "n".repeat(201) })).response,
      400,
      "validation_failed",
    );
    expect(longName.errors).toEqual([{ field: "name", message: "name must be at most 200 characters." }]);
    await expectProblem((await send("{not json")).response, 400, "validation_failed");
    await expectProblem(
      await fetch(`${service.url}${T}/${template.id}/bulk-send`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "text/plain" },
        body: "rows",
      }),
      415,
      "unsupported_media_type",
    );
    await expectProblem(
      (await send({ rows: rowsFor({ client, witness }, 1) }, null)).response,
      401,
      "unauthorized",
    );
    // Starting a job makes and sends packages: both scopes.
    for (const scopes of [["sign.package.create"], ["sign.package.send"], ["sign.package.read"]]) {
      const limited = await service.token("bulk", scopes);
      await expectProblem(
        (await send({ rows: rowsFor({ client, witness }, 1) }, limited)).response,
        403,
        "insufficient_scope",
      );
    }
    await expectProblem(
      (await send({ rows: rowsFor({ client, witness }, 1) }, token, UNKNOWN)).response,
      404,
      "not_found",
    );
    await expectProblem(
      (await send({ rows: rowsFor({ client, witness }, 1) }, token, "nope")).response,
      404,
      "not_found",
    );
    await expectProblem((await call("GET", `${JOBS}/nope`)).response, 404, "not_found");
    await expectProblem((await call("GET", `${JOBS}/${UNKNOWN}`)).response, 404, "not_found");
    await expectProblem((await call("POST", `${JOBS}/${UNKNOWN}/retry-failed`)).response, 404, "not_found");
    await expectProblem((await call("GET", `${JOBS}?pageSize=101`)).response, 400, "validation_failed");
    await expectProblem((await call("GET", `${JOBS}?templateId=x`)).response, 400, "validation_failed");
    expect(
      (await call("GET", JOBS, undefined, await service.token("bulk", ["sign.package.create"]))).status,
    ).toBe(403);

    // The limit itself: 1,000 rows are taken (202, every row Pending at first). In a tenant of its
    // own, whose packages the other tests do not count.
    const big = caller(service.url, await service.token("bulk-limit"));
    const bigTemplate = await templateWithRoles(big, "Big");
    const full = await big("POST", `${T}/${bigTemplate.template.id}/bulk-send`, {
      rows: rowsFor(bigTemplate, 1_000),
      name: "Offer",
    });
    expect(full.status).toBe(202);
    expect(full.response.headers.get("location")).toBe(`${JOBS}/${full.body.id}`);
    expect(full.body).toMatchObject({
      templateId: bigTemplate.template.id,
      name: "Offer",
      total: 1_000,
      succeeded: 0,
      failed: 0,
    });
    expect(full.body.items).toHaveLength(1_000);
    expect(full.body.items[999]).toMatchObject({ row: 1_000, packageId: null, error: null });
    // Its template gone, each row fails at once (not_found) instead of loading the machine under the
    // other tests with 1,000 packages made and rolled back.
    expect((await big("DELETE", `${T}/${bigTemplate.template.id}`)).status).toBe(204);
    const ended = await finished(big, full.body.id);
    expect(ended).toMatchObject({ status: "CompletedWithErrors", failed: 1_000 });
    // The first rows may have run before the delete (no document: validation_failed); the last did not.
    expect(ended.items[999]).toMatchObject({ status: "Failed", error: { code: "not_found" } });
  }, 120_000);

  test("a fuzz of request bodies: a documented answer, never a 500", async () => {
    const { template, client } = await templateWithRoles(call, "Fuzz");
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.record({
        email: fc.oneof(fc.string(), fc.emailAddress(), fc.integer()),
        name: fc.option(fc.string()),
      }),
    );
    const row = fc.dictionary(fc.oneof(fc.constant(client), fc.uuid(), fc.string()), value, { maxKeys: 3 });
    const body = fc.oneof(
      fc.record({ rows: fc.array(row, { maxLength: 4 }), name: fc.option(fc.string()) }),
      fc.record({ rows: fc.anything() }),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const r = await call("POST", `${T}/${template.id}/bulk-send`, JSON.stringify(b));
        expect([202, 400]).toContain(r.status);
        if (r.status === 400) await expectProblem(r.response, 400, "validation_failed");
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  test("rows whose people or package are wrong fail on their own, each with its error", async () => {
    const { template, client, witness } = await templateWithRoles(call, "Per row");
    if (templateDocumentsBuilt()) await addTemplateDocument(call, service.url, token, template.id);
    const good = rowsFor({ client, witness }, 1, "per-row")[0]!;
    const rows = [
      good,
      { ...good, [client]: { email: "not an address", name: "Client" } },
      { [client]: good[client]! }, // Witness left unfilled
      { ...good, [UNKNOWN]: { email: "x@example.com", name: "X" } },
      { ...good, [witness]: { ...good[client]! } }, // both roles the same person
    ];
    const before = await packageCount();
    const started = await call("POST", `${T}/${template.id}/bulk-send`, { rows });
    expect(started.status).toBe(202);
    expect(started.body.items.map((i: Json) => i.status)).toEqual(Array(5).fill("Pending"));
    const job = await finished(call, started.body.id);
    const items = job.items as Json[];
    expect(items.map((i) => i.row)).toEqual([1, 2, 3, 4, 5]);
    if (templateDocumentsBuilt()) {
      expect(job).toMatchObject({
        status: "CompletedWithErrors",
        total: 5,
        succeeded: 1,
        failed: 4,
        pending: 0,
      });
      expect(items[0]).toMatchObject({ status: "Sent", packageId: expect.any(String), error: null });
      const pkg = (await call("GET", `/api/v1/packages/${items[0]!.packageId}`)).body;
      expect(pkg).toMatchObject({ name: "Per row", status: "Sent" });
    } else {
      // Without template documents no package can be sent: the good row fails as send says why.
      expect(items[0]).toMatchObject({
        status: "Failed",
        packageId: null,
        error: {
          code: "validation_failed",
          message: expect.stringMatching(/^The package cannot be sent/),
          errors: expect.arrayContaining([{ field: "package", message: "The package has no document." }]),
        },
      });
    }
    expect(items[1]).toMatchObject({
      status: "Failed",
      packageId: null,
      error: { code: "validation_failed", errors: [{ field: `${client}.email` }] },
    });
    expect(items[2]).toMatchObject({
      status: "Failed",
      error: {
        code: "validation_failed",
        errors: [{ field: "row", message: expect.stringMatching(/Witness/) }],
      },
    });
    expect(items[3]).toMatchObject({
      status: "Failed",
      error: { code: "validation_failed", errors: [{ field: UNKNOWN }] },
    });
    expect(items[4]).toMatchObject({ status: "Failed", error: { code: "duplicate_signer" } });
    // A failed row leaves no package behind.
    expect(await packageCount()).toBe(before + (templateDocumentsBuilt() ? 1 : 0));
    expect(job.completedOn).toEqual(expect.any(String));
  }, 120_000);

  withDocuments(
    "retry-failed runs the failed rows only; sent rows are never sent again",
    async () => {
      const { template, client, witness } = await templateWithRoles(call, "Retry");
      await addTemplateDocument(call, service.url, token, template.id);
      const rows = rowsFor({ client, witness }, 6, "retry");
      // Rows 2 and 5 name a role the template does not have: they fail, however often retried.
      const extra = crypto.randomUUID();
      rows[1] = { ...rows[1]!, [extra]: { email: "extra@example.com", name: "Extra" } };
      rows[4] = { ...rows[4]!, [extra]: { email: "extra@example.com", name: "Extra" } };
      const before = await packageCount();
      const started = await call("POST", `${T}/${template.id}/bulk-send`, { rows });
      const first = await finished(call, started.body.id);
      expect(first).toMatchObject({ status: "CompletedWithErrors", succeeded: 4, failed: 2 });
      const sentBefore = (first.items as Json[])
        .filter((i) => i.status === "Sent")
        .map((i) => [i.row, i.packageId]);
      expect(await packageCount()).toBe(before + 4);

      // Still failing: retried, failed again; the sent rows keep their packages and none is made again.
      const again = await call("POST", `${JOBS}/${first.id}/retry-failed`);
      expect(again.status).toBe(202);
      expect(again.body).toMatchObject({
        status: "Queued",
        pending: 2,
        succeeded: 4,
        failed: 0,
        completedOn: null,
      });
      const second = await finished(call, first.id);
      expect(second).toMatchObject({ status: "CompletedWithErrors", succeeded: 4, failed: 2 });
      expect(
        (second.items as Json[]).filter((i) => i.status === "Sent").map((i) => [i.row, i.packageId]),
      ).toEqual(sentBefore);
      expect(await packageCount()).toBe(before + 4);

      expect((second.items as Json[]).filter((i) => i.status === "Failed").map((i) => i.row)).toEqual([2, 5]);

      // A job without failed rows is answered as it is.
      const clean = await call("POST", `${T}/${template.id}/bulk-send`, {
        rows: rowsFor({ client, witness }, 2, "clean"),
      });
      const done = await finished(call, clean.body.id);
      expect(done.status).toBe("Completed");
      const noop = await call("POST", `${JOBS}/${done.id}/retry-failed`);
      expect(noop.status).toBe(202);
      expect(noop.body).toMatchObject({ status: "Completed", succeeded: 2, failed: 0 });
    },
    120_000,
  );

  withDocuments(
    "retry-failed: rows that failed for the template's fault succeed once it is fixed",
    async () => {
      const { template, client, witness } = await templateWithRoles(call, "Fix");
      // A third role nobody fills: every row fails (a role left unfilled) until it is removed.
      const third = (await call("POST", `${T}/${template.id}/roles`, { name: "Notary", routingOrder: 3 }))
        .body;
      await addTemplateDocument(call, service.url, token, template.id);
      const started = await call("POST", `${T}/${template.id}/bulk-send`, {
        rows: rowsFor({ client, witness }, 3, "fix"),
      });
      const first = await finished(call, started.body.id);
      expect(first).toMatchObject({ status: "CompletedWithErrors", succeeded: 0, failed: 3 });
      expect((await call("DELETE", `${T}/${template.id}/roles/${third.id}`)).status).toBe(204);
      await call("POST", `${JOBS}/${first.id}/retry-failed`);
      const second = await finished(call, first.id);
      expect(second).toMatchObject({ status: "Completed", succeeded: 3, failed: 0 });
      expect(new Set((second.items as Json[]).map((i) => i.packageId)).size).toBe(3);
    },
    120_000,
  );

  test("tenants: another tenant's template, jobs and retries answer as missing ones", async () => {
    const { template, client, witness } = await templateWithRoles(call, "Mine");
    const started = await call("POST", `${T}/${template.id}/bulk-send`, {
      rows: rowsFor({ client, witness }, 2, "t"),
    });
    expect(started.status).toBe(202);
    const job = started.body;
    const theirs = caller(service.url, other);
    await expectProblem(
      (await theirs("POST", `${T}/${template.id}/bulk-send`, { rows: rowsFor({ client, witness }, 1) }))
        .response,
      404,
      "not_found",
    );
    await expectProblem((await theirs("GET", `${JOBS}/${job.id}`)).response, 404, "not_found");
    await expectProblem((await theirs("POST", `${JOBS}/${job.id}/retry-failed`)).response, 404, "not_found");
    expect((await theirs<{ items: Json[] }>("GET", JOBS)).body.items.map((j) => j.id)).not.toContain(job.id);
    await finished(call, job.id);

    // The list: newest first, without rows, by template, in pages.
    const list = (
      await call<{ items: Json[]; totalCount: number }>("GET", `${JOBS}?templateId=${template.id}`)
    ).body;
    expect(list.items.map((j) => j.id)).toEqual([job.id]);
    expect(list.items[0]).not.toHaveProperty("items");
    expect(list.items[0]).toMatchObject({ total: 2, pending: 0 });
    const all = (
      await call<{ items: Json[]; totalCount: number; totalPages: number }>("GET", `${JOBS}?pageSize=1`)
    ).body;
    expect(all.items).toHaveLength(1);
    expect(all.totalPages).toBe(all.totalCount);
  }, 120_000);
});
