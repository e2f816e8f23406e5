// Search of the signing-group list (contract §4: case-insensitive substring of name, description or
// any member's email) against a model: whatever the index answers a search from (the grams of short
// searches, the trigram index of longer ones), the groups and totalCount must be exactly those of a
// plain substring filter over what the groups hold after creates, adds, removes, renames and deletes.
import fc from "fast-check";
import { caseKey } from "../../src/service/domain/signing-groups";
import { BACKENDS, startTestService, type TestService } from "./harness";
import { api, BASE, createGroup, type GroupList } from "./signing-groups.helpers";

/** Letters with case and Unicode folding traps: ß/ẞ, İ (lowercases to two code points), Ä/ä, an emoji. */
const LETTERS = ["a", "B", "j", "O", "z", "ü", "Ä", "ß", "ẞ", "İ", "1", "-"];
/** Punctuation an address may hold before its '@', each of which PostgreSQL's search_split holds as a letter (see TRIGRAM_PUNCTUATION). */
const LOCAL_EXTRA = [".", "+", "'", "_", "$", "{"];
/** In names, descriptions and searches: mapped punctuation, and '|' and '\\', which are not. */
const TEXT_EXTRA = [" ", "%", "_", "😀", "é", ".", "'", "(", "@", "|", "\\"];

const letter = fc.constantFrom(...LETTERS);
const textChar = fc.constantFrom(...LETTERS, ...TEXT_EXTRA);
const join = (chars: string[]) => chars.join("");
const name = fc
  .array(textChar, { minLength: 1, maxLength: 8 })
  .map(join)
  .filter((s) => s.trim() !== "");
const description = fc.option(fc.array(textChar, { minLength: 1, maxLength: 10 }).map(join), { nil: null });
const email = fc
  .tuple(
    fc
      .array(fc.oneof({ weight: 3, arbitrary: letter }, fc.constantFrom(...LOCAL_EXTRA)), {
        minLength: 1,
        maxLength: 6,
      })
      .map(join),
    fc.constantFrom("x.example", "Jö.example", "ü.de", "ab.org"),
  )
  // A dot-atom: no dot first, last or twice in a row.
  .map(
    ([local, domain]) => `${local.replace(/\.{2,}/g, ".").replace(/^[-.]+|[-.]+$/g, "") || "q"}@${domain}`,
  );

interface ModelGroup {
  id: string;
  name: string;
  description: string | null;
  emails: string[];
}

type Op =
  | { kind: "add"; group: number; email: string }
  | { kind: "remove"; group: number; member: number }
  | { kind: "update"; group: number; name: string | null; description: string | null | undefined }
  | { kind: "delete"; group: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), group: fc.nat(), email }),
  fc.record({ kind: fc.constant("remove" as const), group: fc.nat(), member: fc.nat() }),
  fc.record({
    kind: fc.constant("update" as const),
    group: fc.nat(),
    name: fc.option(name, { nil: null }),
    description: fc.option(description, { nil: undefined }),
  }),
  fc.record({ kind: fc.constant("delete" as const), group: fc.nat() }),
);

/** What a plain substring search answers. */
const matches = (group: ModelGroup, search: string) => {
  const key = caseKey(search.trim());
  return [group.name, group.description ?? "", ...group.emails].some((text) => caseKey(text).includes(key));
};

/** Searches: short ones mostly (the new index), some of 3 and 4 characters (trigrams), random case. */
const searches = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.array(textChar, { minLength: 1, maxLength: 2 }).map(join) },
    { weight: 1, arbitrary: fc.array(textChar, { minLength: 3, maxLength: 4 }).map(join) },
  ),
  { minLength: 4, maxLength: 8 },
);

describe.each(BACKENDS)("signing-group search on %s", (backend) => {
  let service: TestService;
  let tenants = 0;
  beforeAll(async () => {
    service = await startTestService(backend);
  });
  afterAll(() => service.close());

  test("answers exactly the groups a substring filter finds, after any changes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            name,
            description,
            emails: fc.uniqueArray(email, { maxLength: 4, selector: caseKey }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.array(op, { maxLength: 6 }),
        searches,
        async (created, ops, terms) => {
          // A tenant per run: the earlier runs' groups sit in other tenants and must never show.
          const token = await service.token(`search-${++tenants}`);
          const model: ModelGroup[] = [];
          for (const g of created) {
            const group = await createGroup(service, token, {
              name: g.name,
              description: g.description,
              members: g.emails.map((e) => ({ email: e })),
            });
            model.push({ id: group.id, name: group.name, description: group.description, emails: g.emails });
          }
          for (const o of ops) {
            if (model.length === 0) break;
            const group = model[o.group % model.length]!;
            const route = `${BASE}/${group.id}`;
            if (o.kind === "add") {
              if (group.emails.some((e) => caseKey(e) === caseKey(o.email))) continue;
              expect((await api(service, token, "POST", `${route}/members`, { email: o.email })).status).toBe(
                201,
              );
              group.emails.push(o.email);
            } else if (o.kind === "remove") {
              if (group.emails.length === 0) continue;
              const [gone] = group.emails.splice(o.member % group.emails.length, 1);
              const answer = await api(
                service,
                token,
                "DELETE",
                `${route}/members/${encodeURIComponent(gone!)}`,
              );
              expect(answer.status).toBe(204);
            } else if (o.kind === "update") {
              const body = { name: o.name, description: o.description };
              const answer = await api<{ name: string; description: string | null }>(
                service,
                token,
                "PUT",
                route,
                body,
              );
              expect(answer.status).toBe(200);
              group.name = answer.body.name;
              group.description = answer.body.description;
            } else {
              expect((await api(service, token, "DELETE", route)).status).toBe(204);
              model.splice(model.indexOf(group), 1);
            }
          }
          // Every search is also tried on text the groups hold, in another case, so that many match.
          const held = model.flatMap((g) => [g.name, ...g.emails]);
          const all = [
            ...terms,
            ...held.slice(0, 3).map((t) => [...t].slice(1, 3).join("").toUpperCase()),
            ...held.slice(0, 2).map((t) => [...t].slice(0, 1).join("")),
            // Longer ones: a domain, part of one and the start of one after '@' (found from the
            // domains' rows), text across an email's '@' (looked up in the whole emails), in another case.
            ...model
              .flatMap((g) => g.emails.slice(0, 2))
              .flatMap((e) => {
                const at = e.lastIndexOf("@");
                return [
                  e.slice(at + 1).toUpperCase(),
                  e.slice(at + 2, at + 6),
                  e.slice(at, at + 4).toUpperCase(),
                  e.slice(Math.max(0, at - 2), at + 3),
                  e.slice(Math.max(0, at - 2), at + 1).toUpperCase(),
                  e.slice(at),
                ];
              }),
            ".EXAMPLE",
          ].filter((t) => t.trim() !== "");
          for (const term of all) {
            const expected = model
              .filter((g) => matches(g, term))
              .map((g) => g.id)
              .sort();
            const q = `search=${encodeURIComponent(term)}`;
            const whole = await api<GroupList>(service, token, "GET", `${BASE}?${q}&pageSize=100`);
            expect({
              term,
              ids: whole.body.items.map((g) => g.id).sort(),
              total: whole.body.totalCount,
            }).toEqual({
              term,
              ids: expected,
              total: expected.length,
            });
            // Paged, and with another filter beside the search: the same groups, none twice.
            const paged: string[] = [];
            for (let page = 1; page <= Math.ceil(expected.length / 2); page++) {
              const answer = await api<GroupList>(
                service,
                token,
                "GET",
                `${BASE}?${q}&pageSize=2&page=${page}`,
              );
              expect(answer.body.totalCount).toBe(expected.length);
              paged.push(...answer.body.items.map((g) => g.id));
            }
            expect(paged).toEqual(whole.body.items.map((g) => g.id));
            const since = await api<GroupList>(service, token, "GET", `${BASE}?${q}&updatedSince=2000-01-01`);
            expect(since.body.totalCount).toBe(expected.length);
          }
        },
      ),
      { numRuns: 20 },
    );
    // Each run is a few dozen requests; a failure's shrinking takes many more runs.
  }, 300_000);

  test("searches page in sort order, whether few or many groups match", async () => {
    // Short searches: over 500 matches the page walks the sort order; up to 500 it is sorted from the
    // matches. Longer ones on PostgreSQL: the page walks the sort order when the matches are at least 4
    // times the rows up to the page's end (".example" on page 1 to 2), else sorts them.
    const token = await service.token("search-many");
    const names = Array.from({ length: 620 }, (_, i) => `g${i} ${i % 7 === 0 ? "seven" : "other"}`);
    for (let i = 0; i < names.length; i++) {
      await createGroup(service, token, { name: names[i]!, members: [{ email: `m${i}@x${i % 3}.example` }] });
    }
    const terms = ["g", "G1", "ev", "1", "x2", "@", "zz", "q"];
    for (const term of [...terms, ".EXAMPLE", "x1.ex", "seven", "m1@x1", "6@x", "@x0.example", "zzz"]) {
      const expected = names
        .filter(
          (n, i) => n.includes(term.toLowerCase()) || `m${i}@x${i % 3}.example`.includes(term.toLowerCase()),
        )
        .sort();
      for (const [sort, order] of [
        ["name", expected],
        ["name&descending=true", [...expected].reverse()],
      ] as const) {
        const seen: string[] = [];
        for (let page = 1; page <= Math.max(1, Math.ceil(expected.length / 100)); page++) {
          const answer = await api<GroupList>(
            service,
            token,
            "GET",
            `${BASE}?search=${encodeURIComponent(term)}&sortBy=${sort}&pageSize=100&page=${page}`,
          );
          expect(answer.body.totalCount).toBe(expected.length);
          seen.push(...answer.body.items.map((g) => g.name));
        }
        expect({ term, sort, seen }).toEqual({ term, sort, seen: order });
      }
    }
  }, 120_000);

  test("short searches: case, Unicode and what an update, a removal and a delete take away", async () => {
    const token = await service.token("search-short");
    const other = await service.token("search-short-other");
    await createGroup(service, other, { name: "ÄÖ other tenant", members: [{ email: "äö@x.example" }] });
    const found = async (search: string) => {
      const answer = await api<GroupList>(
        service,
        token,
        "GET",
        `${BASE}?search=${encodeURIComponent(search)}`,
      );
      return { names: answer.body.items.map((g) => g.name).sort(), total: answer.body.totalCount };
    };
    const a = await createGroup(service, token, {
      name: "Straße 😀",
      description: "İstanbul",
      members: [{ email: "JÖRG@x.example" }, { email: "ana@y.example" }],
    });
    expect(await found("SS")).toEqual({ names: [], total: 0 }); // ß is not ss: no folding beyond lowercase
    expect(await found("ẞe")).toEqual({ names: [a.name], total: 1 });
    expect(await found("😀")).toEqual({ names: [a.name], total: 1 });
    expect(await found("e 😀")).toEqual({ names: [a.name], total: 1 });
    expect(await found("i̇s")).toEqual({ names: [a.name], total: 1 }); // İ lowercases to i + combining dot
    expect(await found("jö")).toEqual({ names: [a.name], total: 1 });
    expect(await found("äö")).toEqual({ names: [], total: 0 });
    expect(await found("@")).toEqual({ names: [a.name], total: 1 });
    expect(await found("😀a")).toEqual({ names: [], total: 0 }); // never across two parts

    await api(service, token, "DELETE", `${BASE}/${a.id}/members/${encodeURIComponent("jörg@x.example")}`);
    expect(await found("jö")).toEqual({ names: [], total: 0 });
    expect(await found("x.")).toEqual({ names: [], total: 0 });
    expect(await found("y.")).toEqual({ names: [a.name], total: 1 });
    await api(service, token, "POST", `${BASE}/${a.id}/members`, { email: "Öz@x.example" });
    expect(await found("öz")).toEqual({ names: [a.name], total: 1 });

    await api(service, token, "PUT", `${BASE}/${a.id}`, { name: "Renamed", description: "" });
    expect(await found("😀")).toEqual({ names: [], total: 0 });
    expect(await found("st")).toEqual({ names: [], total: 0 });
    expect(await found("ed")).toEqual({ names: ["Renamed"], total: 1 });
    // A gram the old name and a member share stays while the member has it.
    expect(await found("a")).toEqual({ names: ["Renamed"], total: 1 });

    // A character followed by very many others: its followers take more than one row, still one group.
    const many = Array.from({ length: 600 }, (_, i) => String.fromCodePoint(0x4e00 + i));
    const wide = await createGroup(service, token, {
      name: "wide",
      description: many.map((c) => `a${c}`).join(""),
    });
    for (const c of [many[0]!, many[300]!, many[599]!]) {
      expect(await found(`A${c}`)).toEqual({ names: ["wide"], total: 1 });
    }
    expect(await found("a")).toEqual({ names: ["Renamed", "wide"], total: 2 });
    await api(service, token, "PUT", `${BASE}/${wide.id}`, { description: `a${many[599]}` });
    expect(await found(`a${many[300]}`)).toEqual({ names: [], total: 0 });
    expect(await found(`a${many[599]}`)).toEqual({ names: ["wide"], total: 1 });
    await api(service, token, "DELETE", `${BASE}/${wide.id}`);

    await api(service, token, "DELETE", `${BASE}/${a.id}`);
    for (const term of ["ed", "a", "öz", "@"]) expect(await found(term)).toEqual({ names: [], total: 0 });
    const theirs = await api<GroupList>(service, other, "GET", `${BASE}?search=%C3%A4`);
    expect(theirs.body.totalCount).toBe(1);
  });

  test("domain searches: many long domains in one group, and a domain no group holds any more", async () => {
    const token = await service.token("search-domains");
    const other = await service.token("search-domains-other");
    const found = async (search: string, as = token) => {
      const answer = await api<GroupList>(service, as, "GET", `${BASE}?search=${encodeURIComponent(search)}`);
      return { names: answer.body.items.map((g) => g.name).sort(), total: answer.body.totalCount };
    };
    // 150 members in as many domains of some 60 characters: the group's row of domains is ~9 KB.
    const domain = (i: number) =>
      `department-${String(i).padStart(3, "0")}.${"long-subdomain-".repeat(3)}example`;
    const wide = await createGroup(service, token, {
      name: "wide",
      members: Array.from({ length: 100 }, (_, i) => ({ email: `p${i}@${domain(i)}` })),
    });
    for (let i = 100; i < 150; i++) {
      const added = await api(service, token, "POST", `${BASE}/${wide.id}/members`, {
        email: `p${i}@${domain(i)}`,
      });
      expect(added.status).toBe(201);
    }
    await createGroup(service, token, { name: "narrow", members: [{ email: "q@department-149.example" }] });
    await createGroup(service, other, { name: "theirs", members: [{ email: `p7@${domain(7)}` }] });
    expect(await found("DEPARTMENT-149")).toEqual({ names: ["narrow", "wide"], total: 2 });
    expect(await found("@department-149.l")).toEqual({ names: ["wide"], total: 1 });
    expect(await found("@department-149.e")).toEqual({ names: ["narrow"], total: 1 });
    expect(await found("@epartment-149")).toEqual({ names: [], total: 0 }); // '@' then the domain's start
    expect(await found("subdomain-example")).toEqual({ names: ["wide"], total: 1 });
    expect(await found("department-007")).toEqual({ names: ["wide"], total: 1 });
    expect(await found("department-007", other)).toEqual({ names: ["theirs"], total: 1 });

    // The last address in a domain goes: the tenant still knows the name, and finds no group by it.
    const gone = await api(
      service,
      token,
      "DELETE",
      `${BASE}/${wide.id}/members/${encodeURIComponent(`p7@${domain(7)}`)}`,
    );
    expect(gone.status).toBe(204);
    expect(await found("department-007")).toEqual({ names: [], total: 0 });
    expect(await found("@department-007")).toEqual({ names: [], total: 0 });
    expect(await found("department-007", other)).toEqual({ names: ["theirs"], total: 1 });
    expect(await found("department-00")).toEqual({ names: ["wide"], total: 1 });
    await api(service, token, "DELETE", `${BASE}/${wide.id}`);
    expect(await found("department-00")).toEqual({ names: [], total: 0 });
    expect(await found("department-149")).toEqual({ names: ["narrow"], total: 1 });
  });
});
