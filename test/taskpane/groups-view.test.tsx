/**
 * @jest-environment ./test/leak-guard/jsdom-environment.js
 *
 * The Groups view against the real service (started in this process on the embedded database) and
 * the workbench's simulated Outlook item (test/fixtures/message.json), read through the real adapter.
 */
import { memoryStorage, nodeFetch } from "./setup";
import { readFileSync } from "node:fs";
import path from "node:path";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PAT_STORAGE_KEY } from "../../src/auth";
import { createHttpClient } from "../../src/api/http";
import { createSigningGroupsApi, type SigningGroupsApi } from "../../src/api/signing-groups";
import { createAsyncLimiter, createOutlookHost, type OutlookHost } from "../../src/outlook";
import { Root } from "../../src/taskpane/components/Root";
import { GROUP_INDEX_STORAGE_KEY, SERVICE_URL_STORAGE_KEY } from "../../src/taskpane/session";
import GroupsView from "../../src/taskpane/views/GroupsView";
import type { MessageFixture } from "../../src/workbench/bridge";
import { createFakeOffice } from "../../src/workbench/fake-office";
import { startTestService, type TestService } from "../service/harness";

const FIXTURE = JSON.parse(
  readFileSync(path.join(__dirname, "..", "fixtures", "message.json"), "utf8"),
) as MessageFixture;

let service: TestService;
let api: SigningGroupsApi;
let token: string;
let tenant = 0;

function hostFor(mode: "read" | "compose", fixture: MessageFixture = FIXTURE): OutlookHost {
  const office = createFakeOffice({
    fixture,
    mode,
    theme: "light",
    latencyMs: 0,
    loadAttachment: async () => new Uint8Array(),
  });
  return createOutlookHost(office, { limiter: createAsyncLimiter(3) });
}

beforeAll(async () => {
  service = await startTestService("sqlite");
});
afterAll(() => service.close());

beforeEach(async () => {
  // A tenant of its own for each test: no groups but its own.
  token = await service.token(`groups-view-${++tenant}`);
  api = createSigningGroupsApi(
    createHttpClient({
      baseUrl: service.url,
      fetch: nodeFetch,
      tokenSource: { getToken: async () => token, signOut: () => undefined },
    }),
  );
});

function renderGroups(host: OutlookHost | null, storage = memoryStorage()) {
  storage.setItem(SERVICE_URL_STORAGE_KEY, service.url);
  storage.setItem(PAT_STORAGE_KEY, token);
  const user = userEvent.setup();
  render(
    <Root host={host} session={{ storage, fetch: nodeFetch }}>
      <GroupsView />
    </Root>,
  );
  return { user, storage };
}

// Fluent's dialog animates in; jsdom runs no animations, so the dialog and its buttons may still count
// as hidden (the browser test clicks them for real).
const findDialog = () => screen.findByRole("alertdialog", { hidden: true });
const peopleList = () => screen.findByRole("list", { name: "People on this message" });
// The list is rendered anew when the message changes: look it up afresh on every try.
const rowOf = (name: string) =>
  waitFor(
    () =>
      within(screen.getByRole("list", { name: "People on this message" }))
        .getByText(name)
        .closest("li") as HTMLElement,
  );
const groupsOf = (name: string) => screen.findByLabelText(`Signing groups of ${name}`);

describe("Groups view", () => {
  test("asks to sign in first when there is no credential", () => {
    const storage = memoryStorage();
    render(
      <Root host={null} session={{ storage, fetch: nodeFetch }}>
        <GroupsView />
      </Root>,
    );
    expect(screen.getByText("Sign in first")).toBeInTheDocument();
  });

  test("lists the message's people once each, marks the user, and shows the groups each is in", async () => {
    await api.create({ name: "Contoso legal", members: [{ email: "ALEX.WILBER@contoso.com" }] });
    await api.create({
      name: "Board",
      members: [{ email: "alex.wilber@contoso.com" }, { email: "legal@fabrikam.com" }],
    });
    renderGroups(hostFor("read"));

    const rows = await within(await peopleList()).findAllByTestId("message-person");
    expect(rows.map((r) => within(r).getAllByText(/\S/)[0]!.textContent)).toEqual([
      "Adele Vance",
      "Megan Bowen",
      "Alex Wilber",
      "Fabrikam Legal",
    ]);
    const megan = await rowOf("Megan Bowen");
    expect(within(megan).getByText("You")).toBeInTheDocument();
    expect(within(megan).getByRole("checkbox")).not.toBeChecked();
    expect(within(await rowOf("Alex Wilber")).getByRole("checkbox")).toBeChecked();
    expect(within(await rowOf("Fabrikam Legal")).getByText("Distribution list")).toBeInTheDocument();

    await waitFor(async () => expect(await groupsOf("Alex Wilber")).toHaveTextContent("BoardContoso legal"));
    expect(await groupsOf("Fabrikam Legal")).toHaveTextContent("Board");
    expect(await groupsOf("Adele Vance")).toHaveTextContent("In no signing group");
  });

  test("creates a group of the picked people, named after the subject, and shows it beside each", async () => {
    const { user } = renderGroups(hostFor("read"));
    await user.click(await screen.findByRole("button", { name: "New group from 3 selected" }));
    const form = screen.getByRole("form", { name: "New signing group" });
    const name = within(form).getByRole("textbox", { name: /Group name/ });
    expect(name).toHaveValue(FIXTURE.subject);

    // A blank name is refused next to the field, and nothing is sent.
    await user.clear(name);
    await user.click(within(form).getByRole("button", { name: "Create group with 3 people" }));
    expect(within(form).getByText("Enter a name for the group.")).toBeInTheDocument();
    expect((await api.list()).totalCount).toBe(0);

    // A distribution list among them: what that means is said before the group is made.
    expect(
      within(form).getByText(
        /Fabrikam Legal is a distribution list: whoever reads mail sent to that address may sign/,
      ),
    ).toBeInTheDocument();
    await user.type(name, "NDA signers");
    await user.type(within(form).getByRole("textbox", { name: /Description/ }), "Mutual NDA, March");
    await user.click(within(form).getByRole("button", { name: "Create group with 3 people" }));
    // Made: the form gives way to the outcome, so a second click cannot make it twice.
    const done = await screen.findByRole("group", { name: "New signing group" });
    expect(await within(done).findByText("Created “NDA signers”")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create group with 3 people" })).toBeNull();

    const [group] = (await api.list()).items;
    expect(group).toMatchObject({ name: "NDA signers", description: "Mutual NDA, March", memberCount: 3 });
    expect((await api.members(group!.id)).map((m) => [m.email, m.name])).toEqual([
      ["adele.vance@fabrikam.com", "Adele Vance"],
      ["alex.wilber@contoso.com", "Alex Wilber"],
      ["legal@fabrikam.com", "Fabrikam Legal"],
    ]);
    await waitFor(async () => expect(await groupsOf("Alex Wilber")).toHaveTextContent("NDA signers"));
    expect(await groupsOf("Megan Bowen")).toHaveTextContent("In no signing group");
    // Another group starts from an empty form again (the name from the subject).
    await user.click(within(done).getByRole("button", { name: "Create another group" }));
    const again = screen.getByRole("form", { name: "New signing group" });
    expect(within(again).getByRole("textbox", { name: /Group name/ })).toHaveValue(FIXTURE.subject);
    expect(within(again).getByRole("textbox", { name: /Description/ })).toHaveValue("");
    expect((await api.list()).totalCount).toBe(1);
  });

  test("a name the service refuses is shown next to the field, and what was typed stays", async () => {
    const { user } = renderGroups(hostFor("read"));
    await user.click(await screen.findByRole("button", { name: "New group from 3 selected" }));
    const form = screen.getByRole("form", { name: "New signing group" });
    const name = within(form).getByRole("textbox", { name: /Group name/ });
    await user.clear(name);
    await user.type(name, "Bell\u0007group"); // control characters: the service says no
    await user.click(within(form).getByRole("button", { name: "Create group with 3 people" }));
    expect(await within(form).findByText("The group was not created")).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription(/name must not contain control characters/);
    expect(name).toHaveValue("Bell\u0007group");
  });

  test("adds the picked people to an existing group, skipping who is already in it", async () => {
    const existing = await api.create({ name: "Approvers", members: [{ email: "Alex.Wilber@Contoso.com" }] });
    const { user } = renderGroups(hostFor("read"));
    await user.click(await screen.findByRole("button", { name: "Add 3 to a group" }));
    const panel = screen.getByRole("group", { name: "Add to a signing group" });
    await user.type(within(panel).getByRole("combobox", { name: /Signing group/ }), "Appro");
    await user.click(await screen.findByRole("option", { name: /Approvers/ }));
    expect(
      await within(panel).findByText("Already in Approvers (skipped): alex.wilber@contoso.com"),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Add 2 people to Approvers" }));
    expect(await within(panel).findByText("Added to “Approvers”")).toBeInTheDocument();
    expect((await api.members(existing.id)).map((m) => m.email)).toEqual([
      "Alex.Wilber@Contoso.com",
      "adele.vance@fabrikam.com",
      "legal@fabrikam.com",
    ]);
  });

  test("manages groups: search, open, rename, add and remove a member with undo, delete with confirmation", async () => {
    await api.create({ name: "Finance", members: [{ email: "cfo@contoso.com" }] });
    await api.create({ name: "Facilities", members: [] });
    const { user } = renderGroups(null);
    const list = await screen.findByRole("list", { name: "Signing groups" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);

    await user.type(screen.getByRole("searchbox"), "cfo@");
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Signing groups" })).getAllByRole("listitem"),
      ).toHaveLength(1),
    );
    await user.click(screen.getByRole("button", { name: "Finance" }));

    const details = await screen.findByRole("form", { name: "Group details" });
    const nameField = within(details).getByRole("textbox", { name: /Name/ });
    await user.clear(nameField);
    await user.type(nameField, "Finance approvers");
    await user.click(within(details).getByRole("button", { name: "Save changes" }));
    expect(await within(details).findByText("Saved.")).toBeInTheDocument();

    const addForm = screen.getByRole("form", { name: "Add a member" });
    await user.type(within(addForm).getByRole("textbox", { name: /Email/ }), "CFO@contoso.com");
    await user.click(within(addForm).getByRole("button", { name: "Add member" }));
    // The service's duplicate_member message stands next to the address, which stays.
    expect(await within(addForm).findByText(/already a member/)).toBeInTheDocument();
    expect(within(addForm).getByRole("textbox", { name: /Email/ })).toHaveValue("CFO@contoso.com");
    await user.clear(within(addForm).getByRole("textbox", { name: /Email/ }));
    await user.type(within(addForm).getByRole("textbox", { name: /Email/ }), "ap@contoso.com");
    await user.click(within(addForm).getByRole("button", { name: "Add member" }));
    expect(await within(addForm).findByText("Added ap@contoso.com.")).toBeInTheDocument();

    const members = await screen.findByRole("list", { name: "Members of Finance approvers" });
    await waitFor(() => expect(within(members).getAllByRole("listitem")).toHaveLength(2));
    await user.click(within(members).getByRole("button", { name: "Remove cfo@contoso.com" }));
    expect(await screen.findByText("Removed cfo@contoso.com.")).toBeInTheDocument();
    const [finance] = (await api.list({ search: "finance" })).items;
    expect((await api.members(finance!.id)).map((m) => m.email)).toEqual(["ap@contoso.com"]);
    await user.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(async () =>
      expect((await api.members(finance!.id)).map((m) => m.email)).toEqual([
        "ap@contoso.com",
        "cfo@contoso.com",
      ]),
    );

    await user.click(screen.getByRole("button", { name: "Delete group" }));
    const dialog = await findDialog();
    expect(dialog).toHaveTextContent("Delete “Finance approvers”?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel", hidden: true }));
    await waitFor(() => expect(screen.queryByRole("alertdialog", { hidden: true })).not.toBeInTheDocument());
    expect((await api.list()).totalCount).toBe(2);
    await user.click(screen.getByRole("button", { name: "Delete group" }));
    await user.click(within(await findDialog()).getByRole("button", { name: "Delete group", hidden: true }));
    expect(await screen.findByText("Deleted “Finance approvers”.")).toBeInTheDocument();
    expect((await api.list()).items.map((g) => g.name)).toEqual(["Facilities"]);
  }, 60_000);

  test("bulk delete shows each group's result", async () => {
    const a = await api.create({ name: "Alpha" });
    await api.create({ name: "Beta" });
    const { user } = renderGroups(null);
    const list = await screen.findByRole("list", { name: "Signing groups" });
    await user.click(within(list).getByRole("checkbox", { name: "Select Alpha" }));
    await user.click(within(list).getByRole("checkbox", { name: "Select Beta" }));
    // Someone else deletes Alpha first: its result says so, Beta's says deleted.
    await api.delete(a.id);
    await user.click(screen.getByRole("button", { name: "Delete 2 selected groups" }));
    await user.click(
      within(await findDialog()).getByRole("button", { name: "Delete 2 groups", hidden: true }),
    );
    const results = await screen.findByRole("list", { name: "Deletion results" });
    expect(
      within(results)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/^Alpha: .*(not found|no signing group)/i), "Beta: deleted"]);
    expect(screen.getByText("Deleted 1 of 2")).toBeInTheDocument();
    expect((await api.list()).totalCount).toBe(0);
  });

  test("a pinned pane follows the selected message (ItemChanged)", async () => {
    const fixture: MessageFixture = JSON.parse(JSON.stringify(FIXTURE));
    const office = createFakeOffice({
      fixture,
      mode: "read",
      theme: "light",
      latencyMs: 0,
      loadAttachment: async () => new Uint8Array(),
    });
    renderGroups(createOutlookHost(office, { limiter: createAsyncLimiter(3) }));
    expect(await rowOf("Fabrikam Legal")).toBeInTheDocument();
    // The simulated item is replaced in place, as selecting another message does.
    fixture.cc.splice(0, fixture.cc.length, {
      emailAddress: "nestor.wilke@contoso.com",
      displayName: "Nestor Wilke",
      recipientType: "user",
    });
    (office as unknown as { __fireItemChanged(): void }).__fireItemChanged();
    expect(await rowOf("Nestor Wilke")).toBeInTheDocument();
    expect(within(await peopleList()).queryByText("Fabrikam Legal")).not.toBeInTheDocument();
  });

  test("writing: Bcc is listed, and recipients edited in Outlook are read again when the pane gets focus", async () => {
    const fixture: MessageFixture = JSON.parse(JSON.stringify(FIXTURE));
    const office = createFakeOffice({
      fixture,
      mode: "compose",
      theme: "light",
      latencyMs: 0,
      loadAttachment: async () => new Uint8Array(),
    });
    const item = (office.context.mailbox as unknown as { item: Record<string, unknown> }).item;
    item.bcc = {
      getAsync: (cb: (r: unknown) => void) => setTimeout(() => cb({ status: "succeeded", value: bcc }), 0),
    };
    const bcc = [{ emailAddress: "archive@contoso.com", displayName: "Archive", recipientType: "user" }];
    renderGroups(createOutlookHost(office, { limiter: createAsyncLimiter(3) }));
    const archive = await rowOf("Archive");
    expect(within(archive).getByText("Bcc")).toBeInTheDocument();
    // Writing, the sender is the user: not listed.
    expect(within(await peopleList()).queryByText("Adele Vance")).not.toBeInTheDocument();

    fixture.composeTo!.push({
      emailAddress: "diego@contoso.com",
      displayName: "Diego Siciliani",
      recipientType: "user",
    });
    window.dispatchEvent(new Event("focus"));
    expect(await rowOf("Diego Siciliani")).toBeInTheDocument();
  });

  test("signing out removes the copy of group memberships", async () => {
    await api.create({ name: "Board", members: [{ email: "alex.wilber@contoso.com" }] });
    const { storage } = renderGroups(hostFor("read"));
    await waitFor(async () => expect(await groupsOf("Alex Wilber")).toHaveTextContent("Board"));
    expect(storage.data.has(GROUP_INDEX_STORAGE_KEY)).toBe(true);
  });
});
