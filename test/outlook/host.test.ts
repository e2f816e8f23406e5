/**
 * @jest-environment ./test/leak-guard/node-environment.js
 */
import {
  AdapterErrorCode,
  OutlookError,
  UnsupportedAttachmentError,
  createAsyncLimiter,
  createOutlookHost,
  type OutlookHost,
} from "../../src/outlook";
import {
  ALICE,
  BOB,
  CAROL,
  ITEM_CHANGED,
  ME,
  PDF_BYTES,
  TEAM,
  composeItem,
  failed,
  fakeMailbox,
  fakeOffice,
  getter,
  ok,
  readItem,
  type FakeAsyncResult,
  type FakeMailbox,
} from "./fakes";

function hostFor(item: unknown, extra: { officeTheme?: unknown } = {}) {
  const mailbox = fakeMailbox(item);
  // A fresh queue per test, so one test's hung call can never block another's.
  const host = createOutlookHost(fakeOffice(mailbox, extra), { limiter: createAsyncLimiter(3) });
  return { host, mailbox };
}

/** Awaits a rejection and returns the error, failing if the promise resolved. */
async function rejection(promise: Promise<unknown>): Promise<OutlookError> {
  try {
    await promise;
  } catch (error) {
    return error as OutlookError;
  }
  throw new Error("expected a rejection");
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("read mode", () => {
  let host: OutlookHost;
  let item: ReturnType<typeof readItem>;
  beforeEach(() => {
    item = readItem();
    ({ host } = hostFor(item));
  });

  it("reads the item's properties", async () => {
    expect(host.hasItem()).toBe(true);
    expect(host.mode()).toBe("read");
    await expect(host.subject()).resolves.toBe("Please sign: Contract");
    expect(host.conversationId()).toBe("conv-123");
    expect(host.internetMessageId()).toBe("<msg-1@fabrikam.com>");
    expect(host.userAddress()).toBe("me@contoso.com");
  });

  it("gives the sender from item.from, falling back to item.sender", async () => {
    await expect(host.sender()).resolves.toEqual({
      address: BOB.emailAddress,
      name: BOB.displayName,
      recipientType: "externalUser",
    });
    const { host: other } = hostFor(readItem({ from: null, sender: ALICE }));
    await expect(other.sender()).resolves.toEqual({
      address: ALICE.emailAddress,
      name: ALICE.displayName,
      recipientType: "user",
    });
    const { host: none } = hostFor(readItem({ from: null, sender: null }));
    await expect(none.sender()).resolves.toBeNull();
  });

  it("gives to and cc with recipient types, and an empty bcc", async () => {
    await expect(host.recipients()).resolves.toEqual({
      to: [
        { address: "alice@contoso.com", name: "Alice Adams", recipientType: "user" },
        { address: "team@contoso.com", name: "Team", recipientType: "distributionList" },
      ],
      cc: [{ address: CAROL.emailAddress, name: CAROL.displayName, recipientType: "user" }],
      bcc: [],
    });
  });

  it("omits recipientType when Office gives none", async () => {
    const { host: h } = hostFor(
      readItem({ to: [{ emailAddress: "x@y.z", displayName: "" }], cc: undefined }),
    );
    const recipients = await h.recipients();
    expect(recipients.to).toEqual([{ address: "x@y.z", name: "" }]);
    expect("recipientType" in recipients.to[0]!).toBe(false);
    expect(recipients.cc).toEqual([]);
  });

  it("lists attachments of all three kinds, with what can be read", async () => {
    const list = await host.attachments();
    expect(list).toEqual([
      {
        id: "att-file",
        name: "Contract.pdf",
        contentType: "application/pdf",
        size: 48213,
        isInline: false,
        kind: "file",
        supported: true,
        unsupportedReason: null,
      },
      expect.objectContaining({
        id: "att-item",
        kind: "item",
        supported: false,
        contentType: "message/rfc822",
      }),
      expect.objectContaining({
        id: "att-cloud",
        kind: "cloud",
        supported: false,
        // Office gave no content type: guessed from the name.
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      }),
      expect.objectContaining({ id: "att-logo", kind: "file", isInline: true, supported: true }),
    ]);
    expect(list[1]!.unsupportedReason).toMatch(/email or calendar item.*attach that file/);
    expect(list[2]!.unsupportedReason).toMatch(/stored online.*Download the file/);
  });

  it("decodes file content from Base64 to the exact bytes", async () => {
    const bytes = await host.attachmentContent("att-file");
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Array.from(bytes)).toEqual(Array.from(PDF_BYTES));
    expect(item.getAttachmentContentAsync).toHaveBeenCalledWith("att-file", expect.any(Function));
  });

  it("rejects an attached item (eml) with an UnsupportedAttachmentError", async () => {
    const error = await rejection(host.attachmentContent("att-item"));
    expect(error).toBeInstanceOf(UnsupportedAttachmentError);
    expect((error as UnsupportedAttachmentError).kind).toBe("item");
    expect((error as UnsupportedAttachmentError).format).toBe("eml");
    expect(error.message).toMatch(/email or calendar item/);
  });

  it("rejects a cloud attachment (url) with an UnsupportedAttachmentError", async () => {
    const error = await rejection(host.attachmentContent("att-cloud"));
    expect(error).toBeInstanceOf(UnsupportedAttachmentError);
    expect((error as UnsupportedAttachmentError).kind).toBe("cloud");
    expect(error.message).toMatch(/OneDrive/);
  });

  it("rejects content in an unknown format, and undecodable Base64", async () => {
    const weird = await rejection(host.attachmentContent("att-weird"));
    expect(weird).toBeInstanceOf(UnsupportedAttachmentError);
    expect((weird as UnsupportedAttachmentError).kind).toBe("unknown");
    const broken = await rejection(host.attachmentContent("att-broken"));
    expect(broken).toBeInstanceOf(OutlookError);
    expect(broken.code).toBe(AdapterErrorCode.InvalidContent);
    expect(broken.message).toMatch(/can't be read/);
  });

  it("maps Office failures of getAttachmentContentAsync to typed errors", async () => {
    const gone = await rejection(host.attachmentContent("att-gone"));
    expect(gone).toBeInstanceOf(OutlookError);
    expect(gone.code).toBe(9052);
    expect(gone.officeName).toBe("AttachmentResourceNotFound");
    expect(gone.operation).toBe("getAttachmentContentAsync");
    expect(gone.message).toMatch(/can't be found.*Refresh/);
    // Never the raw AsyncResult.
    expect(gone).not.toHaveProperty("status");
    expect(gone).not.toHaveProperty("value");

    const huge = await rejection(host.attachmentContent("att-huge"));
    expect(huge.code).toBe(9000);
    expect(huge.message).toMatch(/too large/);

    const unknownId = await rejection(host.attachmentContent("nope"));
    expect(unknownId.code).toBe(9003);
  });

  it("refuses to insert text in read mode, with a clear error", async () => {
    const error = await rejection(host.insertText("hello"));
    expect(error).toBeInstanceOf(OutlookError);
    expect(error.code).toBe(AdapterErrorCode.ComposeOnly);
    expect(error.message).toMatch(/only be inserted into a message you are writing/);
  });
});

describe("compose mode", () => {
  let host: OutlookHost;
  let item: ReturnType<typeof composeItem>;
  beforeEach(() => {
    item = composeItem();
    ({ host } = hostFor(item));
  });

  it("reads fields through getAsync", async () => {
    expect(host.mode()).toBe("compose");
    await expect(host.subject()).resolves.toBe("Draft: NDA");
    expect(item.subject.getAsync).toHaveBeenCalledTimes(1);
    await expect(host.sender()).resolves.toEqual({ address: ME.emailAddress, name: ME.displayName });
    await expect(host.recipients()).resolves.toEqual({
      to: [{ address: ALICE.emailAddress, name: ALICE.displayName, recipientType: "user" }],
      cc: [],
      bcc: [{ address: CAROL.emailAddress, name: CAROL.displayName, recipientType: "user" }],
    });
    expect(item.to.getAsync).toHaveBeenCalledTimes(1);
    expect(item.cc.getAsync).toHaveBeenCalledTimes(1);
    expect(item.bcc.getAsync).toHaveBeenCalledTimes(1);
  });

  it("has no internetMessageId, and no conversationId for a new message", () => {
    expect(host.internetMessageId()).toBeNull();
    expect(host.conversationId()).toBeNull();
    const { host: reply } = hostFor(composeItem({ conversationId: "conv-9" }));
    expect(reply.conversationId()).toBe("conv-9");
  });

  it("gives no sender when from has no getAsync", async () => {
    const { host: h } = hostFor(composeItem({ from: undefined }));
    await expect(h.sender()).resolves.toBeNull();
  });

  it("lists attachments with getAttachmentsAsync, guessing content types", async () => {
    const list = await host.attachments();
    expect(item.getAttachmentsAsync).toHaveBeenCalledTimes(1);
    expect(list.map((a) => [a.id, a.kind, a.supported, a.contentType])).toEqual([
      ["c-file", "file", true, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["c-item", "item", false, "application/octet-stream"],
      ["c-cloud", "cloud", false, "application/pdf"],
      ["c-blob", "file", true, "application/octet-stream"],
    ]);
  });

  it("decodes content (even with line breaks in the Base64) and rejects items and cloud files", async () => {
    expect(Array.from(await host.attachmentContent("c-file"))).toEqual(Array.from(PDF_BYTES));
    const calendar = await rejection(host.attachmentContent("c-item"));
    expect(calendar).toBeInstanceOf(UnsupportedAttachmentError);
    expect((calendar as UnsupportedAttachmentError).format).toBe("iCalendar");
    expect((calendar as UnsupportedAttachmentError).kind).toBe("item");
    const cloud = await rejection(host.attachmentContent("c-cloud"));
    expect((cloud as UnsupportedAttachmentError).kind).toBe("cloud");
  });

  it("inserts text at the cursor as plain text", async () => {
    await expect(host.insertText("Sign here: https://sign.example.com/s/abc")).resolves.toBeUndefined();
    expect(item.body.setSelectedDataAsync).toHaveBeenCalledTimes(1);
    expect(item.body.setSelectedDataAsync).toHaveBeenCalledWith(
      "Sign here: https://sign.example.com/s/abc",
      { coercionType: "text" },
      expect.any(Function),
    );
  });

  it("maps a failed insert to a typed error", async () => {
    item.body.setSelectedDataAsync.mockImplementation((...args: unknown[]) => {
      const callback = args[args.length - 1] as (r: FakeAsyncResult<void>) => void;
      setTimeout(() =>
        callback(failed(9014, "CursorPositionChanged", "The user changed the position of the cursor")),
      );
    });
    const error = await rejection(host.insertText("x"));
    expect(error).toBeInstanceOf(OutlookError);
    expect(error.code).toBe(9014);
    expect(error.message).toMatch(/cursor moved.*try again/);
    expect(error.retryable).toBe(true);
  });

  it("maps failures of getAsync, keeping Office's message for unknown codes", async () => {
    const { host: changed } = hostFor(
      composeItem({
        subject: getter(() =>
          failed(9030, "APICallFailedDueToItemChange", "The selected item has been changed."),
        ),
      }),
    );
    const error = await rejection(changed.subject());
    expect(error.code).toBe(9030);
    expect(error.message).toMatch(/selected message changed/);
    expect(error.operation).toBe("subject.getAsync");

    const { host: odd } = hostFor(
      composeItem({ to: getter(() => failed(31337, "Odd", "An odd thing happened.")) }),
    );
    const oddError = await rejection(odd.recipients());
    expect(oddError.code).toBe(31337);
    expect(oddError.message).toBe("An odd thing happened.");

    const { host: busy } = hostFor(
      composeItem({ cc: getter(() => failed(5100, "TooManyIncompleteRequests", "x")) }),
    );
    expect((await rejection(busy.recipients())).message).toMatch(/Outlook is busy/);
  });

  it("wraps an exception thrown by Office.js into an OutlookError", async () => {
    const { host: h } = hostFor(
      composeItem({
        getAttachmentsAsync: () => {
          throw new Error("Sys.ArgumentException: bad");
        },
      }),
    );
    const error = await rejection(h.attachments());
    expect(error).toBeInstanceOf(OutlookError);
    expect(error.code).toBe(AdapterErrorCode.Unknown);
    expect(error.message).toMatch(/Sys.ArgumentException: bad/);
    expect(error.operation).toBe("getAttachmentsAsync");
  });
});

describe("no item", () => {
  it("says so instead of crashing", async () => {
    const { host } = hostFor(null);
    expect(host.hasItem()).toBe(false);
    expect(() => host.mode()).toThrow(OutlookError);
    expect(() => host.mode()).toThrow(/No message is selected/);
    const error = await rejection(host.subject());
    expect(error.code).toBe(AdapterErrorCode.NoItem);
    expect(host.conversationId()).toBeNull();
    expect(host.internetMessageId()).toBeNull();
  });
});

describe("theme", () => {
  it("is null when Office has no theme", () => {
    expect(hostFor(readItem()).host.theme()).toBeNull();
  });

  it("copies the colours, and isDarkTheme only when Office gives it", () => {
    const colours = {
      bodyBackgroundColor: "#1F1F1F",
      bodyForegroundColor: "#FFFFFF",
      controlBackgroundColor: "#292929",
      controlForegroundColor: "#F0F0F0",
    };
    expect(hostFor(readItem(), { officeTheme: colours }).host.theme()).toEqual(colours);
    expect(hostFor(readItem(), { officeTheme: { ...colours, isDarkTheme: true } }).host.theme()).toEqual({
      ...colours,
      isDarkTheme: true,
    });
  });
});

describe("concurrency", () => {
  it("has at most 3 Office calls in flight; the 4th starts when one answers", async () => {
    const pending: Array<() => void> = [];
    /** A getter whose answer waits until the test releases it. */
    const held = <T>(value: T) => ({
      getAsync: jest.fn((callback: (r: FakeAsyncResult<T>) => void) => {
        pending.push(() => callback(ok(value)));
      }),
    });
    const item = composeItem({ subject: held("S"), to: held([ALICE]), cc: held([BOB]), bcc: held([TEAM]) });
    const { host } = hostFor(item);

    const recipients = host.recipients(); // 3 calls: to, cc, bcc
    const subject = host.subject(); // the 4th
    await flush();
    expect(pending).toHaveLength(3);
    expect(item.subject.getAsync).not.toHaveBeenCalled();

    pending[1]!(); // cc answers
    await flush();
    expect(item.subject.getAsync).toHaveBeenCalledTimes(1);
    expect(pending).toHaveLength(4);

    pending[0]!();
    pending[2]!();
    pending[3]!();
    await expect(recipients).resolves.toEqual(
      expect.objectContaining({ cc: [expect.objectContaining({ address: BOB.emailAddress })] }),
    );
    await expect(subject).resolves.toBe("S");
  });

  it("frees the slot of a failed call", async () => {
    const limiter = createAsyncLimiter(1);
    const mailbox = fakeMailbox(
      composeItem({ subject: getter(() => failed(9041, "NetworkError", "offline")) }),
    );
    const host = createOutlookHost(fakeOffice(mailbox), { limiter });
    await expect(host.subject()).rejects.toThrow(/network connection/);
    expect(limiter.active).toBe(0);
    await expect(host.recipients()).resolves.toEqual(expect.objectContaining({ to: [expect.anything()] }));
  });

  it("gives up on a call Office never answers, and frees its slot", async () => {
    const limiter = createAsyncLimiter(1);
    const silent = { getAsync: jest.fn() };
    const mailbox = fakeMailbox(composeItem({ subject: silent }));
    const host = createOutlookHost(fakeOffice(mailbox), { limiter, callTimeoutMs: 20 });
    const error = await rejection(host.subject());
    expect(error.code).toBe(5011);
    expect(error.message).toMatch(/took too long/);
    expect(limiter.active).toBe(0);
  });
});

describe("onItemChanged", () => {
  let mailbox: FakeMailbox;
  let host: OutlookHost;
  beforeEach(() => {
    ({ host, mailbox } = hostFor(readItem()));
  });

  it("subscribes through addHandlerAsync and unsubscribes through removeHandlerAsync", async () => {
    const listener = jest.fn();
    const unsubscribe = await host.onItemChanged(listener);
    expect(mailbox.addHandlerAsync).toHaveBeenCalledTimes(1);
    expect(mailbox.addHandlerAsync).toHaveBeenCalledWith(
      ITEM_CHANGED,
      expect.any(Function),
      expect.any(Function),
    );

    mailbox.fire(ITEM_CHANGED);
    expect(listener).toHaveBeenCalledTimes(1);

    await unsubscribe();
    expect(mailbox.removeHandlerAsync).toHaveBeenCalledTimes(1);
    expect(mailbox.removeHandlerAsync).toHaveBeenCalledWith(ITEM_CHANGED, expect.any(Function));
    mailbox.fire(ITEM_CHANGED);
    expect(listener).toHaveBeenCalledTimes(1);

    await unsubscribe(); // idempotent
    expect(mailbox.removeHandlerAsync).toHaveBeenCalledTimes(1);
  });

  it("shares one Office handler between listeners (Outlook's remove drops them all)", async () => {
    const first = jest.fn();
    const second = jest.fn();
    const unsubscribeFirst = await host.onItemChanged(first);
    const unsubscribeSecond = await host.onItemChanged(second);
    expect(mailbox.addHandlerAsync).toHaveBeenCalledTimes(1);

    mailbox.fire(ITEM_CHANGED);
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);

    await unsubscribeFirst();
    expect(mailbox.removeHandlerAsync).not.toHaveBeenCalled();
    mailbox.fire(ITEM_CHANGED);
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 2]);

    await unsubscribeSecond();
    expect(mailbox.removeHandlerAsync).toHaveBeenCalledTimes(1);

    await host.onItemChanged(first);
    expect(mailbox.addHandlerAsync).toHaveBeenCalledTimes(2);
  });

  it("lets listeners see the newly selected item", async () => {
    const subjects: Array<Promise<string>> = [];
    await host.onItemChanged(() => subjects.push(host.subject()));
    mailbox.item = readItem({ subject: "Another message" });
    mailbox.fire(ITEM_CHANGED);
    await expect(Promise.all(subjects)).resolves.toEqual(["Another message"]);
  });

  it("keeps calling the other listeners when one throws", async () => {
    const onListenerError = jest.fn();
    const h = createOutlookHost(fakeOffice(mailbox), { limiter: createAsyncLimiter(3), onListenerError });
    const boom = new Error("listener bug");
    const after = jest.fn();
    await h.onItemChanged(() => {
      throw boom;
    });
    await h.onItemChanged(after);
    mailbox.fire(ITEM_CHANGED);
    expect(after).toHaveBeenCalledTimes(1);
    expect(onListenerError).toHaveBeenCalledWith(boom);
  });

  it("rejects with a typed error when Office refuses the handler, and retries next time", async () => {
    mailbox.addHandlerAsync.mockImplementationOnce(
      (_type: string, _handler: unknown, callback: (r: FakeAsyncResult<void>) => void) =>
        setTimeout(() => callback(failed(5001, "InternalError", "nope"))),
    );
    const error = await rejection(host.onItemChanged(jest.fn()));
    expect(error).toBeInstanceOf(OutlookError);
    expect(error.code).toBe(5001);
    const listener = jest.fn();
    await host.onItemChanged(listener);
    expect(mailbox.addHandlerAsync).toHaveBeenCalledTimes(2);
    mailbox.fire(ITEM_CHANGED);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe("bodyText (the Send view's message prefill)", () => {
  it("reads the body as text in read and compose mode, and maps a failure to an OutlookError", async () => {
    const answer = (text: string) =>
      jest.fn((...args: unknown[]) => {
        const callback = args[args.length - 1] as (r: FakeAsyncResult<string>) => void;
        setTimeout(() => callback(ok(text)));
      });
    const read = readItem({ body: { getAsync: answer("Please sign both.") } });
    expect(await hostFor(read).host.bodyText()).toBe("Please sign both.");
    expect(read.body.getAsync).toHaveBeenCalledWith("text", expect.any(Function));

    const compose = composeItem();
    compose.body.getAsync = answer("Draft text");
    expect(await hostFor(compose).host.bodyText()).toBe("Draft text");

    const broken = readItem({
      body: {
        getAsync: jest.fn((...args: unknown[]) => {
          const callback = args[args.length - 1] as (r: FakeAsyncResult<string>) => void;
          setTimeout(() => callback(failed(9020, "GenericResponseError", "Body unavailable")));
        }),
      },
    });
    const error = await rejection(hostFor(broken).host.bodyText());
    expect(error).toBeInstanceOf(OutlookError);
    expect(error.code).toBe(9020);
  });
});

describe("custom properties (the Send draft's id of a message being written)", () => {
  it("reads one back after setting and saving it; null when absent", async () => {
    let saved: Record<string, unknown> = {};
    const item = composeItem({
      loadCustomPropertiesAsync: (callback: (r: FakeAsyncResult<unknown>) => void) => {
        const copy = { ...saved };
        setImmediate(() =>
          callback(
            ok({
              get: (name: string) => copy[name],
              set: (name: string, value: unknown) => (copy[name] = value),
              saveAsync: (done: (r: FakeAsyncResult<void>) => void) => {
                saved = { ...copy };
                setImmediate(() => done(ok(undefined)));
              },
            }),
          ),
        );
      },
    });
    const { host } = hostFor(item);
    await expect(host.itemProperty("signSendDraftId")).resolves.toBeNull();
    await host.setItemProperty("signSendDraftId", "abc");
    expect(saved).toEqual({ signSendDraftId: "abc" });
    await expect(host.itemProperty("signSendDraftId")).resolves.toBe("abc");
  });

  it("rejects with an OutlookError where the host has none, or Office fails", async () => {
    const { host } = hostFor(composeItem());
    const error = await rejection(host.itemProperty("x"));
    expect(error).toBeInstanceOf(OutlookError);
    const failing = hostFor(
      composeItem({
        loadCustomPropertiesAsync: (callback: (r: FakeAsyncResult<unknown>) => void) =>
          setImmediate(() => callback(failed(9002, "InternalServerError", "nope"))),
      }),
    ).host;
    expect(await rejection(failing.setItemProperty("x", "y"))).toBeInstanceOf(OutlookError);
  });
});
