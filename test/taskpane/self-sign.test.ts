/**
 * Sign it yourself, the pane's steps outside React (src/taskpane/self-sign/): names, the package's
 * state read as progress, the wait for the seal, the signing window (dialog, browser fallback), the
 * signing page's message, and handing the sealed files to Outlook (reply, draft: replace or beside).
 */
import type { PackagesApi } from "../../src/api/packages";
import type { ComposeSupport, DialogEvent, OutlookHost } from "../../src/outlook";
import { OutlookError } from "../../src/outlook";
import { readSigningWindowMessage, signingWindowMessage } from "../../src/shared/signing-window-message";
import { tellOpener } from "../../src/signing/components/App";
import {
  canReplace,
  deliver,
  unsupportedReason,
  type DraftOutlook,
} from "../../src/taskpane/self-sign/deliver";
import {
  SelfSignStopped,
  packageName,
  progressOf,
  selfRow,
  signedFileName,
  waitUntilSealed,
  type SelfSignPackage,
} from "../../src/taskpane/self-sign/flow";
import { bytesToBase64 } from "../../src/outlook/content";
import { openSigningWindow } from "../../src/taskpane/self-sign/signing-window";
import type { SendDocument } from "../../src/taskpane/send/documents";

const doc = (name: string, attachmentId: string | null = `id-${name}`): SendDocument => ({
  key: `a:${name}`,
  source: "attachment",
  attachmentId,
  name,
  size: 10,
  contentType: "application/pdf",
  sendable: true,
  reason: null,
  included: true,
});

const pkg = (status: string, sealing: string | null = null) =>
  ({ id: "p1", status, sealing }) as unknown as SelfSignPackage;

describe("names", () => {
  test("the signed copy is a PDF named after the original", () => {
    expect(signedFileName("NDA.pdf")).toBe("NDA (signed).pdf");
    expect(signedFileName("scan.JPG")).toBe("scan (signed).pdf");
    expect(signedFileName("notes")).toBe("notes (signed).pdf");
  });
  test("the package is named after the first document and counts the rest", () => {
    expect(packageName([doc("NDA.pdf")])).toBe("NDA");
    expect(packageName([doc("NDA.pdf"), doc("plan.png"), doc("c.pdf")])).toBe("NDA and 2 more");
  });
  test("the one signer row is the user", () => {
    expect(selfRow("me@contoso.com", "")).toMatchObject({
      email: "me@contoso.com",
      name: "me@contoso.com",
      isSelf: true,
      included: true,
    });
  });
  test("base64 of more than one chunk", () => {
    const bytes = new Uint8Array(0x8000 * 2 + 5).map((_, i) => i % 251);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
  });
});

describe("progress", () => {
  test("signing until Completed, sealing until Done, sealed", () => {
    expect(progressOf(pkg("Sent"))).toBe("signing");
    expect(progressOf(pkg("InProgress"))).toBe("signing");
    expect(progressOf(pkg("Completed", "InProgress"))).toBe("sealing");
    expect(progressOf(pkg("Completed", null))).toBe("sealing");
    expect(progressOf(pkg("Completed", "Done"))).toBe("sealed");
  });
  test("a package that ends otherwise stops the wait, saying why", () => {
    expect(() => progressOf(pkg("Declined"))).toThrow(/declined/);
    expect(() => progressOf(pkg("Voided"))).toThrow(SelfSignStopped);
    expect(() => progressOf(pkg("Expired"))).toThrow(/expired/);
    expect(() => progressOf(pkg("Completed", "Failed"))).toThrow(/sealing the document failed/);
  });

  function packagesAnswering(states: SelfSignPackage[]): PackagesApi & { reads: number } {
    let reads = 0;
    const api = {
      get reads() {
        return reads;
      },
      get: jest.fn(async () => {
        const data: SelfSignPackage = states[Math.min(reads, states.length - 1)]!;
        reads++;
        return { notModified: false as const, data, etag: null };
      }),
    };
    return api as unknown as PackagesApi & { reads: number };
  }

  test("the wait reads the package until it is sealed, reporting each change once", async () => {
    const packages = packagesAnswering([
      pkg("Sent"),
      pkg("Sent"),
      pkg("Completed", "InProgress"),
      pkg("Completed", "Done"),
    ]);
    const seen: string[] = [];
    const controller = new AbortController();
    const wait = waitUntilSealed({
      packages,
      id: "p1",
      signal: controller.signal,
      onProgress: (p) => seen.push(p),
      intervalMs: 5,
    });
    await wait.done;
    expect(seen).toEqual(["signing", "sealing", "sealed"]);
    expect(packages.reads).toBe(4);
  });

  test("wake() reads at once (the dialog said it is done), a decline ends the wait", async () => {
    const packages = packagesAnswering([pkg("Sent"), pkg("Declined")]);
    const controller = new AbortController();
    const wait = waitUntilSealed({
      packages,
      id: "p1",
      signal: controller.signal,
      onProgress: () => undefined,
      intervalMs: 60_000,
    });
    const ended = wait.done.catch((e: unknown) => e);
    await new Promise((r) => setImmediate(r));
    wait.wake();
    expect(await ended).toBeInstanceOf(SelfSignStopped);
  });

  test("aborting ends the wait", async () => {
    const packages = packagesAnswering([pkg("Sent")]);
    const controller = new AbortController();
    const wait = waitUntilSealed({
      packages,
      id: "p1",
      signal: controller.signal,
      onProgress: () => undefined,
      intervalMs: 60_000,
    });
    const ended = wait.done.catch((e: unknown) => e);
    await new Promise((r) => setImmediate(r));
    controller.abort();
    expect(await ended).toBeDefined();
  });
});

describe("the signing page's message", () => {
  test("round trip, and anything else is not ours", () => {
    expect(readSigningWindowMessage(signingWindowMessage("Completed"))).toBe("Completed");
    expect(readSigningWindowMessage("hello")).toBeNull();
    expect(readSigningWindowMessage(JSON.stringify({ type: "other", state: "Completed" }))).toBeNull();
    expect(readSigningWindowMessage({ type: "sfo-signing-done" })).toBeNull();
  });
  test("in an Office dialog through messageParent, else to the opener", () => {
    const messageParent = jest.fn();
    tellOpener("Completed", { Office: { context: { ui: { messageParent } } } } as unknown as Window);
    expect(messageParent).toHaveBeenCalledWith(signingWindowMessage("Completed"));
    const postMessage = jest.fn();
    tellOpener("Declined", { opener: { postMessage } } as unknown as Window);
    expect(postMessage).toHaveBeenCalledWith(signingWindowMessage("Declined"), "*");
    expect(() => tellOpener("Completed", { opener: null } as unknown as Window)).not.toThrow();
  });
});

describe("the signing window", () => {
  const URL_ = "https://sign.contoso.com/sign/abc";
  function fakeWindow() {
    const listeners = new Set<(e: MessageEvent) => void>();
    return {
      listeners,
      addEventListener: (_: string, l: (e: MessageEvent) => void) => listeners.add(l),
      removeEventListener: (_: string, l: (e: MessageEvent) => void) => listeners.delete(l),
    } as unknown as Window & { listeners: Set<(e: MessageEvent) => void> };
  }
  function hostWith(dialogs: boolean, openDialog?: OutlookHost["openDialog"]) {
    return {
      supportsDialogs: () => dialogs,
      openDialog: jest.fn(openDialog ?? (async () => ({ close: jest.fn() }))),
      openBrowserWindow: jest.fn(),
    } as unknown as OutlookHost & { openDialog: jest.Mock; openBrowserWindow: jest.Mock };
  }

  test("an Office dialog where the host has one; its message says the signer is done", async () => {
    let send: (e: DialogEvent) => void = () => undefined;
    const close = jest.fn();
    const host = hostWith(true, async (_url, _options, onEvent) => {
      send = onEvent;
      return { close };
    });
    const onDone = jest.fn();
    const onClosed = jest.fn();
    const win = fakeWindow();
    const opened = await openSigningWindow(host, URL_, { onDone, onClosed }, win);
    expect(opened.kind).toBe("dialog");
    expect(host.openDialog.mock.calls[0]![0]).toBe(URL_);
    send({ kind: "message", message: "not ours", origin: null });
    send({ kind: "message", message: signingWindowMessage("Completed"), origin: null });
    expect(onDone).toHaveBeenCalledTimes(1);
    send({ kind: "closed", code: 12006 });
    expect(onClosed).toHaveBeenCalled();
    opened.close();
    expect(close).toHaveBeenCalled();
    expect(win.listeners.size).toBe(0);
  });

  test("a blocked dialog falls back to the browser; the page's postMessage counts from its own origin only", async () => {
    const host = hostWith(true, async () => {
      throw new OutlookError(12009, "blocked");
    });
    const onDone = jest.fn();
    const win = fakeWindow();
    const opened = await openSigningWindow(host, URL_, { onDone, onClosed: jest.fn() }, win);
    expect(opened.kind).toBe("browser");
    expect(host.openBrowserWindow).toHaveBeenCalledWith(URL_);
    for (const l of win.listeners) {
      l({ data: signingWindowMessage("Completed"), origin: "https://evil.example" } as MessageEvent);
      l({ data: signingWindowMessage("Completed"), origin: "https://sign.contoso.com" } as MessageEvent);
    }
    expect(onDone).toHaveBeenCalledTimes(1);
    opened.close();
    expect(win.listeners.size).toBe(0);
  });

  test.each([12004, 12005])(
    "Office refusing the service's origin for a dialog (%i) falls back to the browser",
    async (code) => {
      const host = hostWith(true, async () => {
        throw new OutlookError(code, "untrusted domain");
      });
      const opened = await openSigningWindow(
        host,
        URL_,
        { onDone: jest.fn(), onClosed: jest.fn() },
        fakeWindow(),
      );
      expect(opened.kind).toBe("browser");
      expect(host.openBrowserWindow).toHaveBeenCalledWith(URL_);
      opened.close();
    },
  );

  test("no Dialog API: the browser at once; another dialog error is not hidden", async () => {
    const plain = hostWith(false);
    expect(
      (await openSigningWindow(plain, URL_, { onDone: jest.fn(), onClosed: jest.fn() }, fakeWindow())).kind,
    ).toBe("browser");
    expect(plain.openDialog).not.toHaveBeenCalled();
    const broken = hostWith(true, async () => {
      throw new OutlookError(12002, "page not found");
    });
    await expect(
      openSigningWindow(broken, URL_, { onDone: jest.fn(), onClosed: jest.fn() }, fakeWindow()),
    ).rejects.toThrow("page not found");
    expect(broken.openBrowserWindow).not.toHaveBeenCalled();
  });
});

describe("delivery", () => {
  const sealed = [
    { name: "A (signed).pdf", base64: "QQ==", url: "https://s/d/1" },
    { name: "B (signed).pdf", base64: "Qg==", url: "https://s/d/2" },
  ];
  function outlook(fail?: "attach") {
    const calls: string[] = [];
    const api: DraftOutlook = {
      openReply: jest.fn(async (o) => {
        calls.push(`reply ${o.all} ${o.files.map((f) => f.name).join(",")}`);
      }),
      attachToDraft: jest.fn(async (f) => {
        if (fail === "attach" && f.name.startsWith("B")) throw new Error("too big");
        calls.push(`attach ${f.name}`);
        return `new-${f.name}`;
      }),
      removeDraftAttachment: jest.fn(async (id) => {
        calls.push(`remove ${id}`);
      }),
    };
    return { api, calls };
  }

  test("reading: one reply to the sender with every sealed file, bytes and link", async () => {
    const { api, calls } = outlook();
    const done = await deliver(api, "read", sealed, [doc("A.pdf"), doc("B.pdf")], "replace");
    expect(calls).toEqual(["reply false A (signed).pdf,B (signed).pdf"]);
    expect((api.openReply as jest.Mock).mock.calls[0][0].files[0]).toEqual({
      name: "A (signed).pdf",
      base64: "QQ==",
      url: "https://s/d/1",
    });
    expect(done).toEqual({ mode: "read", files: ["A (signed).pdf", "B (signed).pdf"], replaced: [] });
  });

  test("writing, replace: every signed file attached first, then the originals removed", async () => {
    const { api, calls } = outlook();
    const done = await deliver(api, "compose", sealed, [doc("A.pdf"), doc("B.pdf")], "replace");
    expect(calls).toEqual([
      "attach A (signed).pdf",
      "attach B (signed).pdf",
      "remove id-A.pdf",
      "remove id-B.pdf",
    ]);
    expect(done.replaced).toEqual(["A.pdf", "B.pdf"]);
  });

  test("writing, beside: nothing removed; a failed attach removes no original", async () => {
    const beside = outlook();
    await deliver(beside.api, "compose", sealed, [doc("A.pdf"), doc("B.pdf")], "beside");
    expect(beside.calls).toEqual(["attach A (signed).pdf", "attach B (signed).pdf"]);
    const failing = outlook("attach");
    await expect(
      deliver(failing.api, "compose", sealed, [doc("A.pdf"), doc("B.pdf")], "replace"),
    ).rejects.toThrow("too big");
    expect(failing.calls).toEqual(["attach A (signed).pdf"]);
  });

  test("requirement sets: offered only where the host can hand the file back, saying why not", () => {
    const cap = (supported: boolean, reason: string | null = null) => ({
      supported,
      requirement: "Mailbox 1.8",
      reason,
    });
    const support = (reply: boolean, attach: boolean, remove: boolean): ComposeSupport => ({
      reply: cap(reply, reply ? null : "This version of Outlook can't open a reply with files attached."),
      replyWithBase64: cap(reply),
      attachToDraft: cap(attach, attach ? null : "This version of Outlook can't attach files."),
      removeDraftAttachment: cap(remove),
    });
    expect(unsupportedReason("read", support(true, false, false))).toBeNull();
    expect(unsupportedReason("compose", support(false, true, false))).toBeNull();
    expect(unsupportedReason("read", support(false, true, true))).toMatch(
      /^Sign it yourself isn't available here\. This version of Outlook can't open a reply/,
    );
    expect(unsupportedReason("compose", support(true, false, true))).toMatch(/can't attach files/);
    expect(canReplace(support(true, true, false))).toBe(false);
    expect(canReplace(support(true, true, true))).toBe(true);
  });
});
