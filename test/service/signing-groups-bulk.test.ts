// bulkDeleteSigningGroups: service.md §4.1 rule 7, §7 and §8; contract §4 (results in request order,
// a repeated id fails the second time, truthful results when requests race).
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";
import { api, BASE, createGroup, getGroup, MISSING_ID, people, type Group } from "./signing-groups.helpers";

interface BulkResult {
  results: { id: string; success: boolean; error: { code: string; message: string } | null }[];
  successCount: number;
  failureCount: number;
}

describe.each(BACKENDS)("bulkDeleteSigningGroups on %s", (backend) => {
  let service: TestService;
  let token: string;
  beforeAll(async () => {
    service = await startTestService(backend);
    token = await service.token("bulk");
  });
  afterAll(() => service.close());

  const bulk = (ids: unknown, as = token) =>
    api<BulkResult>(service, as, "POST", `${BASE}/bulk-delete`, { ids });
  const bulk$ = (body: unknown) => service.call("POST", `${BASE}/bulk-delete`, { token, body });
  const make = async (n: number, prefix: string) => {
    const made: Group[] = [];
    for (let i = 0; i < n; i++) made.push(await createGroup(service, token, { name: `${prefix} ${i}` }));
    return made;
  };
  const exists = async (id: string) => (await service.call("GET", `${BASE}/${id}`, { token })).status === 200;

  test("rule 7: deletes each group and answers BulkDeleteApiResponse, one result per id", async () => {
    const [a, b] = await make(2, "bulk");
    const answer = await bulk([a!.id, b!.id]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      results: [
        { id: a!.id, success: true, error: null },
        { id: b!.id, success: true, error: null },
      ],
      successCount: 2,
      failureCount: 0,
    });
    expect(await exists(a!.id)).toBe(false);
    expect(await exists(b!.id)).toBe(false);
  });

  test("rule 7 / §7: a group that is not found is a per-item not_found failure, in request order, and the rest still go", async () => {
    const [a, b] = await make(2, "mixed");
    const answer = await bulk([MISSING_ID, a!.id, MISSING_ID.replace(/0$/, "1"), b!.id]);
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((r) => [r.id, r.success, r.error?.code ?? null])).toEqual([
      [MISSING_ID, false, "not_found"],
      [a!.id, true, null],
      [MISSING_ID.replace(/0$/, "1"), false, "not_found"],
      [b!.id, true, null],
    ]);
    expect(answer.body.results[0]!.error!.message).toEqual(expect.any(String));
    expect(answer.body).toMatchObject({ successCount: 2, failureCount: 2 });
  });

  test("contract §4 (ids: uuid[]): an id that is no UUID makes the request malformed, naming its position; nothing is deleted", async () => {
    const [a] = await make(1, "malformed");
    const response = await service.call("POST", "/api/v1/signing-groups/bulk-delete", {
      token,
      body: { ids: [a!.id, MISSING_ID, "not-a-uuid", "", a!.id.slice(0, 35)] },
    });
    const body = await expectProblem(response, 400, "validation_failed");
    expect(body.errors).toEqual([
      { field: "ids[2]", message: expect.stringContaining('"not-a-uuid" is not a signing group id') },
      { field: "ids[3]", message: expect.stringContaining("is not a signing group id") },
      { field: "ids[4]", message: expect.stringContaining("is not a signing group id") },
    ]);
    expect(await exists(a!.id)).toBe(true);
  });

  test("contract §4: a repeated id succeeds once and fails as not_found the second time", async () => {
    const [a] = await make(1, "repeat");
    const answer = await bulk([a!.id, a!.id.toUpperCase(), a!.id]);
    expect(answer.body.results.map((r) => [r.success, r.error?.code ?? null])).toEqual([
      [true, null],
      [false, "not_found"],
      [false, "not_found"],
    ]);
    expect(answer.body.results.map((r) => r.id)).toEqual([a!.id, a!.id.toUpperCase(), a!.id]);
    expect(answer.body).toMatchObject({ successCount: 1, failureCount: 2 });
  });

  test("an id that was already deleted fails as not_found", async () => {
    const [a] = await make(1, "already");
    expect((await service.call("DELETE", `${BASE}/${a!.id}`, { token })).status).toBe(204);
    expect((await bulk([a!.id])).body.results[0]).toEqual({
      id: a!.id,
      success: false,
      error: expect.objectContaining({ code: "not_found" }),
    });
  });

  test("rule 6/7: deleting a group takes its members with it", async () => {
    const group = await createGroup(service, token, {
      name: "With members",
      members: people(5, "bulkmember"),
    });
    expect((await bulk([group.id])).body.successCount).toBe(1);
    await expectProblem(
      await service.call("GET", `${BASE}/${group.id}/members`, { token }),
      404,
      "not_found",
    );
    const search = await api<{ totalCount: number }>(service, token, "GET", `${BASE}?search=bulkmember0`);
    expect(search.body.totalCount).toBe(0);
  });

  test("§8: 50 ids are accepted", async () => {
    const made = await make(50, "fifty");
    const answer = await bulk(made.map((g) => g.id));
    expect(answer.body).toMatchObject({ successCount: 50, failureCount: 0 });
    expect(answer.body.results.map((r) => r.id)).toEqual(made.map((g) => g.id));
  });

  test("§7 / §8: fewer than 1 or more than 50 ids is 400 naming ids, and deletes nothing", async () => {
    const [keep] = await make(1, "kept");
    const none = await expectProblem(await bulk$({ ids: [] }), 400, "validation_failed");
    expect(none.errors).toEqual([{ field: "ids", message: expect.stringContaining("1") }]);
    const ids = [keep!.id, ...Array.from({ length: 50 }, () => MISSING_ID)];
    const many = await expectProblem(await bulk$({ ids }), 400, "validation_failed");
    expect(many.errors).toEqual([{ field: "ids", message: expect.stringContaining("50") }]);
    expect(await exists(keep!.id)).toBe(true);
  });

  test("a body without ids, or ids of the wrong type, is 400 naming the field", async () => {
    expect((await expectProblem(await bulk$({}), 400, "validation_failed")).errors).toEqual([
      { field: "ids", message: "ids is required." },
    ]);
    expect(
      (await expectProblem(await bulk$({ ids: "abc" }), 400, "validation_failed")).errors?.[0]?.field,
    ).toBe("ids");
    expect(
      (await expectProblem(await bulk$({ ids: [1] }), 400, "validation_failed")).errors?.[0]?.field,
    ).toBe("ids[0]");
  });

  test("another tenant's group fails as not_found and survives", async () => {
    const other = await service.token("bulk-other");
    const theirs = await createGroup(service, other, { name: "Not yours" });
    const answer = await bulk([theirs.id]);
    expect(answer.body.results[0]).toMatchObject({ success: false, error: { code: "not_found" } });
    expect(await getGroup(service, other, theirs.id)).toEqual(theirs);
  });

  test("racing bulk deletes of the same ids: each id succeeds exactly once in all", async () => {
    const made = await make(30, "race");
    const ids = made.map((g) => g.id);
    const shuffled = (seed: number) =>
      [...ids].sort(
        (a, b) => (a.charCodeAt(seed) ^ seed) - (b.charCodeAt(seed) ^ seed) || a.localeCompare(b),
      );
    const answers = await Promise.all([
      bulk(ids),
      bulk([...ids].reverse()),
      bulk(shuffled(3)),
      bulk(shuffled(9)),
    ]);
    const successes = new Map<string, number>();
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.results).toHaveLength(30);
      expect(answer.body.successCount + answer.body.failureCount).toBe(30);
      for (const r of answer.body.results) {
        if (r.success) successes.set(r.id, (successes.get(r.id) ?? 0) + 1);
        else expect(r.error?.code).toBe("not_found");
      }
    }
    expect([...successes.values()]).toEqual(Array(30).fill(1));
    expect(answers.reduce((sum, a) => sum + a.body.successCount, 0)).toBe(30);
    for (const id of ids) expect(await exists(id)).toBe(false);
  });

  test("a bulk delete racing single deletes: each group is reported deleted by exactly one of them", async () => {
    const made = await make(10, "mixed race");
    const ids = made.map((g) => g.id);
    const [bulkAnswer, ...singles] = await Promise.all([
      bulk(ids),
      ...ids.map((id) => service.call("DELETE", `${BASE}/${id}`, { token })),
    ]);
    for (const [i, single] of singles.entries()) {
      const bulkSaysDeleted = bulkAnswer!.body.results[i]!.success;
      expect({ id: ids[i], single: single.status, bulk: bulkSaysDeleted }).toEqual({
        id: ids[i],
        single: bulkSaysDeleted ? 404 : 204,
        bulk: bulkSaysDeleted,
      });
    }
  });
});
