// Signing groups: create, get, update and delete (service.md §4.1 rules 1, 3, 5, 6, §7, §8; contract §3, §4).
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
  UUID,
  type Group,
  type GroupList,
} from "./signing-groups.helpers";

describe.each(BACKENDS)("signing groups: create, get, update, delete on %s", (backend) => {
  let service: TestService;
  let token: string;
  beforeAll(async () => {
    service = await startTestService(backend);
    token = await service.token("crud");
  });
  afterAll(() => service.close());

  const call = <T = unknown>(method: string, route: string, body?: unknown) =>
    api<T>(service, token, method, route, body);
  const call$ = (method: string, route: string, body?: unknown) =>
    service.call(method, route, { token, body });
  /** How many groups the tenant has: a refused create must leave it unchanged. */
  const groupCount = async () => (await call<GroupList>("GET", `${BASE}?pageSize=1`)).body.totalCount;

  describe("createSigningGroup", () => {
    test("answers 201 with the group (SigningGroupApiResponse) and its Location", async () => {
      const answer = await call<Group>("POST", BASE, {
        name: "Board approvers",
        description: "Signs board resolutions",
        members: [{ email: "ada@example.com", name: "Ada" }, { email: "bob@example.com" }],
      });
      expect(answer.status).toBe(201);
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      expect(Object.keys(answer.body).sort()).toEqual(
        ["createdOn", "description", "id", "memberCount", "name", "updatedOn"].sort(),
      );
      expect(answer.body).toEqual({
        id: expect.stringMatching(UUID),
        name: "Board approvers",
        description: "Signs board resolutions",
        memberCount: 2,
        createdOn: expect.stringMatching(ISO_UTC),
        updatedOn: answer.body.createdOn,
      });
      expect(answer.headers.get("location")).toBe(`${BASE}/${answer.body.id}`);
      const located = await call<Group>("GET", answer.headers.get("location")!);
      expect(located).toMatchObject({ status: 200, body: answer.body });
    });

    test("rule 2: the new group is addressable by its id (what a signer slot will refer to)", async () => {
      const group = await createGroup(service, token, { name: "Slot group", members: people(1) });
      expect(group.id).toMatch(UUID);
      expect(await getGroup(service, token, group.id)).toEqual(group);
    });

    test("a name alone is enough: no description (null) and no members", async () => {
      const group = await createGroup(service, token, { name: "Just a name" });
      expect(group).toMatchObject({ description: null, memberCount: 0 });
      expect(await membersOf(service, token, group.id)).toEqual([]);
    });

    test("the initial members are stored in the order given, emails as typed (trimmed), names trimmed", async () => {
      const group = await createGroup(service, token, {
        name: "Ordered",
        members: [
          { email: "  Zed@Example.COM ", name: "  Zed  " },
          { email: "amy@example.com", name: null },
          { email: "MID@example.com", name: "  " },
        ],
      });
      const members = await membersOf(service, token, group.id);
      expect(members).toEqual([
        { email: "Zed@Example.COM", name: "Zed", addedOn: group.createdOn },
        { email: "amy@example.com", name: null, addedOn: group.createdOn },
        { email: "MID@example.com", name: null, addedOn: group.createdOn },
      ]);
    });

    test("rule 1 / §8: 100 initial members are accepted", async () => {
      const group = await createGroup(service, token, { name: "Hundred", members: people(100) });
      expect(group.memberCount).toBe(100);
      const members = await membersOf(service, token, group.id);
      expect(members.map((m) => m.email)).toEqual(people(100).map((p) => p.email));
    });

    test("rule 1 / §8: 101 initial members are refused (400 naming members) and nothing is created", async () => {
      const before = await groupCount();
      const body = await expectProblem(
        await call$("POST", BASE, { name: "Too many", members: people(101) }),
        400,
        "validation_failed",
      );
      expect(body.errors).toEqual([{ field: "members", message: expect.stringContaining("100") }]);
      expect(await groupCount()).toBe(before);
    });

    test("rule 1 / §7: duplicate emails (ignoring case) are refused naming both positions, nothing created", async () => {
      const before = await groupCount();
      const body = await expectProblem(
        await call$("POST", BASE, {
          name: "Dupes",
          members: [
            { email: "ann@example.com" },
            { email: "bo@example.com" },
            { email: "cy@example.com" },
            { email: "ANN@Example.com" },
          ],
        }),
        400,
        "validation_failed",
      );
      expect(body.errors).toEqual([
        {
          field: "members[3].email",
          message: expect.stringMatching(/members\[3\]\.email duplicates members\[0\]\.email/),
        },
      ]);
      expect(await groupCount()).toBe(before);
    });

    test("duplicates are found after trimming and Unicode normalisation (é typed two ways)", async () => {
      const body = await expectProblem(
        await call$("POST", BASE, {
          name: "Dupes",
          members: [{ email: "jose\u0301@example.com" }, { email: " JOS\u00c9@example.com " }],
        }),
        400,
        "validation_failed",
      );
      expect(body.errors?.map((e) => e.field)).toEqual(["members[1].email"]);
    });

    test("all or nothing: one invalid member among valid ones creates nothing and names the member", async () => {
      const before = await groupCount();
      const body = await expectProblem(
        await call$("POST", BASE, {
          name: "Half valid",
          members: [{ email: "ok@example.com" }, { email: "not-an-address" }, { email: "fine@example.com" }],
        }),
        400,
        "validation_failed",
      );
      expect(body.errors).toEqual([{ field: "members[1].email", message: expect.stringContaining("email") }]);
      expect(await groupCount()).toBe(before);
      const search = await call<GroupList>("GET", `${BASE}?search=ok@example.com`);
      expect(search.body.totalCount).toBe(0);
    });

    test("every invalid field is named at once", async () => {
      const body = await expectProblem(
        await call$("POST", BASE, {
          name: " ",
          description: "d".repeat(2001),
          members: [{ email: "x" }, { email: "y@example.com", name: "n".repeat(201) }],
        }),
        400,
        "validation_failed",
      );
      expect(body.errors?.map((e) => e.field)).toEqual([
        "name",
        "description",
        "members[0].email",
        "members[1].name",
      ]);
    });

    test("§8 name: trimmed, 1 to 200 characters; blank or longer is refused", async () => {
      const n200 = "N".repeat(200);
      expect((await createGroup(service, token, { name: `  ${n200}  ` })).name).toBe(n200);
      expect((await createGroup(service, token, { name: "\u00e9".repeat(200) })).name).toHaveLength(200);
      for (const name of ["", "   ", "\t\n", "N".repeat(201)]) {
        const body = await expectProblem(await call$("POST", BASE, { name }), 400, "validation_failed");
        expect(body.errors).toEqual([{ field: "name", message: expect.any(String) }]);
      }
      const long = await expectProblem(
        await call$("POST", BASE, { name: "N".repeat(201) }),
        400,
        "validation_failed",
      );
      expect(long.errors?.[0]?.message).toContain("200");
    });

    test("§8 name: characters are counted as code points (200 emoji fit)", async () => {
      expect((await createGroup(service, token, { name: "\u{1F58A}".repeat(200) })).name).toBe(
        "\u{1F58A}".repeat(200),
      );
      await expectProblem(
        await call$("POST", BASE, { name: "\u{1F58A}".repeat(201) }),
        400,
        "validation_failed",
      );
    });

    test("§8 description: at most 2,000 characters, trimmed; empty means none", async () => {
      const d2000 = "d".repeat(2000);
      expect((await createGroup(service, token, { name: "D", description: d2000 })).description).toBe(d2000);
      expect(
        (await createGroup(service, token, { name: "D", description: "  two\nlines  " })).description,
      ).toBe("two\nlines");
      expect((await createGroup(service, token, { name: "D", description: "" })).description).toBeNull();
      expect((await createGroup(service, token, { name: "D", description: null })).description).toBeNull();
      const body = await expectProblem(
        await call$("POST", BASE, { name: "D", description: "d".repeat(2001) }),
        400,
        "validation_failed",
      );
      expect(body.errors).toEqual([{ field: "description", message: expect.stringContaining("2000") }]);
    });

    test("§8 email: at most 254 characters", async () => {
      const domain189 = `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(57)}.com`;
      const email254 = `${"l".repeat(64)}@${domain189}`;
      expect(email254).toHaveLength(254);
      const group = await createGroup(service, token, {
        name: "Long address",
        members: [{ email: email254 }],
      });
      expect((await membersOf(service, token, group.id))[0]!.email).toBe(email254);
      const email255 = `${"l".repeat(64)}@${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(58)}.com`;
      const body = await expectProblem(
        await call$("POST", BASE, { name: "Too long", members: [{ email: email255 }] }),
        400,
        "validation_failed",
      );
      expect(body.errors).toEqual([{ field: "members[0].email", message: expect.stringContaining("254") }]);
    });

    test("§8 email: must be a valid address", async () => {
      const invalid = [
        "",
        "plain",
        "@example.com",
        "ann@",
        "ann@example",
        "ann@@example.com",
        "ann smith@example.com",
        "ann@exa mple.com",
        ".ann@example.com",
        "ann.@example.com",
        "an..n@example.com",
        "ann@-example.com",
        "ann@example..com",
        "ann@example.123",
        '"ann"@example.com',
        "ann,bo@example.com",
        "ann@example.com\u0000",
        `${"l".repeat(65)}@example.com`,
      ];
      for (const email of invalid) {
        const body = await expectProblem(
          await call$("POST", BASE, { name: "Bad address", members: [{ email }] }),
          400,
          "validation_failed",
        );
        expect({ email, fields: body.errors?.map((e) => e.field) }).toEqual({
          email,
          fields: ["members[0].email"],
        });
      }
      const valid = [
        "a+tag@example.com",
        "100%pure@example.com",
        "o'neil@example.co.uk",
        "jörg@bücher.de",
        "a/b=c@x-y.io",
      ];
      const group = await createGroup(service, token, {
        name: "Good addresses",
        members: valid.map((email) => ({ email })),
      });
      expect((await membersOf(service, token, group.id)).map((m) => m.email)).toEqual(valid);
    });

    test("§8 member name: at most 200 characters", async () => {
      const group = await createGroup(service, token, {
        name: "Member names",
        members: [{ email: "m@example.com", name: "m".repeat(200) }],
      });
      expect((await membersOf(service, token, group.id))[0]!.name).toHaveLength(200);
      const body = await expectProblem(
        await call$("POST", BASE, {
          name: "x",
          members: [{ email: "m@example.com", name: "m".repeat(201) }],
        }),
        400,
        "validation_failed",
      );
      expect(body.errors).toEqual([{ field: "members[0].name", message: expect.stringContaining("200") }]);
    });

    test("names refuse control characters; descriptions keep line breaks", async () => {
      const body = await expectProblem(
        await call$("POST", BASE, { name: "a\u0007b" }),
        400,
        "validation_failed",
      );
      expect(body.errors?.[0]?.field).toBe("name");
      await expectProblem(
        await call$("POST", BASE, { name: "a", description: "x\u0000y" }),
        400,
        "validation_failed",
      );
    });

    test("wrong types and missing fields are 400 naming the field", async () => {
      const missing = await expectProblem(
        await call$("POST", BASE, { description: "x" }),
        400,
        "validation_failed",
      );
      expect(missing.errors).toEqual([{ field: "name", message: "name is required." }]);
      const typed = await expectProblem(await call$("POST", BASE, { name: 5 }), 400, "validation_failed");
      expect(typed.errors?.[0]).toEqual({ field: "name", message: "name must be string." });
      const members = await expectProblem(
        await call$("POST", BASE, { name: "x", members: "a@b.com" }),
        400,
        "validation_failed",
      );
      expect(members.errors?.[0]?.field).toBe("members");
      const email = await expectProblem(
        await call$("POST", BASE, { name: "x", members: [{ name: "no email" }] }),
        400,
        "validation_failed",
      );
      expect(email.errors?.[0]?.field).toBe("members[0].email");
    });

    test("unknown properties are ignored", async () => {
      const answer = await call<Group>("POST", BASE, {
        name: "Extra",
        colour: "red",
        members: [{ email: "e@example.com", role: "x" }],
      });
      expect(answer.status).toBe(201);
      expect(answer.body).not.toHaveProperty("colour");
      expect(answer.body.memberCount).toBe(1);
    });

    test("JSON bodies as text/json and application/*+json are accepted; text/plain is 415; bad JSON is 400", async () => {
      for (const type of ["text/json", "application/vnd.sign+json"]) {
        const response = await service.call("POST", BASE, {
          token,
          body: { name: type },
          headers: { "content-type": type },
        });
        expect({ type, status: response.status }).toEqual({ type, status: 201 });
      }
      await expectProblem(
        await service.call("POST", BASE, {
          token,
          body: '{"name":"x"}',
          headers: { "content-type": "text/plain" },
        }),
        415,
        "unsupported_media_type",
      );
      await expectProblem(
        await service.call("POST", BASE, { token, body: '{"name": ' }),
        400,
        "validation_failed",
      );
    });
  });

  describe("getSigningGroup", () => {
    test("rule 3: answers the metadata with the member count, not the members", async () => {
      const created = await createGroup(service, token, { name: "Get me", members: people(3) });
      const answer = await call<Group>("GET", `${BASE}/${created.id}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(created);
      expect(answer.body).not.toHaveProperty("members");
    });

    test("an id in upper case names the same group", async () => {
      const created = await createGroup(service, token, { name: "Upper" });
      expect((await call<Group>("GET", `${BASE}/${created.id.toUpperCase()}`)).body).toEqual(created);
    });

    test("a missing group, or an id that is no UUID, is 404 not_found", async () => {
      for (const id of [MISSING_ID, "not-a-uuid", "12345", `${MISSING_ID}x`]) {
        await expectProblem(await call$("GET", `${BASE}/${id}`), 404, "not_found");
      }
    });
  });

  describe("updateSigningGroup", () => {
    test("rule 5: changes only the fields given; updatedOn moves, createdOn stays", async () => {
      const created = await createGroup(service, token, {
        name: "Before",
        description: "Keep me",
        members: people(2),
      });
      await sleep(2);
      const answer = await call<Group>("PUT", `${BASE}/${created.id}`, { name: "  After  " });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ...created, name: "After", updatedOn: expect.stringMatching(ISO_UTC) });
      expect(answer.body.updatedOn > created.updatedOn).toBe(true);
      expect(await getGroup(service, token, created.id)).toEqual(answer.body);

      const described = await call<Group>("PUT", `${BASE}/${created.id}`, { description: "New text" });
      expect(described.body).toMatchObject({ name: "After", description: "New text" });
    });

    test("rule 5: omitted or null fields stay unchanged, and no change leaves updatedOn alone", async () => {
      const created = await createGroup(service, token, { name: "Stable", description: "Stays" });
      for (const body of [
        {},
        { name: null },
        { description: null },
        { name: null, description: null },
        { name: "Stable" },
      ]) {
        const answer = await call<Group>("PUT", `${BASE}/${created.id}`, body);
        expect({ body, answer: answer.body }).toEqual({ body, answer: created });
      }
    });

    test('contract §4: "" clears the description', async () => {
      const created = await createGroup(service, token, { name: "Clear", description: "Soon gone" });
      const answer = await call<Group>("PUT", `${BASE}/${created.id}`, { description: "" });
      expect(answer.body.description).toBeNull();
      expect((await getGroup(service, token, created.id)).description).toBeNull();
    });

    test("contract §4: the name cannot be made blank, nor longer than 200", async () => {
      const created = await createGroup(service, token, { name: "Named" });
      for (const name of ["", "   ", "x".repeat(201)]) {
        const body = await expectProblem(
          await call$("PUT", `${BASE}/${created.id}`, { name }),
          400,
          "validation_failed",
        );
        expect(body.errors).toEqual([{ field: "name", message: expect.any(String) }]);
      }
      const body = await expectProblem(
        await call$("PUT", `${BASE}/${created.id}`, { description: "d".repeat(2001) }),
        400,
        "validation_failed",
      );
      expect(body.errors?.[0]?.field).toBe("description");
      expect(await getGroup(service, token, created.id)).toEqual(created);
    });

    test("rule 5: members are never changed by update", async () => {
      const created = await createGroup(service, token, { name: "Members stay", members: people(2) });
      const answer = await call<Group>("PUT", `${BASE}/${created.id}`, {
        name: "Renamed",
        members: [{ email: "intruder@example.com" }],
        memberCount: 99,
      });
      expect(answer.body.memberCount).toBe(2);
      expect((await membersOf(service, token, created.id)).map((m) => m.email)).toEqual(
        people(2).map((p) => p.email),
      );
    });

    test("a missing group, or an id that is no UUID, is 404 not_found", async () => {
      await expectProblem(await call$("PUT", `${BASE}/${MISSING_ID}`, { name: "x" }), 404, "not_found");
      await expectProblem(await call$("PUT", `${BASE}/nope`, { name: "x" }), 404, "not_found");
    });

    test("wrong types are 400 naming the field", async () => {
      const created = await createGroup(service, token, { name: "Typed" });
      const body = await expectProblem(
        await call$("PUT", `${BASE}/${created.id}`, { name: 7 }),
        400,
        "validation_failed",
      );
      expect(body.errors?.[0]?.field).toBe("name");
    });
  });

  describe("deleteSigningGroup", () => {
    test("rule 6: answers 204 with no body; the group and its members are gone", async () => {
      const created = await createGroup(service, token, {
        name: "Doomed",
        members: [{ email: "only-in-doomed@example.com" }],
      });
      const response = await call$("DELETE", `${BASE}/${created.id}`);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      await expectProblem(await call$("GET", `${BASE}/${created.id}`), 404, "not_found");
      await expectProblem(await call$("GET", `${BASE}/${created.id}/members`), 404, "not_found");
      expect((await call<GroupList>("GET", `${BASE}?search=only-in-doomed`)).body.totalCount).toBe(0);
      // The member associations went with it: the same people can make a new group.
      const again = await createGroup(service, token, {
        name: "Reborn",
        members: [{ email: "only-in-doomed@example.com" }],
      });
      expect(again.memberCount).toBe(1);
    });

    test("deleting again, a missing group, or an id that is no UUID is 404 not_found", async () => {
      const created = await createGroup(service, token, { name: "Twice" });
      expect((await call$("DELETE", `${BASE}/${created.id}`)).status).toBe(204);
      await expectProblem(await call$("DELETE", `${BASE}/${created.id}`), 404, "not_found");
      await expectProblem(await call$("DELETE", `${BASE}/${MISSING_ID}`), 404, "not_found");
      await expectProblem(await call$("DELETE", `${BASE}/xyz`), 404, "not_found");
    });

    test("deleting a group leaves the tenant's other groups alone", async () => {
      const keep = await createGroup(service, token, { name: "Keeper", members: people(2, "keep") });
      const drop = await createGroup(service, token, { name: "Dropper", members: people(2, "keep") });
      expect((await call$("DELETE", `${BASE}/${drop.id}`)).status).toBe(204);
      expect(await getGroup(service, token, keep.id)).toEqual(keep);
      expect(await membersOf(service, token, keep.id)).toHaveLength(2);
    });
  });
});
