// Signing-group members: list, add, remove (service.md §4.1 rules 8 to 10, §7; contract §4), the
// member limit, updatedOn and memberCount, URL-encoded emails and concurrent changes.
import { newId } from "../../src/service/domain/tokens";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";
import {
  api,
  BASE,
  createGroup,
  getGroup,
  ISO_UTC,
  membersOf,
  MISSING_ID,
  people,
  sleep,
  type Group,
  type Member,
} from "./signing-groups.helpers";

describe.each(BACKENDS)("signing-group members on %s", (backend) => {
  let service: TestService;
  let token: string;
  beforeAll(async () => {
    service = await startTestService(backend);
    token = await service.token("members");
  });
  afterAll(() => service.close());

  const call = <T = unknown>(method: string, route: string, body?: unknown) =>
    api<T>(service, token, method, route, body);
  const call$ = (method: string, route: string, body?: unknown) =>
    service.call(method, route, { token, body });
  const add = (id: string, email: string, name?: string) =>
    call<Member>("POST", `${BASE}/${id}/members`, name === undefined ? { email } : { email, name });
  const remove = (id: string, encodedEmail: string) =>
    call$("DELETE", `${BASE}/${id}/members/${encodedEmail}`);

  /** A group of this tenant holding `count` members, put straight into storage (the HTTP path is tested elsewhere). */
  async function seededGroup(count: number): Promise<Group> {
    const me = (await call<{ tenantId: string }>("GET", "/api/v1/me")).body;
    const id = newId();
    const now = new Date().toISOString();
    await service.storage.transaction((s) =>
      s.signingGroups.insertGroup(
        {
          id,
          tenantId: me.tenantId,
          name: `Seeded ${count}`,
          nameKey: `seeded ${count}`,
          description: null,
          descriptionKey: "",
          createdOn: now,
        },
        people(count, "seed").map((p) => ({ email: p.email, emailKey: p.email, name: null, addedOn: now })),
      ),
    );
    return getGroup(service, token, id);
  }

  describe("listSigningGroupMembers", () => {
    test("rule 8: answers every member, oldest first, as SigningGroupMemberApiResponse", async () => {
      const group = await createGroup(service, token, {
        name: "Listed",
        members: [{ email: "first@example.com", name: "First" }, { email: "second@example.com" }],
      });
      await sleep(2);
      await add(group.id, "third@example.com", "Third");
      const answer = await call<Member[]>("GET", `${BASE}/${group.id}/members`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([
        { email: "first@example.com", name: "First", addedOn: group.createdOn },
        { email: "second@example.com", name: null, addedOn: group.createdOn },
        { email: "third@example.com", name: "Third", addedOn: expect.stringMatching(ISO_UTC) },
      ]);
      expect(answer.body[2]!.addedOn > group.createdOn).toBe(true);
    });

    test("rule 8: a group without members answers an empty list", async () => {
      const group = await createGroup(service, token, { name: "Empty" });
      expect(await call("GET", `${BASE}/${group.id}/members`)).toMatchObject({ status: 200, body: [] });
    });

    test("§7: a group that does not exist, or an id that is no valid GUID, is 404 not_found", async () => {
      for (const id of [MISSING_ID, "not-a-guid", "0000"]) {
        await expectProblem(await call$("GET", `${BASE}/${id}/members`), 404, "not_found");
      }
    });
  });

  describe("addSigningGroupMember", () => {
    test("rule 9: answers 201 with the member and a Location; the count and updatedOn move", async () => {
      const group = await createGroup(service, token, { name: "Growing" });
      await sleep(2);
      const answer = await add(group.id, "  New.Person@Example.com ", "  New Person ");
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        email: "New.Person@Example.com",
        name: "New Person",
        addedOn: expect.stringMatching(ISO_UTC),
      });
      expect(answer.headers.get("location")).toBe(`${BASE}/${group.id}/members/New.Person%40Example.com`);
      const after = await getGroup(service, token, group.id);
      expect(after).toEqual({ ...group, memberCount: 1, updatedOn: answer.body.addedOn });
      expect(after.updatedOn > group.updatedOn).toBe(true);
      expect(await membersOf(service, token, group.id)).toEqual([answer.body]);
    });

    test("rule 9 / §7: an email already in the group, in any case, is 400 duplicate_member and changes nothing", async () => {
      const group = await createGroup(service, token, {
        name: "No twins",
        members: [{ email: "Twin@Example.com" }],
      });
      for (const email of [
        "Twin@Example.com",
        "twin@example.com",
        "TWIN@EXAMPLE.COM",
        "  twin@Example.com  ",
      ]) {
        const body = await expectProblem(
          await call$("POST", `${BASE}/${group.id}/members`, { email }),
          400,
          "duplicate_member",
        );
        expect(body.detail).toContain(email.trim());
      }
      expect(await getGroup(service, token, group.id)).toEqual(group);
      expect((await membersOf(service, token, group.id)).map((m) => m.email)).toEqual(["Twin@Example.com"]);
    });

    test("rule 9: non-ASCII emails are compared ignoring case and Unicode normalisation", async () => {
      const group = await createGroup(service, token, {
        name: "Umlauts",
        members: [{ email: "jörg@example.com" }],
      });
      await expectProblem(
        await call$("POST", `${BASE}/${group.id}/members`, { email: "JÖRG@example.com" }),
        400,
        "duplicate_member",
      );
      await expectProblem(
        await call$("POST", `${BASE}/${group.id}/members`, { email: "jo\u0308rg@example.com" }),
        400,
        "duplicate_member",
      );
    });

    test("an invalid or missing email, or a member name over 200, is 400 naming the field", async () => {
      const group = await createGroup(service, token, { name: "Strict" });
      const invalid = await expectProblem(
        await call$("POST", `${BASE}/${group.id}/members`, { email: "nope" }),
        400,
        "validation_failed",
      );
      expect(invalid.errors).toEqual([{ field: "email", message: expect.any(String) }]);
      const missing = await expectProblem(
        await call$("POST", `${BASE}/${group.id}/members`, { name: "x" }),
        400,
        "validation_failed",
      );
      expect(missing.errors).toEqual([{ field: "email", message: "email is required." }]);
      const tooLong = await expectProblem(
        await call$("POST", `${BASE}/${group.id}/members`, {
          email: "ok@example.com",
          name: "n".repeat(201),
        }),
        400,
        "validation_failed",
      );
      expect(tooLong.errors).toEqual([{ field: "name", message: expect.stringContaining("200") }]);
      const longEmail = await expectProblem(
        await call$("POST", `${BASE}/${group.id}/members`, { email: `${"a".repeat(250)}@example.com` }),
        400,
        "validation_failed",
      );
      expect(longEmail.errors?.[0]?.field).toBe("email");
      expect((await getGroup(service, token, group.id)).memberCount).toBe(0);
    });

    test("a missing group, or an id that is no UUID, is 404 not_found", async () => {
      await expectProblem(
        await call$("POST", `${BASE}/${MISSING_ID}/members`, { email: "a@example.com" }),
        404,
        "not_found",
      );
      await expectProblem(
        await call$("POST", `${BASE}/bad-id/members`, { email: "a@example.com" }),
        404,
        "not_found",
      );
    });

    test("contract §4: a group holds at most 1,000 members (member_limit_reached), a duplicate still says duplicate", async () => {
      const group = await seededGroup(999);
      expect(group.memberCount).toBe(999);
      expect((await add(group.id, "the-thousandth@example.com")).status).toBe(201);
      const body = await expectProblem(
        await call$("POST", `${BASE}/${group.id}/members`, { email: "one-too-many@example.com" }),
        400,
        "member_limit_reached",
      );
      expect(body.detail).toContain("1000");
      await expectProblem(
        await call$("POST", `${BASE}/${group.id}/members`, { email: "SEED0@example.com" }),
        400,
        "duplicate_member",
      );
      const full = await getGroup(service, token, group.id);
      expect(full.memberCount).toBe(1000);
      expect(await membersOf(service, token, group.id)).toHaveLength(1000);
      // Making room lets the next one in.
      expect((await remove(group.id, "seed0%40example.com")).status).toBe(204);
      expect((await add(group.id, "one-too-many@example.com")).status).toBe(201);
    });

    test("rule 9: a member can be added after the group was created with 100, beyond the create limit", async () => {
      const group = await createGroup(service, token, { name: "Past 100", members: people(100) });
      expect((await add(group.id, "number101@example.com")).status).toBe(201);
      expect((await getGroup(service, token, group.id)).memberCount).toBe(101);
    });
  });

  describe("removeSigningGroupMember", () => {
    test("rule 10: removes the member matched ignoring case; 204 with no body; count and updatedOn move", async () => {
      const group = await createGroup(service, token, {
        name: "Shrinking",
        members: [{ email: "Carol@Example.com" }, { email: "dave@example.com" }],
      });
      await sleep(2);
      const response = await remove(group.id, "CAROL%40EXAMPLE.COM");
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      const after = await getGroup(service, token, group.id);
      expect(after.memberCount).toBe(1);
      expect(after.updatedOn > group.updatedOn).toBe(true);
      expect((await membersOf(service, token, group.id)).map((m) => m.email)).toEqual(["dave@example.com"]);
    });

    test("rule 10: URL-encoded emails with +, %, / and Unicode local parts are decoded and matched", async () => {
      const emails = [
        "a+tag@example.com",
        "100%pure@example.com",
        "a/b@example.com",
        "jörg@example.com",
        "Zoë.Ünal@example.com",
      ];
      const group = await createGroup(service, token, {
        name: "Special",
        members: emails.map((email) => ({ email })),
      });
      expect((await remove(group.id, "a+tag@example.com")).status).toBe(204); // "+" is literal in a path
      expect((await remove(group.id, "100%25PURE%40example.com")).status).toBe(204);
      expect((await remove(group.id, "A%2Fb%40example.com")).status).toBe(204);
      expect((await remove(group.id, encodeURIComponent("JÖRG@EXAMPLE.COM"))).status).toBe(204);
      expect((await remove(group.id, encodeURIComponent("zoë.ünal@example.com"))).status).toBe(204);
      expect(await membersOf(service, token, group.id)).toEqual([]);
      expect((await getGroup(service, token, group.id)).memberCount).toBe(0);
    });

    test("the Location of an added member is where it is removed", async () => {
      const group = await createGroup(service, token, { name: "Round trip" });
      const added = await add(group.id, "x+y%z@example.com");
      expect((await call$("DELETE", added.headers.get("location")!)).status).toBe(204);
      expect(await membersOf(service, token, group.id)).toEqual([]);
    });

    test("an email that is not a member is 404 member_not_found and changes nothing", async () => {
      const group = await createGroup(service, token, {
        name: "Unchanged",
        members: [{ email: "stay@example.com" }],
      });
      for (const email of ["gone%40example.com", "stay%40example.org", "not-even-an-email"]) {
        await expectProblem(await remove(group.id, email), 404, "member_not_found");
      }
      expect(await getGroup(service, token, group.id)).toEqual(group);
    });

    test("removing twice: the second is 404 member_not_found", async () => {
      const group = await createGroup(service, token, {
        name: "Twice",
        members: [{ email: "once@example.com" }],
      });
      expect((await remove(group.id, "once%40example.com")).status).toBe(204);
      await expectProblem(await remove(group.id, "once%40example.com"), 404, "member_not_found");
    });

    test("a missing group, or an id that is no UUID, is 404 not_found", async () => {
      await expectProblem(await remove(MISSING_ID, "a%40example.com"), 404, "not_found");
      await expectProblem(await remove("bad", "a%40example.com"), 404, "not_found");
    });

    test("a removed member can be added again", async () => {
      const group = await createGroup(service, token, {
        name: "Back again",
        members: [{ email: "boomerang@example.com" }],
      });
      expect((await remove(group.id, "boomerang%40example.com")).status).toBe(204);
      expect((await add(group.id, "Boomerang@example.com")).status).toBe(201);
      expect((await membersOf(service, token, group.id)).map((m) => m.email)).toEqual([
        "Boomerang@example.com",
      ]);
    });
  });

  describe("memberCount and updatedOn", () => {
    test("memberCount is exact and updatedOn moves forward on every change, createdOn never", async () => {
      const group = await createGroup(service, token, { name: "Ledger", members: people(3, "l") });
      const seen = [group.updatedOn];
      const changes: [string, string, unknown?][] = [
        ["POST", `${BASE}/${group.id}/members`, { email: "l3@example.com" }],
        ["POST", `${BASE}/${group.id}/members`, { email: "l4@example.com" }],
        ["DELETE", `${BASE}/${group.id}/members/l0%40example.com`],
        ["PUT", `${BASE}/${group.id}`, { name: "Ledger 2" }],
        ["DELETE", `${BASE}/${group.id}/members/L1%40EXAMPLE.COM`],
        ["PUT", `${BASE}/${group.id}`, { description: "now described" }],
      ];
      // No sleeps: even changes within one millisecond move updatedOn.
      for (const [method, route, body] of changes) {
        expect((await call$(method, route, body)).status).toBeLessThan(300);
        const now = await getGroup(service, token, group.id);
        expect(now.updatedOn > seen[seen.length - 1]!).toBe(true);
        expect(now.createdOn).toBe(group.createdOn);
        seen.push(now.updatedOn);
      }
      const final = await getGroup(service, token, group.id);
      expect(final.memberCount).toBe(3);
      expect((await membersOf(service, token, group.id)).map((m) => m.email)).toEqual([
        "l2@example.com",
        "l3@example.com",
        "l4@example.com",
      ]);
    });

    test("refused changes move neither memberCount nor updatedOn", async () => {
      const group = await createGroup(service, token, {
        name: "Still",
        members: [{ email: "s@example.com" }],
      });
      await call$("POST", `${BASE}/${group.id}/members`, { email: "S@example.com" });
      await call$("POST", `${BASE}/${group.id}/members`, { email: "bad" });
      await call$("DELETE", `${BASE}/${group.id}/members/t%40example.com`);
      await call$("PUT", `${BASE}/${group.id}`, { name: "" });
      expect(await getGroup(service, token, group.id)).toEqual(group);
    });
  });

  describe("concurrency", () => {
    test("20 parallel adds of one email in different cases: exactly one 201, the rest duplicate_member", async () => {
      const group = await createGroup(service, token, { name: "Race" });
      const variants = Array.from({ length: 20 }, (_, i) =>
        [..."racer@example.com"].map((c, j) => ((i >> (j % 5)) & 1 ? c.toUpperCase() : c)).join(""),
      );
      const responses = await Promise.all(
        variants.map((email) => call$("POST", `${BASE}/${group.id}/members`, { email })),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 400)).toHaveLength(19);
      for (const response of responses.filter((r) => r.status === 400))
        await expectProblem(response, 400, "duplicate_member");
      expect(await membersOf(service, token, group.id)).toHaveLength(1);
      expect((await getGroup(service, token, group.id)).memberCount).toBe(1);
    });

    test("20 parallel adds of different emails all land and are all counted", async () => {
      const group = await createGroup(service, token, { name: "Crowd" });
      const responses = await Promise.all(
        people(20, "crowd").map((p) => call$("POST", `${BASE}/${group.id}/members`, p)),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
      expect(await membersOf(service, token, group.id)).toHaveLength(20);
      expect((await getGroup(service, token, group.id)).memberCount).toBe(20);
    });

    test("parallel adds and removes leave memberCount equal to the members listed", async () => {
      const group = await createGroup(service, token, { name: "Churn", members: people(15, "churn") });
      const requests = [
        ...people(15, "churn").map((p) =>
          call$("DELETE", `${BASE}/${group.id}/members/${encodeURIComponent(p.email)}`),
        ),
        ...people(15, "fresh").map((p) => call$("POST", `${BASE}/${group.id}/members`, p)),
        ...people(5, "churn").map((p) =>
          call$("POST", `${BASE}/${group.id}/members`, { email: p.email.toUpperCase() }),
        ),
      ];
      await Promise.all(requests);
      const members = await membersOf(service, token, group.id);
      expect((await getGroup(service, token, group.id)).memberCount).toBe(members.length);
      expect(members.filter((m) => m.email.startsWith("fresh"))).toHaveLength(15);
    });

    test("parallel adds at the limit: exactly as many land as there is room for", async () => {
      const group = await seededGroup(990);
      const responses = await Promise.all(
        people(20, "late").map((p) => call$("POST", `${BASE}/${group.id}/members`, p)),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      for (const response of responses.filter((r) => r.status !== 201)) {
        await expectProblem(response, 400, "member_limit_reached");
      }
      expect((await getGroup(service, token, group.id)).memberCount).toBe(1000);
      expect(await membersOf(service, token, group.id)).toHaveLength(1000);
    });

    test("an add racing a delete of the group either lands before it or answers 404, never half", async () => {
      const group = await createGroup(service, token, { name: "Vanishing", members: people(5, "v") });
      const [added, deleted] = await Promise.all([
        call$("POST", `${BASE}/${group.id}/members`, { email: "racer@example.com" }),
        call$("DELETE", `${BASE}/${group.id}`),
      ]);
      expect(deleted.status).toBe(204);
      expect([201, 404]).toContain(added.status);
      await expectProblem(await call$("GET", `${BASE}/${group.id}/members`), 404, "not_found");
    });
  });
});
