/**
 * The group views' state machines (views/groups/use-*.ts), one named action at a time: saving a
 * group's details, adding and removing members, the list's query, and the selection's bulk delete.
 */
import type { BulkDeleteResult, SigningGroup, SigningGroupMember } from "../../src/api/signing-groups";
import { groupSaveReducer, startGroupSave } from "../../src/taskpane/views/groups/use-group-save";
import { initialListingQuery, listingQueryReducer } from "../../src/taskpane/views/groups/use-group-listing";
import {
  groupSelectionReducer,
  initialGroupSelection,
} from "../../src/taskpane/views/groups/use-group-selection";
import {
  emailProblem,
  initialMemberEdit,
  memberEditReducer,
} from "../../src/taskpane/views/groups/use-member-edit";

const group = (id: string, name: string, description: string | null = null) =>
  ({ id, name, description, memberCount: 0, createdOn: "", updatedOn: "" }) as unknown as SigningGroup;

describe("group details' save", () => {
  it("starts from the group, shows the problems found and saves only without them", () => {
    const start = startGroupSave(group("g1", "Board"));
    expect(start).toEqual({ name: "Board", description: "", problems: {}, saving: { status: "idle" } });
    const refused = groupSaveReducer(start, { type: "saveAsked", problems: { name: "Enter a name." } });
    expect(refused.saving).toEqual({ status: "idle" });
    expect(refused.problems).toEqual({ name: "Enter a name." });
    const asked = groupSaveReducer(refused, {
      type: "saveAsked",
      problems: { name: null, description: null },
    });
    expect(asked.saving).toEqual({ status: "busy" });
    const saved = groupSaveReducer(asked, { type: "saved", group: group("g1", "Board 2", "Votes") });
    expect(saved).toMatchObject({
      name: "Board 2",
      description: "Votes",
      saving: { status: "done", message: "Saved." },
    });
    const error = new Error("no");
    const failed = groupSaveReducer(asked, { type: "saveFailed", problems: { name: "Taken." }, error });
    expect(failed).toMatchObject({
      problems: { name: "Taken." },
      saving: { status: "failed", title: "Not saved", error },
    });
  });
});

describe("members' edit", () => {
  it("adds only a valid address, clears the form when added, and puts the service's reason by the address", () => {
    expect(emailProblem(" ")).toBe("Enter an email address.");
    expect(emailProblem("a@")).toBe("Enter an address like name@example.com.");
    expect(emailProblem("a@b.example")).toBeNull();
    let s = memberEditReducer(initialMemberEdit, { type: "emailChanged", email: "a@b.example" });
    s = memberEditReducer(s, { type: "nameChanged", name: "Ann" });
    expect(memberEditReducer(s, { type: "addAsked", problem: "Bad." })).toMatchObject({
      emailShown: "Bad.",
      adding: { status: "idle" },
    });
    s = memberEditReducer(s, { type: "addAsked", problem: null });
    expect(s.adding).toEqual({ status: "busy" });
    expect(memberEditReducer(s, { type: "added", email: "a@b.example" })).toMatchObject({
      email: "",
      name: "",
      adding: { status: "done", message: "Added a@b.example." },
    });
    const refused = memberEditReducer(s, { type: "addRefused", message: "Already a member." });
    expect(refused).toMatchObject({
      emailShown: "Already a member.",
      adding: { status: "idle" },
      email: "a@b.example",
    });
    expect(memberEditReducer(refused, { type: "emailChanged", email: "c@d.example" }).emailShown).toBeNull();
  });

  it("offers Undo for the member removed, and says which address failed", () => {
    const member = { email: "a@b.example", name: "Ann" } as SigningGroupMember;
    let s = memberEditReducer(initialMemberEdit, { type: "removeStarted" });
    expect(s.removing).toEqual({ status: "busy" });
    s = memberEditReducer(s, { type: "removed", member });
    expect(s).toMatchObject({ removed: member, removing: { status: "idle" } });
    s = memberEditReducer(s, { type: "undoStarted" });
    expect(s.removed).toBeNull();
    const error = new Error("no");
    expect(memberEditReducer(s, { type: "undoFailed", member, error }).removing).toEqual({
      status: "failed",
      title: "a@b.example was not added back",
      error,
    });
    expect(memberEditReducer(s, { type: "removeFailed", member, error }).removing).toMatchObject({
      title: "a@b.example was not removed",
    });
  });
});

describe("the list's query", () => {
  it("sends the search trimmed from the first page, and each change of order or size starts at page 1", () => {
    let q = listingQueryReducer(initialListingQuery, { type: "pageChosen", page: 3 });
    q = listingQueryReducer(q, { type: "searchTyped", text: "  board " });
    expect(q).toMatchObject({ searchDraft: "  board ", search: "", page: 3 });
    q = listingQueryReducer(q, { type: "searchSettled" });
    expect(q).toMatchObject({ search: "board", page: 1 });
    q = listingQueryReducer({ ...q, page: 2 }, { type: "sorted", sortBy: "memberCount" });
    expect(q).toMatchObject({ sortBy: "memberCount", page: 1 });
    q = listingQueryReducer({ ...q, page: 2 }, { type: "directionToggled" });
    expect(q).toMatchObject({ descending: true, page: 1 });
    q = listingQueryReducer({ ...q, page: 2 }, { type: "pageSizeChosen", pageSize: 50 });
    expect(q).toMatchObject({ pageSize: 50, page: 1 });
  });

  it("keeps the same query when nothing changes, so nothing is read again", () => {
    expect(listingQueryReducer(initialListingQuery, { type: "searchSettled" })).toBe(initialListingQuery);
    expect(listingQueryReducer(initialListingQuery, { type: "pageChosen", page: 1 })).toBe(
      initialListingQuery,
    );
  });
});

describe("the list's selection", () => {
  it("keeps selected only the groups whose deletion failed", () => {
    let s = groupSelectionReducer(initialGroupSelection, {
      type: "toggled",
      group: group("g1", "A"),
      on: true,
    });
    s = groupSelectionReducer(s, { type: "toggled", group: group("g2", "B"), on: true });
    s = groupSelectionReducer(s, { type: "toggled", group: group("g3", "C"), on: true });
    s = groupSelectionReducer(s, { type: "toggled", group: group("g3", "C"), on: false });
    s = groupSelectionReducer(s, { type: "confirmAsked" });
    expect(s.confirming).toBe(true);
    s = groupSelectionReducer(s, { type: "deleteStarted" });
    expect(s).toMatchObject({ confirming: false, deleting: true });
    const result = {
      successCount: 1,
      failureCount: 1,
      results: [
        { id: "g1", success: true },
        { id: "g2", success: false, error: { message: "locked" } },
      ],
    } as unknown as BulkDeleteResult;
    const names = new Map(s.selected);
    const done = groupSelectionReducer(s, { type: "deleted", result, names });
    expect(done.deleting).toBe(false);
    expect([...done.selected]).toEqual([["g2", "B"]]);
    expect(done.outcome).toEqual({ result, names });
    const error = new Error("down");
    expect(groupSelectionReducer(s, { type: "deleteFailed", error })).toMatchObject({
      deleting: false,
      outcome: { error },
      selected: names,
    });
  });
});
