/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * Making a group of many people against the real service: over 100 members are created with the
 * first 100 and added after, with progress; a failure midway is reported per address, and a retry
 * of the failed ones duplicates no one.
 */
import { createHttpClient } from "../../src/api/http";
import { createSigningGroupsApi, type SigningGroupsApi } from "../../src/api/signing-groups";
import {
  addMembers,
  createGroupWithMembers,
  memberIndexOfField,
  retryFailed,
  type Progress,
} from "../../src/taskpane/groups/add-members";
import { BACKENDS, startTestService, type TestService } from "../service/harness";

describe.each(BACKENDS)("adding members on %s", (backend) => {
  let service: TestService;
  let api: SigningGroupsApi;

  beforeAll(async () => {
    service = await startTestService(backend);
    const token = await service.token("contoso");
    api = createSigningGroupsApi(
      createHttpClient({
        baseUrl: service.url,
        tokenSource: { getToken: async () => token, signOut: () => undefined },
      }),
    );
  });
  afterAll(() => service.close());

  test("130 people: created with 100, 30 added one by one, progress to the end", async () => {
    const people = Array.from({ length: 130 }, (_, i) => ({ email: `p${i}@contoso.com`, name: `P ${i}` }));
    const progress: Progress[] = [];
    const { group, outcomes } = await createGroupWithMembers(
      api,
      { name: "Everyone on the thread", description: null },
      people,
      { onProgress: (p) => progress.push(p) },
    );
    expect(outcomes.map((o) => o.status)).toEqual(Array(130).fill("added"));
    expect(progress[0]).toEqual({ done: 0, total: 130 });
    expect(progress.at(-1)).toEqual({ done: 130, total: 130 });
    expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
    const members = await api.members(group.id);
    expect(members.map((m) => m.email)).toEqual(people.map((p) => p.email));
    expect((await api.get(group.id)).memberCount).toBe(130);
  });

  test("a failure midway is reported per address; a retry adds only what is missing", async () => {
    const people = [
      ...Array.from({ length: 100 }, (_, i) => ({ email: `q${i}@contoso.com` })),
      { email: "fine@contoso.com" },
      { email: "not an address" },
      { email: "Q5@contoso.com" }, // already in, by the first 100 (case differs)
    ];
    const { group, outcomes } = await createGroupWithMembers(
      api,
      { name: "Midway", description: "x" },
      people,
    );
    const rest = outcomes.slice(100);
    expect(rest.map((o) => [o.email, o.status])).toEqual([
      ["fine@contoso.com", "added"],
      ["not an address", "failed"],
      ["Q5@contoso.com", "already"],
    ]);
    expect(rest[1]).toMatchObject({ message: expect.stringContaining("email") });

    // Retrying the failed one: still refused, the others' outcomes kept as they were.
    const retried = await retryFailed(api, group.id, outcomes, () => null);
    expect(retried.slice(100).map((o) => o.status)).toEqual(["added", "failed", "already"]);
    expect(retried.slice(0, 100)).toEqual(outcomes.slice(0, 100));

    // Retrying everything: the ones in already are skipped, not duplicated.
    const again = await addMembers(api, group.id, people.slice(98));
    expect(again.map((o) => o.status)).toEqual(["already", "already", "already", "failed", "already"]);
    expect((await api.get(group.id)).memberCount).toBe(101);
  });

  test("a create the service refuses names the members by position, and creates nothing", async () => {
    const before = (await api.list()).totalCount;
    await expect(
      createGroupWithMembers(api, { name: "Bad", description: null }, [
        { email: "ok@contoso.com" },
        { email: "OK@contoso.com" },
      ]),
    ).rejects.toMatchObject({
      code: "validation_failed",
      errors: [expect.objectContaining({ field: "members[1].email" })],
    });
    expect((await api.list()).totalCount).toBe(before);
    expect(memberIndexOfField("members[1].email")).toBe(1);
    expect(memberIndexOfField("name")).toBeNull();
  });
});
