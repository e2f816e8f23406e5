// resolveSigningGroups: which of the tenant's groups hold each recipient, in one request (issue 13,
// "First open of the Groups view"). Addresses follow a member's email rules and compare ignoring case.
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";
import { api, BASE, createGroup, type Group } from "./signing-groups.helpers";

interface Resolved {
  items: { email: string; groups: { id: string; name: string; memberCount: number }[] }[];
}

describe.each(BACKENDS)("resolveSigningGroups on %s", (backend) => {
  let service: TestService;
  let token: string;
  let sales: Group;
  let legal: Group;
  beforeAll(async () => {
    service = await startTestService(backend);
    token = await service.token("resolve");
    sales = await createGroup(service, token, {
      name: "Sales",
      members: [{ email: "Ann@Example.com" }, { email: "bob@example.com" }],
    });
    legal = await createGroup(service, token, {
      name: "legal",
      members: [{ email: "ann@example.com" }, { email: "carol@example.org" }, { email: "dan@example.org" }],
    });
  });
  afterAll(() => service.close());

  const resolve = (emails: unknown, as = token) =>
    api<Resolved>(service, as, "POST", `${BASE}/resolve`, { emails });
  const call = (body: unknown) => service.call("POST", `${BASE}/resolve`, { token, body });
  const brief = (g: Group) => ({ id: g.id, name: g.name, memberCount: g.memberCount });

  test("answers each address's groups, by name, one item per address in request order", async () => {
    const answer = await resolve(["ann@example.com", "carol@example.org", "bob@example.com"]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      items: [
        { email: "ann@example.com", groups: [brief(legal), brief(sales)] },
        { email: "carol@example.org", groups: [brief(legal)] },
        { email: "bob@example.com", groups: [brief(sales)] },
      ],
    });
  });

  test("compares addresses ignoring case (Unicode too), and answers each as given, trimmed", async () => {
    const accented = await createGroup(service, token, {
      name: "Accents",
      members: [{ email: "ÉLODIE@exemple.fr" }],
    });
    const answer = await resolve([" ANN@EXAMPLE.COM ", "élodie@EXEMPLE.fr"]);
    expect(answer.body.items).toEqual([
      { email: "ANN@EXAMPLE.COM", groups: [brief(legal), brief(sales)] },
      { email: "élodie@EXEMPLE.fr", groups: [brief(accented)] },
    ]);
  });

  test("an address in no group answers empty groups; a repeated one is answered at each position", async () => {
    const answer = await resolve(["nobody@example.com", "bob@example.com", "BOB@example.com"]);
    expect(answer.body.items).toEqual([
      { email: "nobody@example.com", groups: [] },
      { email: "bob@example.com", groups: [brief(sales)] },
      { email: "BOB@example.com", groups: [brief(sales)] },
    ]);
  });

  test("another tenant's groups never show, and the other tenant sees only its own", async () => {
    const other = await service.token("resolve-other");
    const theirs = await createGroup(service, other, {
      name: "Theirs",
      members: [{ email: "ann@example.com" }, { email: "erin@example.net" }],
    });
    expect((await resolve(["ann@example.com", "erin@example.net"])).body.items).toEqual([
      { email: "ann@example.com", groups: [brief(legal), brief(sales)] },
      { email: "erin@example.net", groups: [] },
    ]);
    expect((await resolve(["ANN@example.com"], other)).body.items).toEqual([
      { email: "ANN@example.com", groups: [brief(theirs)] },
    ]);
  });

  test("follows member changes: a removed member's group no longer shows, counts are current", async () => {
    const group = await createGroup(service, token, {
      name: "Changing",
      members: [{ email: "frank@example.com" }, { email: "gina@example.com" }],
    });
    const removed = await service.call("DELETE", `${BASE}/${group.id}/members/frank%40example.com`, {
      token,
    });
    expect(removed.status).toBe(204);
    expect((await resolve(["frank@example.com", "gina@example.com"])).body.items).toEqual([
      { email: "frank@example.com", groups: [] },
      { email: "gina@example.com", groups: [{ id: group.id, name: "Changing", memberCount: 1 }] },
    ]);
  });

  test("takes 500 addresses and refuses none or 501 (400 validation_failed on emails)", async () => {
    const many = Array.from({ length: 500 }, (_, i) => `person${i}@example.com`);
    many[499] = "bob@example.com";
    const answer = await resolve(many);
    expect(answer.status).toBe(200);
    expect(answer.body.items).toHaveLength(500);
    expect(answer.body.items[499]).toEqual({ email: "bob@example.com", groups: [brief(sales)] });
    expect(answer.body.items[0]).toEqual({ email: "person0@example.com", groups: [] });

    const none = await expectProblem(await call({ emails: [] }), 400, "validation_failed");
    expect(none.errors).toEqual([{ field: "emails", message: expect.stringContaining("1") }]);
    const tooMany = await expectProblem(
      await call({ emails: [...many, "one@more.com"] }),
      400,
      "validation_failed",
    );
    expect(tooMany.errors).toEqual([{ field: "emails", message: expect.stringContaining("500") }]);
  });

  test("a bad address is 400 validation_failed naming its position, and every bad one", async () => {
    const long = `${"a".repeat(60)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`;
    expect([...long].length).toBeGreaterThan(254);
    const problem = await expectProblem(
      await call({ emails: ["ann@example.com", "not an address", "", long, "x@y"] }),
      400,
      "validation_failed",
    );
    expect(problem.errors!.map((e) => e.field)).toEqual(["emails[1]", "emails[2]", "emails[3]", "emails[4]"]);
    expect(problem.errors![2]!.message).toContain("254");
  });

  test("a body without emails, or of the wrong types, is 400 naming the field", async () => {
    expect((await expectProblem(await call({}), 400, "validation_failed")).errors).toEqual([
      { field: "emails", message: "emails is required." },
    ]);
    expect(
      (await expectProblem(await call({ emails: "ann@example.com" }), 400, "validation_failed")).errors?.[0]
        ?.field,
    ).toBe("emails");
    expect(
      (await expectProblem(await call({ emails: ["ann@example.com", 5] }), 400, "validation_failed"))
        .errors?.[0]?.field,
    ).toBe("emails[1]");
  });
});
