/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * What "Reply with signed documents" hands Outlook (status/reply-with-signed.ts), through the real
 * adapter over the workbench's simulated Outlook: Base64 files on Mailbox 1.15, the service's links
 * before, and over Outlook's limit a share link in the body instead. The service is a stand-in
 * answering the documented shapes (its routes are tested in test/service/signed-files.test.ts, the
 * whole path in test/browser/reply-signed.test.ts), but for the reply's words and file names, which
 * come from a package the real service signed and sealed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createHttpClient } from "../../src/api/http";
import {
  createPackagesApi,
  type MintedShareLink,
  type Package,
  type PackagesApi,
  type SignedFiles,
} from "../../src/api/packages";
import { OUTLOOK_LIMITS, createAsyncLimiter, createOutlookHost } from "../../src/outlook";
import {
  REPLY_SHARE_LINK_DAYS,
  fitsOutlook,
  outlookFileName,
  replyWithSignedDocuments,
  type ReplyStep,
} from "../../src/taskpane/status/reply-with-signed";
import type { MessageFixture, ReplyDraft } from "../../src/workbench/bridge";
import { createFakeOffice } from "../../src/workbench/fake-office";
import { startTestService } from "../service/harness";
import { callService, seedPackage, signAs } from "./status-seed";

const fixture = JSON.parse(
  readFileSync(join(__dirname, "..", "fixtures", "message.json"), "utf8"),
) as MessageFixture;
const PKG = {
  id: "7d3f0a4e-0000-4000-8000-000000000001",
  name: "Offer <2026> & NDA",
  status: "Completed",
  completedOn: "2026-11-20T10:00:00Z",
} as unknown as Package;
const EXPIRES = "2026-11-27T09:05:00Z";

function signedFiles(sizes: number[], certificate = false): SignedFiles {
  const files = sizes.map((size, i) => ({
    kind: (certificate && i === sizes.length - 1 ? "CertificateOfCompletion" : "SignedDocument") as
      "SignedDocument" | "CertificateOfCompletion",
    documentId: null,
    fileName: `doc ${i} (signed).pdf`,
    contentType: "application/pdf",
    size,
    url: `https://sign.example/api/v1/downloads/token${i}`,
    expiresOn: EXPIRES,
  }));
  return { files, totalSize: sizes.reduce((a, b) => a + b, 0), expiresOn: EXPIRES };
}

function setUp(mailboxVersion: string, answer: SignedFiles) {
  const office = createFakeOffice({
    fixture,
    mode: "read",
    theme: "light",
    latencyMs: 0,
    mailboxVersion,
    downloadReplyFile: () => Promise.resolve(new Uint8Array(3)),
    loadAttachment: () => Promise.resolve(new Uint8Array(1)),
  }) as typeof Office & { __replyDrafts(): ReplyDraft[] };
  const host = createOutlookHost(office, { limiter: createAsyncLimiter(3) });
  const asked: { signedFiles: boolean[]; shareLinks: [string, number][] } = {
    signedFiles: [],
    shareLinks: [],
  };
  const api = {
    signedFiles: (_id: string, includeCertificate: boolean) => {
      asked.signedFiles.push(includeCertificate);
      return Promise.resolve(answer);
    },
    shareLink: (_id: string, scope: string, days: number) => {
      asked.shareLinks.push([scope, days]);
      return Promise.resolve({
        scope,
        url: `https://sign.example/api/v1/shared/${scope}`,
        expiresOn: "2026-12-27T09:00:00Z",
      } as unknown as MintedShareLink);
    },
    documents: () =>
      Promise.resolve([{ id: "d1", name: "Offer <2026> & NDA", fileName: "Offer <2026> & NDA.pdf" }]),
    signers: () =>
      Promise.resolve({
        notModified: false,
        etag: null,
        data: [
          { name: "Megan <Bowen>", email: "megan.bowen@contoso.com", type: "Signer", status: "Completed" },
        ],
      }),
  } as unknown as PackagesApi;
  const steps: ReplyStep[] = [];
  return { host, api, office, asked, steps, onStep: (s: ReplyStep) => steps.push(s) };
}

afterEach(() => jest.restoreAllMocks());

test("Mailbox 1.15: the files' bytes are fetched and handed over as Base64", async () => {
  const t = setUp("1.15", signedFiles([4, 5], true));
  const fetched: string[] = [];
  jest.spyOn(globalThis, "fetch").mockImplementation((input) => {
    fetched.push(String(input));
    return Promise.resolve(new Response(new Uint8Array([37, 80, 68, 70])));
  });
  const outcome = await replyWithSignedDocuments({ ...t, pkg: PKG, includeCertificate: true });
  expect(outcome).toEqual({ kind: "attached", count: 2, bytes: 9, via: "base64" });
  expect(t.asked.signedFiles).toEqual([true]);
  expect(fetched).toEqual([
    "https://sign.example/api/v1/downloads/token0",
    "https://sign.example/api/v1/downloads/token1",
  ]);
  expect(t.steps).toEqual(["reading", "fetching", "opening"]);
  const draft = t.office.__replyDrafts().at(-1)!;
  expect(draft.kind).toBe("replyAll");
  expect(draft.attachments.map((a) => [a.name, a.source, a.status, a.size])).toEqual([
    ["doc 0 (signed).pdf", "base64", "attached", 4],
    // The certificate after the first document, without the characters Windows refuses.
    ["Offer 2026 & NDA - certificate of completion.pdf", "base64", "attached", 4],
  ]);
  // The document's and the signer's names are text in the body, not markup.
  expect(draft.html).toContain("“Offer &lt;2026&gt; &amp; NDA.pdf”, signed by Megan &lt;Bowen&gt; on ");
  expect(draft.html).toContain("certificate of completion");
});

test("before Mailbox 1.15 Outlook is given the links and downloads the files itself", async () => {
  const t = setUp("1.14", signedFiles([4]));
  const fetchSpy = jest.spyOn(globalThis, "fetch");
  const outcome = await replyWithSignedDocuments({ ...t, pkg: PKG, includeCertificate: false });
  expect(outcome).toEqual({ kind: "attached", count: 1, bytes: 4, via: "url" });
  expect(fetchSpy).not.toHaveBeenCalled();
  expect(t.office.__replyDrafts().at(-1)!.attachments[0]).toMatchObject({
    source: "url",
    url: "https://sign.example/api/v1/downloads/token0",
  });
});

test("over Outlook's limit: a share link in the body instead of attachments, and the pane is told", async () => {
  const half = OUTLOOK_LIMITS.attachmentBytes / 2;
  const answer = signedFiles([half, half, 10], true);
  expect(fitsOutlook(answer)).toBe(false);
  expect(fitsOutlook(signedFiles([half, half]))).toBe(true);
  const t = setUp("1.15", answer);
  const fetchSpy = jest.spyOn(globalThis, "fetch");
  const outcome = await replyWithSignedDocuments({ ...t, pkg: PKG, includeCertificate: true });
  expect(outcome).toEqual({ kind: "linked", bytes: answer.totalSize, expiresOn: "2026-12-27T09:00:00Z" });
  expect(fetchSpy).not.toHaveBeenCalled();
  expect(t.asked.shareLinks).toEqual([
    ["AllSignedDocuments", REPLY_SHARE_LINK_DAYS],
    ["CertificateOfCompletion", REPLY_SHARE_LINK_DAYS],
  ]);
  expect(t.steps).toEqual(["reading", "linking", "opening"]);
  const draft = t.office.__replyDrafts().at(-1)!;
  expect(draft.attachments).toEqual([]);
  expect(draft.html).toContain('<a href="https://sign.example/api/v1/shared/AllSignedDocuments">');
  expect(draft.html).toContain('<a href="https://sign.example/api/v1/shared/CertificateOfCompletion">');
  expect(draft.html).toMatch(/too large to attach/);
});

test("where Outlook can't open a reply, nothing is asked of the service and the error says why", async () => {
  const t = setUp("1.1", signedFiles([4]));
  await expect(replyWithSignedDocuments({ ...t, pkg: PKG, includeCertificate: false })).rejects.toThrow(
    /This version of Outlook can't open a reply/,
  );
  expect(t.asked.signedFiles).toEqual([]);
});

test("a file the service does not hand over stops the reply with words", async () => {
  const t = setUp("1.15", signedFiles([4]));
  jest.spyOn(globalThis, "fetch").mockResolvedValue(new Response("gone", { status: 404 }));
  await expect(replyWithSignedDocuments({ ...t, pkg: PKG, includeCertificate: false })).rejects.toThrow(
    /didn't hand over a signed document \(HTTP 404\)/,
  );
  expect(t.office.__replyDrafts()).toEqual([]);
});

describe("the reply's words and file names, from a package the service signed and sealed", () => {
  const service = (() => {
    let started: Awaited<ReturnType<typeof startTestService>> | null = null;
    beforeAll(async () => {
      started = await startTestService("sqlite", { SIGN_SCHEDULER_INTERVAL_MS: "300" });
    });
    afterAll(() => started?.close());
    return () => started!;
  })();

  let tenants = 0;
  /** A package of the fixture PDF signed by all its `signers`, and sealed. */
  async function completed(name: string, signers: { email: string; name: string }[]) {
    const base = service().url;
    const token = await service().token(`reply-${++tenants}`);
    const seeded = await seedPackage(base, token, { name, signers });
    for (const id of seeded.signerIds) expect(await signAs(base, token, seeded.id, id)).toBe("Completed");
    const deadline = Date.now() + 120_000;
    for (;;) {
      const got = await callService<Package>(base, token, "GET", `/api/v1/packages/${seeded.id}`);
      if (got.body.status === "Completed" && got.body.sealing === "Done") {
        const api = createPackagesApi(
          createHttpClient({
            baseUrl: base,
            tokenSource: { getToken: async () => token, signOut: () => undefined },
          }),
        );
        return { pkg: got.body, api };
      }
      if (Date.now() > deadline) throw new Error(`Not sealed in time: ${JSON.stringify(got.body)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  test("the body names the documents and who signed them, not the package's name nor 'everyone'; the certificate is named after the first document", async () => {
    const { pkg, api } = await completed("master-services-agreement and 1 more", [
      { email: "megan.bowen@contoso.com", name: "Megan Bowen" },
    ]);
    const t = setUp("1.14", signedFiles([1]));
    await replyWithSignedDocuments({
      host: t.host,
      api,
      pkg,
      includeCertificate: true,
      onStep: () => undefined,
    });
    const draft = t.office.__replyDrafts().at(-1)!;
    expect(draft.attachments.map((a) => a.name)).toEqual([
      "master-services-agreement (signed).pdf",
      "master-services-agreement - certificate of completion.pdf",
    ]);
    expect(draft.html).not.toContain("and 1 more");
    expect(draft.html).not.toContain("everyone");
    expect(draft.html).toMatch(
      /^<p>Attached are “master-services-agreement\.pdf”, signed by Megan Bowen on [^<]+, and its certificate of completion\.<\/p>$/,
    );
  });

  test("two signers are both named; without the certificate the one document 'is' attached", async () => {
    const { pkg, api } = await completed("Mutual NDA", [
      { email: "megan.bowen@contoso.com", name: "Megan Bowen" },
      { email: "alex.wilber@contoso.com", name: "Alex Wilber" },
    ]);
    const t = setUp("1.14", signedFiles([1]));
    await replyWithSignedDocuments({
      host: t.host,
      api,
      pkg,
      includeCertificate: false,
      onStep: () => undefined,
    });
    const draft = t.office.__replyDrafts().at(-1)!;
    expect(draft.attachments.map((a) => a.name)).toEqual(["master-services-agreement (signed).pdf"]);
    expect(draft.html).toMatch(
      /^<p>Attached is “master-services-agreement\.pdf”, signed by Megan Bowen and Alex Wilber on [^<]+\.<\/p>$/,
    );
  });
});

test("attachment names are safe for Outlook: no characters Windows refuses, within Outlook's length, the ending kept", () => {
  expect(outlookFileName('Q3: "final" <draft>/v2', " - certificate of completion.pdf")).toBe(
    "Q3 final draft v2 - certificate of completion.pdf",
  );
  const long = outlookFileName("x".repeat(400), " - certificate of completion.pdf");
  expect(long.length).toBe(OUTLOOK_LIMITS.attachmentNameChars);
  expect(long.endsWith(" - certificate of completion.pdf")).toBe(true);
  expect(outlookFileName(" .. ", ".pdf")).toBe("document.pdf");
});
