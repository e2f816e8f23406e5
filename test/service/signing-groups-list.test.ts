// listSigningGroups: service.md §4.1 rule 4 and the list query of contract §4 (paging, search,
// sorting, updatedSince), each refused value answered 400 naming what is allowed.
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";
import {
  api,
  BASE,
  createGroup,
  getGroup,
  sleep,
  type Group,
  type GroupList,
} from "./signing-groups.helpers";

describe.each(BACKENDS)("listSigningGroups on %s", (backend) => {
  let service: TestService;
  let token: string;
  /** The tenant "list": 30 groups named g00..g29 with 0..29 members (created in that order). */
  let groups: Group[];

  beforeAll(async () => {
    service = await startTestService(backend);
    token = await service.token("list");
    groups = [];
    for (let i = 0; i < 30; i++) {
      groups.push(
        await createGroup(service, token, {
          name: `g${String(i).padStart(2, "0")}`,
          members: Array.from({ length: i }, (_, j) => ({ email: `m${i}-${j}@list.example` })),
        }),
      );
    }
  });
  afterAll(() => service.close());

  const list = (query = "", as = token) =>
    api<GroupList>(service, as, "GET", `${BASE}${query ? `?${query}` : ""}`);
  const names = (answer: { body: GroupList }) => answer.body.items.map((g) => g.name);
  const refused = async (query: string, field: string) => {
    const body = await expectProblem(
      await service.call("GET", `${BASE}?${query}`, { token }),
      400,
      "validation_failed",
    );
    expect(body.errors?.map((e) => e.field)).toEqual([field]);
    return body.errors![0]!.message;
  };

  /** A tenant of its own, so that each test's groups are all the tenant has. */
  const freshTenant = async (name: string) => service.token(name);

  describe("rule 4 and the envelope", () => {
    test("answers SigningGroupListApiResponse; items carry memberCount and no members", async () => {
      const answer = await list();
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual([
        "items",
        "page",
        "pageSize",
        "totalCount",
        "totalPages",
      ]);
      expect(answer.body).toMatchObject({ page: 1, pageSize: 25, totalCount: 30, totalPages: 2 });
      expect(answer.body.items).toHaveLength(25);
      expect(answer.body.items[0]).toEqual(groups[0]);
      for (const item of answer.body.items) expect(item).not.toHaveProperty("members");
      expect(answer.body.items.map((g) => g.memberCount)).toEqual(
        groups.slice(0, 25).map((g) => g.memberCount),
      );
    });

    test("rule 4: every group of the tenant, and only the tenant's", async () => {
      const other = await freshTenant("list-other");
      await createGroup(service, other, { name: "g99 other tenant" });
      const all = await list("pageSize=100");
      expect(all.body.totalCount).toBe(30);
      expect(names(all)).toEqual(groups.map((g) => g.name));
      const theirs = await list("", other);
      expect(names(theirs)).toEqual(["g99 other tenant"]);
    });

    test("a tenant without groups gets an empty first page", async () => {
      const empty = await freshTenant("list-empty");
      expect((await list("", empty)).body).toEqual({
        items: [],
        page: 1,
        pageSize: 25,
        totalCount: 0,
        totalPages: 0,
      });
    });
  });

  describe("page and pageSize", () => {
    test("page is 1-based and pageSize sets the page length; totalPages rounds up", async () => {
      const second = await list("page=2&pageSize=7");
      expect(second.body).toMatchObject({ page: 2, pageSize: 7, totalCount: 30, totalPages: 5 });
      expect(names(second)).toEqual(["g07", "g08", "g09", "g10", "g11", "g12", "g13"]);
      const last = await list("page=5&pageSize=7");
      expect(names(last)).toEqual(["g28", "g29"]);
    });

    test("a page past the end is empty, with the true totals", async () => {
      expect((await list("page=99")).body).toEqual({
        items: [],
        page: 99,
        pageSize: 25,
        totalCount: 30,
        totalPages: 2,
      });
    });

    test("pageSize 1 and 100 are the bounds", async () => {
      expect(names(await list("pageSize=1"))).toEqual(["g00"]);
      expect((await list("pageSize=100")).body.items).toHaveLength(30);
    });

    test("pageSize outside 1 to 100, or not a whole number, is 400 naming the range", async () => {
      for (const value of ["0", "101", "-1", "abc", "2.5", "1e2", "99999999999999999999"]) {
        expect(await refused(`pageSize=${value}`, "pageSize")).toMatch(/1 to 100/);
      }
    });

    test("page below 1, or not a whole number, is 400 naming the range", async () => {
      for (const value of ["0", "-3", "x", "1.5"]) {
        expect(await refused(`page=${value}`, "page")).toMatch(/1 or more/);
      }
    });

    test("an empty value means the default; a repeated one is refused", async () => {
      expect((await list("page=&pageSize=")).body).toMatchObject({ page: 1, pageSize: 25 });
      expect(await refused("page=1&page=2", "page")).toMatch(/once/);
    });
  });

  describe("sortBy and descending", () => {
    test("the default order is by name, ascending", async () => {
      expect(names(await list("pageSize=100"))).toEqual(groups.map((g) => g.name));
    });

    test("name sorts ignoring case", async () => {
      const tenant = await freshTenant("list-case");
      for (const name of ["bravo", "Alpha", "charlie", "ÄRGER", "Delta"])
        await createGroup(service, tenant, { name });
      expect(names(await list("", tenant))).toEqual(["Alpha", "bravo", "charlie", "Delta", "ÄRGER"]);
    });

    test("memberCount, createdOn and updatedOn each sort, ascending and descending", async () => {
      const byCount = [...groups].sort((a, b) => a.memberCount - b.memberCount).map((g) => g.name);
      expect(names(await list("sortBy=memberCount&pageSize=100"))).toEqual(byCount);
      expect(names(await list("sortBy=memberCount&descending=true&pageSize=100"))).toEqual(
        [...byCount].reverse(),
      );
      const byCreated = groups.map((g) => g.name);
      expect(names(await list("sortBy=createdOn&pageSize=100"))).toEqual(byCreated);
      expect(names(await list("sortBy=createdOn&descending=true&pageSize=100"))).toEqual(
        [...byCreated].reverse(),
      );
      expect(names(await list("sortBy=name&descending=true&pageSize=3"))).toEqual(["g29", "g28", "g27"]);
    });

    test("updatedOn sorts by the last change, members included", async () => {
      const tenant = await freshTenant("list-updated");
      const a = await createGroup(service, tenant, { name: "a" });
      const b = await createGroup(service, tenant, { name: "b" });
      const c = await createGroup(service, tenant, { name: "c" });
      await sleep(2);
      await api(service, tenant, "POST", `${BASE}/${a.id}/members`, { email: "x@example.com" });
      await sleep(2);
      await api(service, tenant, "PUT", `${BASE}/${b.id}`, { description: "changed" });
      expect(names(await list("sortBy=updatedOn", tenant))).toEqual(["c", "a", "b"]);
      expect(names(await list("sortBy=updatedOn&descending=true", tenant))).toEqual(["b", "a", "c"]);
      expect(c.updatedOn <= (await getGroup(service, tenant, a.id)).updatedOn).toBe(true);
    });

    test("sortBy and descending take any case", async () => {
      const expected = names(await list("sortBy=memberCount&descending=true"));
      expect(names(await list("sortBy=MEMBERCOUNT&descending=TRUE"))).toEqual(expected);
      expect(names(await list("sortby=x&sortBy=memberCount&descending=True"))).toEqual(expected);
      expect(names(await list("sortBy=CreatedOn&descending=False&pageSize=2"))).toEqual(["g00", "g01"]);
    });

    test("ties are ordered by id, in the direction asked", async () => {
      const tenant = await freshTenant("list-ties");
      const twins = [];
      for (let i = 0; i < 6; i++) twins.push(await createGroup(service, tenant, { name: "Same name" }));
      const ids = twins.map((g) => g.id).sort();
      const ascending = await list("sortBy=name", tenant);
      expect(ascending.body.items.map((g) => g.id)).toEqual(ids);
      const descending = await list("sortBy=name&descending=true", tenant);
      expect(descending.body.items.map((g) => g.id)).toEqual([...ids].reverse());
      // Pages of a tied order neither repeat nor skip a group.
      const paged = [];
      for (let page = 1; page <= 3; page++)
        paged.push(...(await list(`sortBy=memberCount&pageSize=2&page=${page}`, tenant)).body.items);
      expect(paged.map((g) => g.id)).toEqual(ids);
    });

    test("an unknown sortBy is 400 naming the allowed values", async () => {
      expect(await refused("sortBy=size", "sortBy")).toMatch(/name, createdOn, updatedOn, memberCount/);
    });

    test("descending other than true or false is 400 saying so", async () => {
      for (const value of ["yes", "1", "maybe"])
        expect(await refused(`descending=${value}`, "descending")).toMatch(/true or false/);
    });
  });

  describe("search", () => {
    let tenant: string;
    let sales: Group;
    let legal: Group;
    let quiet: Group;
    beforeAll(async () => {
      tenant = await freshTenant("list-search");
      sales = await createGroup(service, tenant, {
        name: "Sales EMEA approvers",
        description: "Signs the Nordic distribution deals",
        members: [{ email: "Olivia.Martin@Contoso.com" }, { email: "liam+contracts@fabrikam.com" }],
      });
      legal = await createGroup(service, tenant, {
        name: "Legal 100% review_team",
        description: null,
        members: [{ email: "jörg.müller@example.de" }, { email: "ANA@FABRIKAM.COM" }],
      });
      quiet = await createGroup(service, tenant, {
        name: "Ärger Über Alles",
        description: "Line one\nline two",
      });
    });
    const found = async (search: string, extra = "") =>
      names(await list(`search=${encodeURIComponent(search)}${extra}`, tenant)).sort();

    test("matches a substring of the name, ignoring case", async () => {
      expect(await found("emea")).toEqual([sales.name]);
      expect(await found("APPROVERS")).toEqual([sales.name]);
      expect(await found("s EMEA a")).toEqual([sales.name]);
    });

    test("matches a substring of the description, ignoring case", async () => {
      expect(await found("nordic DISTRIBUTION")).toEqual([sales.name]);
      expect(await found("line TWO")).toEqual([quiet.name]);
    });

    test("matches a substring of any member's email, ignoring case", async () => {
      expect(await found("olivia.martin@contoso.com")).toEqual([sales.name]);
      expect(await found("MARTIN@CONT")).toEqual([sales.name]);
      expect(await found("fabrikam.com")).toEqual([legal.name, sales.name].sort());
      expect(await found("+contracts")).toEqual([sales.name]);
    });

    test("which groups contain this address? the answer follows adds and removes", async () => {
      const address = "Moving.Target@Example.org";
      expect(await found(address)).toEqual([]);
      await api(service, tenant, "POST", `${BASE}/${quiet.id}/members`, { email: address });
      expect(await found(address.toUpperCase())).toEqual([quiet.name]);
      await api(
        service,
        tenant,
        "DELETE",
        `${BASE}/${quiet.id}/members/${encodeURIComponent(address.toLowerCase())}`,
      );
      expect(await found(address)).toEqual([]);
    });

    test("renaming and clearing the description are what search sees", async () => {
      const tenant2 = await freshTenant("list-rename");
      const g = await createGroup(service, tenant2, {
        name: "Before name",
        description: "old words",
        members: [{ email: "keep@x.example" }],
      });
      await api(service, tenant2, "PUT", `${BASE}/${g.id}`, { name: "After name", description: "" });
      const search = async (text: string) => names(await list(`search=${encodeURIComponent(text)}`, tenant2));
      expect(await search("before")).toEqual([]);
      expect(await search("old words")).toEqual([]);
      expect(await search("after")).toEqual(["After name"]);
      expect(await search("keep@x")).toEqual(["After name"]);
    });

    test("ignores case beyond ASCII", async () => {
      expect(await found("ärger über")).toEqual([quiet.name]);
      expect(await found("ÄRGER ÜBER")).toEqual([quiet.name]);
      expect(await found("JÖRG.MÜLLER")).toEqual([legal.name]);
    });

    test("% and _ are literal characters, not wildcards", async () => {
      expect(await found("100%")).toEqual([legal.name]);
      expect(await found("review_team")).toEqual([legal.name]);
      expect(await found("0%r")).toEqual([]);
      expect(await found("100_")).toEqual([]);
      expect(await found("iew_t")).toEqual([legal.name]);
      expect(await found("_")).toEqual([legal.name]);
      expect(await found("%")).toEqual([legal.name]);
    });

    test("short searches (1 and 2 characters) match substrings too", async () => {
      expect(await found("ü")).toEqual([legal.name, quiet.name].sort());
      expect(await found("Ü")).toEqual([legal.name, quiet.name].sort());
      expect(await found("em")).toEqual([sales.name]);
      expect(await found("zq")).toEqual([]);
    });

    test("a search never spans two members, nor the name and the description", async () => {
      expect(await found("contoso.comliam")).toEqual([]);
      expect(await found("approverssigns")).toEqual([]);
      expect(await found("approvers signs")).toEqual([]);
    });

    test("no match is an empty page; surrounding spaces are ignored; an empty search lists all", async () => {
      expect((await list("search=nothing-like-this", tenant)).body).toMatchObject({
        items: [],
        totalCount: 0,
        totalPages: 0,
      });
      expect(await found("  emea  ")).toEqual([sales.name]);
      expect((await list("search=", tenant)).body.totalCount).toBe(3);
    });

    test("search pages and sorts like the full list", async () => {
      const all = await list(
        `search=${encodeURIComponent("@list.example")}&sortBy=memberCount&descending=true&pageSize=5&page=2`,
      );
      expect(all.body).toMatchObject({ totalCount: 29, totalPages: 6, page: 2 });
      expect(names(all)).toEqual(["g24", "g23", "g22", "g21", "g20"]);
      const past = await list(`search=${encodeURIComponent("@list.example")}&page=7&pageSize=5`);
      expect(past.body).toMatchObject({ items: [], totalCount: 29, totalPages: 6 });
      const short = await list("search=m2&pageSize=100");
      expect(short.body.totalCount).toBe(11); // members m2-0, m2-1 (g02) and m20-0 .. m29-28 (g20 .. g29)
    });

    test("a search over 2,000 characters, or with control characters, is 400", async () => {
      expect(await refused(`search=${"a".repeat(2001)}`, "search")).toMatch(/2000/);
      expect(await refused("search=a%01b", "search")).toMatch(/control/);
    });
  });

  describe("updatedSince", () => {
    test("answers the groups changed at or after the instant, member changes included (keeping a copy in sync)", async () => {
      const tenant = await freshTenant("list-sync");
      const a = await createGroup(service, tenant, { name: "a" });
      const b = await createGroup(service, tenant, { name: "b" });
      const c = await createGroup(service, tenant, { name: "c" });
      // A client's copy is complete up to the latest updatedOn it has seen.
      const first = await list(`updatedSince=${encodeURIComponent(a.createdOn)}`, tenant);
      expect(names(first)).toEqual(["a", "b", "c"]);
      const mark = first.body.items
        .map((g) => g.updatedOn)
        .sort()
        .at(-1)!;
      await sleep(2);
      await api(service, tenant, "POST", `${BASE}/${a.id}/members`, { email: "new@example.com" });
      await api(service, tenant, "PUT", `${BASE}/${c.id}`, { name: "c2" });
      const next = await list(`updatedSince=${encodeURIComponent(mark)}`, tenant);
      // ≥ is inclusive: the group at the mark comes again, the unchanged earlier one does not.
      const changed = names(next);
      expect(changed).toEqual(expect.arrayContaining(["a", "c2"]));
      expect(changed).not.toContain(b.updatedOn < mark ? "b" : "(b is at the mark)");
      const after = new Date(Date.parse(mark) + 1).toISOString();
      expect(names(await list(`updatedSince=${encodeURIComponent(after)}`, tenant))).toEqual(["a", "c2"]);
      await sleep(2);
      await api(service, tenant, "DELETE", `${BASE}/${a.id}/members/new%40example.com`);
      const latest = (await getGroup(service, tenant, a.id)).updatedOn;
      expect(names(await list(`updatedSince=${encodeURIComponent(latest)}`, tenant))).toEqual(["a"]);
    });

    test("takes a date (midnight UTC) or a date-time with or without an offset", async () => {
      const tenant = await freshTenant("list-dates");
      await createGroup(service, tenant, { name: "recent" });
      const today = new Date().toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const one = async (value: string) =>
        (await list(`updatedSince=${encodeURIComponent(value)}`, tenant)).body.totalCount;
      expect(await one(today)).toBe(1);
      expect(await one(tomorrow)).toBe(0);
      expect(await one("2000-01-01T00:00:00Z")).toBe(1);
      expect(await one("2000-01-01T00:00")).toBe(1);
      expect(await one(`${tomorrow}T00:00:00.000Z`)).toBe(0);
      // The same instant written with an offset: 02:00+02:00 is midnight UTC.
      expect(await one(`${tomorrow}T02:00:00+02:00`)).toBe(0);
      expect(await one(`${tomorrow}T00:00:00+23:59`)).toBe(1);
      // An unencoded "+" arrives as a space and is read as "+".
      expect(
        (await service.call("GET", `${BASE}?updatedSince=${tomorrow}T00:00:00+23:59`, { token: tenant }))
          .status,
      ).toBe(200);
    });

    test("anything but an ISO 8601 date or date-time is 400 naming the format", async () => {
      for (const value of [
        "yesterday",
        "2024-02-30",
        "2024-13-01",
        "2024-1-1",
        "1714550400",
        "2024-05-01T25:00:00Z",
        "2024-05-01T10:00:00+25:00",
      ]) {
        expect(await refused(`updatedSince=${encodeURIComponent(value)}`, "updatedSince")).toMatch(
          /ISO 8601/,
        );
      }
    });
  });

  test("unknown query parameters are ignored; several bad values are all named", async () => {
    expect((await list("colour=red&pageSize=2")).body.items).toHaveLength(2);
    const body = await expectProblem(
      await service.call(
        "GET",
        `${BASE}?page=0&pageSize=500&sortBy=size&descending=maybe&updatedSince=never`,
        { token },
      ),
      400,
      "validation_failed",
    );
    expect(body.errors?.map((e) => e.field)).toEqual([
      "page",
      "pageSize",
      "sortBy",
      "descending",
      "updatedSince",
    ]);
  });
});
