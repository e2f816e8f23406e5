/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * What the adapter says about sign-in support (requirement sets) and the Office dialog both ways.
 */
import {
  OfficeErrorCode,
  OutlookError,
  createAsyncLimiter,
  createDialogPage,
  createOutlookHost,
} from "../../src/outlook";
import type { DialogEvent } from "../../src/outlook";
import { failed, fakeMailbox, fakeOffice, fakeUi, readItem, type FakeOfficeExtra } from "./fakes";

function hostWith(extra: FakeOfficeExtra) {
  return createOutlookHost(fakeOffice(fakeMailbox(readItem()), extra), { limiter: createAsyncLimiter(3) });
}

describe("requirement sets", () => {
  it("reports nested app authentication only when NestedAppAuth 1.1 is supported", () => {
    expect(hostWith({ sets: ["NestedAppAuth 1.1"] }).supportsNestedAppAuth()).toBe(true);
    expect(hostWith({ sets: ["Mailbox 1.8"] }).supportsNestedAppAuth()).toBe(false);
  });

  it("says no when the host cannot answer", () => {
    const office = fakeOffice(fakeMailbox(readItem()));
    Object.defineProperty(office.context, "requirements", {
      get() {
        throw new Error("not in this host");
      },
    });
    expect(createOutlookHost(office).supportsNestedAppAuth()).toBe(false);
  });

  it("offers dialogs when DialogApi 1.1 and displayDialogAsync are there", () => {
    expect(hostWith({ sets: ["DialogApi 1.1"], ui: fakeUi() }).supportsDialogs()).toBe(true);
    expect(hostWith({ sets: ["DialogApi 1.1"] }).supportsDialogs()).toBe(false);
    expect(hostWith({ ui: fakeUi() }).supportsDialogs()).toBe(false);
  });
});

describe("openDialog", () => {
  it("opens the URL and passes messages with their origin, then the close", async () => {
    const ui = fakeUi();
    const events: DialogEvent[] = [];
    const handle = await hostWith({ ui }).openDialog(
      "https://addin.example/auth-dialog.html",
      { height: 60, width: 30 },
      (e) => events.push(e),
    );
    expect(ui.opened[0]?.url).toBe("https://addin.example/auth-dialog.html");
    expect(ui.opened[0]?.options).toEqual({ height: 60, width: 30 });
    ui.opened[0]!.send("hello", "https://addin.example");
    ui.opened[0]!.send("no origin");
    ui.opened[0]!.event(OfficeErrorCode.DialogClosedByUser);
    ui.opened[0]!.send("after close");
    expect(events).toEqual([
      { kind: "message", message: "hello", origin: "https://addin.example" },
      { kind: "message", message: "no origin", origin: null },
      { kind: "closed", code: 12006 },
    ]);
    handle.close();
    expect(ui.opened[0]!.close).not.toHaveBeenCalled();
  });

  it("closes the dialog once, and reports nothing after", async () => {
    const ui = fakeUi();
    const events: DialogEvent[] = [];
    const handle = await hostWith({ ui }).openDialog(
      "https://a.example/d.html",
      { height: 50, width: 50 },
      (e) => events.push(e),
    );
    handle.close();
    handle.close();
    ui.opened[0]!.send("late");
    expect(ui.opened[0]!.close).toHaveBeenCalledTimes(1);
    expect(events).toEqual([]);
  });

  it("rejects with words the user can act on when the browser blocks the window", async () => {
    const ui = fakeUi();
    ui.refuse = failed(12011, "PopupBlocked", "blocked");
    const error = await hostWith({ ui })
      .openDialog("https://a.example/d.html", { height: 50, width: 50 }, () => undefined)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutlookError);
    expect((error as OutlookError).code).toBe(12011);
    expect((error as OutlookError).message).toMatch(/Allow pop-ups/);
  });

  it("says when a window is already open", async () => {
    const ui = fakeUi();
    ui.refuse = failed(12007, "DialogAlreadyOpened", "already");
    const error = (await hostWith({ ui })
      .openDialog("https://a.example/d.html", { height: 50, width: 50 }, () => undefined)
      .catch((e: unknown) => e)) as OutlookError;
    expect(error.message).toBe(
      "A Sign for Outlook window is already open. Finish or close it, then try again.",
    );
  });

  it("rejects when the host has no dialogs", async () => {
    await expect(
      hostWith({}).openDialog("https://a.example/d.html", { height: 50, width: 50 }, () => undefined),
    ).rejects.toBeInstanceOf(OutlookError);
  });
});

describe("createDialogPage", () => {
  it("sends to the parent through messageParent", () => {
    const messageParent = jest.fn();
    const page = createDialogPage({ context: { ui: { messageParent } } } as unknown as typeof Office);
    expect(page.inDialog()).toBe(true);
    page.messageParent("{}");
    expect(messageParent).toHaveBeenCalledWith("{}");
  });

  it("refuses outside a dialog", () => {
    const page = createDialogPage({ context: {} } as unknown as typeof Office);
    expect(page.inDialog()).toBe(false);
    expect(() => page.messageParent("{}")).toThrow(OutlookError);
  });
});
