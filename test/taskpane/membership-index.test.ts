/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * The Groups view's membership index against the real service (both databases): exact membership
 * (not substring matches), the first open in two requests (the watermark, then resolve), the copy
 * reused across pane openings with two requests, and every kind of change since (members added and
 * removed, groups created, renamed and deleted) noticed with one request more.
 */
import { createHttpClient } from "../../src/api/http";
import { createSigningGroupsApi, type SigningGroupsApi } from "../../src/api/signing-groups";
import { createMembershipIndex, type GroupSummary } from "../../src/taskpane/groups/membership-index";
import { BACKENDS, startTestService, type TestService } from "../service/harness";
import { memoryStorage } from "./setup";

const KEY = "sign-for-outlook.groupIndex";

describe.each(BACKENDS)("membership index on %s", (backend) => {
  let service: TestService;
  let api: SigningGroupsApi;
  let token: string;

  beforeAll(async () => {
    service = await startTestService(backend);
    token = await service.token("contoso");
    api = createSigningGroupsApi(
      createHttpClient({
        baseUrl: service.url,
        tokenSource: { getToken: async () => token, signOut: () => undefined },
      }),
    );
  });
  afterAll(() => service.close());

  const open = (storage: ReturnType<typeof memoryStorage>, scope = `${service.url}|contoso`) =>
    createMembershipIndex({ api, storage, storageKey: KEY, scope });
  const names = (groups: GroupSummary[] | undefined) => (groups ?? []).map((g) => g.name);

  test("finds exactly the groups that contain each address, reuses the copy, and follows every change", async () => {
    const legal = await api.create({
      name: "Legal",
      members: [{ email: "Alex.Wilber@Contoso.com" }, { email: "megan@contoso.com" }],
    });
    const sales = await api.create({ name: "Sales", members: [{ email: "alex.wilber@contoso.com" }] });
    // Substring matches that are not membership: another address containing it, and the name.
    await api.create({ name: "Near misses", members: [{ email: "xalex.wilber@contoso.com.au" }] });
    await api.create({ name: "About alex.wilber@contoso.com", members: [] });
    await api.create({ name: "Others", members: [{ email: "adele@fabrikam.com" }] });

    const storage = memoryStorage();
    const first = open(storage);
    const asked = ["alex.wilber@contoso.com", "MEGAN@contoso.com", "nobody@contoso.com"];
    const found = await first.resolve(asked);
    expect(names(found.get("alex.wilber@contoso.com"))).toEqual(["Legal", "Sales"]);
    expect(names(found.get("megan@contoso.com"))).toEqual(["Legal"]);
    expect(names(found.get("nobody@contoso.com"))).toEqual([]);
    expect(storage.data.has(KEY)).toBe(true);
    // The watermark, then one resolve for all three addresses.
    expect(first.requests).toBe(2);

    // The pane opens again: nothing changed, so two requests answer it.
    const again = open(storage);
    expect(await again.resolve(asked)).toEqual(found);
    expect(again.requests).toBe(2);

    // Changes since: a member added to a group, one removed, a group renamed, a new group.
    await api.addMember(legal.id, { email: "nobody@contoso.com" });
    await api.removeMember(sales.id, "ALEX.WILBER@contoso.com");
    await api.update(legal.id, { name: "Legal team" });
    await api.create({ name: "New deal", members: [{ email: "megan@contoso.com" }] });
    const third = open(storage);
    const changed = await third.resolve(asked);
    expect(names(changed.get("alex.wilber@contoso.com"))).toEqual(["Legal team"]);
    expect(names(changed.get("megan@contoso.com"))).toEqual(["Legal team", "New deal"]);
    expect(names(changed.get("nobody@contoso.com"))).toEqual(["Legal team"]);
    // The two of a reopening, and one resolve of the three addresses again.
    expect(third.requests).toBe(3);

    // A deleted group leaves no trace in updatedSince: the count tells, and the addresses are looked up again.
    await api.delete(legal.id);
    const fourth = open(storage);
    const afterDelete = await fourth.resolve(asked);
    expect(names(afterDelete.get("alex.wilber@contoso.com"))).toEqual([]);
    expect(names(afterDelete.get("megan@contoso.com"))).toEqual(["New deal"]);
    expect(fourth.requests).toBe(3);

    // An address not asked about before is looked up; the others come from the copy.
    const fifth = open(storage);
    const more = await fifth.resolve([...asked, "adele@fabrikam.com"]);
    expect(names(more.get("adele@fabrikam.com"))).toEqual(["Others"]);
    expect(names(more.get("megan@contoso.com"))).toEqual(["New deal"]);
    expect(fifth.requests).toBe(3);
  });

  test("answers 600 addresses in two resolves, and an address no member could have without asking", async () => {
    const crowd = await api.create({ name: "Crowd", members: [{ email: "person599@crowd.example" }] });
    const asked = Array.from({ length: 600 }, (_, i) => `person${i}@crowd.example`);
    const index = open(memoryStorage());
    const found = await index.resolve([...asked, "not an address", "Person599@CROWD.example"]);
    expect(names(found.get("person599@crowd.example"))).toEqual(["Crowd"]);
    expect(found.get("person599@crowd.example")![0]).toEqual({ id: crowd.id, name: "Crowd", memberCount: 1 });
    expect(names(found.get("person0@crowd.example"))).toEqual([]);
    expect(names(found.get("not an address"))).toEqual([]);
    expect(found.size).toBe(601);
    expect(index.requests).toBe(3);
  });

  test("a copy of another tenant or service is not used", async () => {
    const storage = memoryStorage();
    await open(storage, "elsewhere|fabrikam").resolve(["megan@contoso.com"]);
    const other = open(storage);
    await other.resolve(["megan@contoso.com"]);
    // It starts over: the watermark, then resolve (a reuse would ask for the changes and the count).
    expect(other.requests).toBe(2);
    const reused = open(storage);
    await reused.resolve(["megan@contoso.com"]);
    expect(reused.requests).toBe(2);
  });

  test("clear() forgets the copy", async () => {
    const storage = memoryStorage();
    const index = open(storage);
    await index.resolve(["megan@contoso.com"]);
    index.clear();
    expect(storage.data.has(KEY)).toBe(false);
  });
});
