/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * The adapter's writing calls (compose.ts) against the workbench's simulated Outlook: reply forms with
 * files, files added to and removed from a draft, and what each Mailbox version allows.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  OUTLOOK_LIMITS,
  OfficeErrorCode,
  OutlookError,
  createAsyncLimiter,
  createOutlookHost,
} from "../../src/outlook";
import type { MessageFixture, ReplyDraft } from "../../src/workbench/bridge";
import { mailboxVersionAtLeast } from "../../src/workbench/fake-compose";
import { createFakeOffice } from "../../src/workbench/fake-office";

const FIXTURES = join(__dirname, "..", "fixtures");
const fixture = JSON.parse(readFileSync(join(FIXTURES, "message.json"), "utf8")) as MessageFixture;
const PDF = "JVBERi0xLjQK"; // "%PDF-1.4\n"

type FakeOffice = typeof Office & { __replyDrafts(): ReplyDraft[] };

function setUp(
  mode: "read" | "compose",
  options: { mailboxVersion?: string; download?: (url: string) => Promise<Uint8Array> } = {},
) {
  const shown: ReplyDraft[] = [];
  const draftLists: { id: string; name: string; size: number }[][] = [];
  const office = createFakeOffice({
    fixture,
    mode,
    theme: "light",
    latencyMs: 0,
    ...(options.mailboxVersion ? { mailboxVersion: options.mailboxVersion } : {}),
    downloadReplyFile: options.download ?? (() => Promise.resolve(new Uint8Array(1234))),
    bridge: {
      getBody: () => "",
      insertAtCursor: () => undefined,
      showReply: (d) => shown.push(d),
      draftAttachmentsChanged: (l) => draftLists.push(l),
    },
    loadAttachment: () => Promise.resolve(new Uint8Array(10)),
  }) as FakeOffice;
  const host = createOutlookHost(office, { limiter: createAsyncLimiter(3) });
  return { host, office, shown, draftLists };
}

/** Polls until `read` gives something (the simulated download settles on a later tick). */
async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("Mailbox versions in the workbench", () => {
  it("compares minor versions as numbers", () => {
    expect(mailboxVersionAtLeast("1.13", "1.9")).toBe(true);
    expect(mailboxVersionAtLeast("1.9", "1.13")).toBe(false);
    expect(mailboxVersionAtLeast("1.15", "1.15")).toBe(true);
    expect(mailboxVersionAtLeast("1.8", "1.9")).toBe(false);
  });
});

describe("openReply", () => {
  it("opens a reply-all in the thread with Base64 files attached (Mailbox 1.15)", async () => {
    const { host, shown, office } = setUp("read");
    expect(host.composeSupport().reply).toEqual({
      supported: true,
      requirement: "Mailbox 1.9",
      reason: null,
    });
    expect(host.composeSupport().replyWithBase64.supported).toBe(true);
    await host.openReply({
      all: true,
      html: "<p>Signed.</p>",
      files: [{ name: "nda-signed.pdf", base64: PDF, url: "https://example.test/x" }],
    });
    const draft = shown.at(-1)!;
    expect(draft.kind).toBe("replyAll");
    expect(draft.subject).toBe(`RE: ${fixture.subject}`);
    // The sender and the others, without the user and without Alex twice (To and Cc, other case).
    expect(draft.to.map((a) => a.emailAddress)).toEqual([
      "adele.vance@fabrikam.com",
      "alex.wilber@contoso.com",
    ]);
    expect(draft.cc.map((a) => a.emailAddress)).toEqual(["legal@fabrikam.com"]);
    expect(draft.html).toBe("<p>Signed.</p>");
    expect(draft.attachments).toEqual([
      { name: "nda-signed.pdf", size: 9, source: "base64", status: "attached" },
    ]);
    expect(office.__replyDrafts()).toHaveLength(1);
  });

  it("opens a reply to the sender only", async () => {
    const { host, shown } = setUp("read");
    await host.openReply({ all: false, html: "", files: [] });
    expect(shown.at(-1)!.kind).toBe("reply");
    expect(shown.at(-1)!.to.map((a) => a.emailAddress)).toEqual(["adele.vance@fabrikam.com"]);
    expect(shown.at(-1)!.cc).toEqual([]);
  });

  it("before Mailbox 1.15 hands over the link, which Outlook downloads; a dead link shows as failed", async () => {
    const download = (url: string) =>
      url.endsWith("/dead") ? Promise.reject(new Error("HTTP 404")) : Promise.resolve(new Uint8Array(2048));
    const { host, office } = setUp("read", { mailboxVersion: "1.14", download });
    expect(host.composeSupport().replyWithBase64.supported).toBe(false);
    await host.openReply({
      all: true,
      html: "<p>Signed.</p>",
      files: [
        { name: "a.pdf", base64: PDF, url: "https://service.test/a" },
        { name: "b.pdf", url: "https://service.test/dead" },
      ],
    });
    const settled = await until(() => {
      const d = office.__replyDrafts().at(-1);
      return d && d.attachments.every((a) => a.status !== "attaching") ? d : undefined;
    }, "the downloads");
    expect(settled.attachments).toEqual([
      { name: "a.pdf", size: 2048, source: "url", url: "https://service.test/a", status: "attached" },
      {
        name: "b.pdf",
        size: null,
        source: "url",
        url: "https://service.test/dead",
        status: "failed",
        error: "HTTP 404",
      },
    ]);
  });

  it("refuses a Base64-only file before Mailbox 1.15, saying why", async () => {
    const { host, shown } = setUp("read", { mailboxVersion: "1.14" });
    await expect(
      host.openReply({ all: true, html: "", files: [{ name: "a.pdf", base64: PDF }] }),
    ).rejects.toThrow(/can't attach a\.pdf/);
    expect(shown).toEqual([]);
  });

  it("uses the Mailbox 1.1 form (no report back) on hosts before 1.9", async () => {
    const { host, shown } = setUp("read", { mailboxVersion: "1.8" });
    expect(host.composeSupport().reply).toEqual({
      supported: true,
      requirement: "Mailbox 1.2",
      reason: null,
    });
    await host.openReply({ all: true, html: "x", files: [{ name: "a.pdf", url: "https://service.test/a" }] });
    expect(shown.at(-1)!.kind).toBe("replyAll");
  });

  it("is not offered on a host without Mailbox 1.2, nor in compose, with a reason", async () => {
    const old = setUp("read", { mailboxVersion: "1.1" }).host;
    expect(old.composeSupport().reply.supported).toBe(false);
    expect(old.composeSupport().reply.reason).toMatch(/can't open a reply/);
    await expect(old.openReply({ all: true, html: "", files: [] })).rejects.toBeInstanceOf(OutlookError);
    const compose = setUp("compose").host;
    expect(compose.composeSupport().reply.reason).toMatch(/message you are reading/);
    await expect(compose.openReply({ all: true, html: "", files: [] })).rejects.toThrow(
      /message you are reading/,
    );
  });

  it("refuses a body over Outlook's 32 KB and a link that is not a web link", async () => {
    const { host } = setUp("read");
    await expect(
      host.openReply({ all: true, html: "x".repeat(OUTLOOK_LIMITS.replyHtmlChars + 1), files: [] }),
    ).rejects.toThrow(/longer than Outlook accepts/);
    await expect(
      host.openReply({ all: true, html: "", files: [{ name: "a.pdf", url: "javascript:alert(1)" }] }),
    ).rejects.toThrow(/not a web link/);
  });
});

describe("draft attachments", () => {
  it("adds a file to the draft, lists it, reads it back, and removes it", async () => {
    const { host, draftLists } = setUp("compose");
    expect(host.composeSupport().attachToDraft).toEqual({
      supported: true,
      requirement: "Mailbox 1.8",
      reason: null,
    });
    const id = await host.attachToDraft({ name: "nda-signed.pdf", base64: PDF });
    expect(draftLists.at(-1)!.map((a) => a.name)).toEqual([
      ...fixture.attachments.map((a) => a.name),
      "nda-signed.pdf",
    ]);
    const listed = await host.attachments();
    expect(listed.find((a) => a.id === id)).toMatchObject({ name: "nda-signed.pdf", size: 9, kind: "file" });
    expect(Buffer.from(await host.attachmentContent(id)).toString("latin1")).toBe("%PDF-1.4\n");
    await host.removeDraftAttachment(id);
    expect((await host.attachments()).some((a) => a.id === id)).toBe(false);
  });

  it("removes an attachment the draft had (replacing the original)", async () => {
    const { host } = setUp("compose");
    const original = fixture.attachments[0]!.id;
    await host.removeDraftAttachment(original);
    expect((await host.attachments()).map((a) => a.id)).not.toContain(original);
    await expect(host.removeDraftAttachment("no-such-id")).rejects.toMatchObject({
      code: OfficeErrorCode.InvalidAttachmentId,
    });
  });

  it("is not offered before Mailbox 1.8, nor in read mode, with a reason", async () => {
    const old = setUp("compose", { mailboxVersion: "1.7" }).host;
    expect(old.composeSupport().attachToDraft.supported).toBe(false);
    expect(old.composeSupport().attachToDraft.reason).toMatch(/can't add files/);
    expect(old.composeSupport().removeDraftAttachment.supported).toBe(true);
    await expect(old.attachToDraft({ name: "a.pdf", base64: PDF })).rejects.toThrow(/can't add files/);
    const read = setUp("read").host;
    expect(read.composeSupport().attachToDraft.reason).toMatch(/message you are writing/);
    await expect(read.attachToDraft({ name: "a.pdf", base64: PDF })).rejects.toThrow(
      /message you are writing/,
    );
  });

  it("refuses a name Outlook would not take", async () => {
    const { host } = setUp("compose");
    await expect(host.attachToDraft({ name: "", base64: PDF })).rejects.toThrow(/1 to 255/);
  });
});
