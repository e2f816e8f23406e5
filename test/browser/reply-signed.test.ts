/**
 * @jest-environment ./test/leak-guard/node-environment.js
 */
/**
 * Browser test of "Reply with signed documents" (issue 33): Chromium drives the real task pane (its
 * development build) inside the workbench page, whose simulated Outlook shows the reply draft it opened,
 * against the real service (this process, fresh database). A package of the fixture's thread is
 * signed by both signers through the signing page's API and sealed by the scheduler; then:
 *
 * - Mailbox 1.15: the click in Status opens a reply-all whose draft (workbench page) goes to the
 *   thread's people and has the signed PDF and the certificate attached, with their sizes;
 * - Mailbox 1.14 (no Base64 files in a reply form): the simulated Outlook downloads each file from
 *   the service's short-lived link, as the real one does, and the draft shows them attached;
 * - Mailbox 1.1: the action is not offered, and the card says why;
 * - the pane alone at 320 px: screenshots (test/artifacts/reply-signed-*.png).
 *
 * Skipped without Chromium except under CI.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Frame, Page } from "playwright-core";
import { PAT_STORAGE_KEY } from "../../src/auth/pat";
import { SERVICE_URL_STORAGE_KEY } from "../../src/taskpane/session";
import type { MessageFixture, ReplyDraft } from "../../src/workbench/bridge";
import { expectAccessible } from "./axe";
import { ARTIFACTS, ROOT, skipBrowser as skip, useBrowserStack } from "./browser-stack";
import { callService, seedPackage, signAs } from "../taskpane/status-seed";

const FIXTURE = JSON.parse(
  readFileSync(path.join(ROOT, "test", "fixtures", "message.json"), "utf8"),
) as MessageFixture;
const ADELE = { email: FIXTURE.from.emailAddress, name: FIXTURE.from.displayName };
const ALEX = { email: "alex.wilber@contoso.com", name: "Alex Wilber" };

jest.setTimeout(180_000);

(skip ? describe.skip : describe)("Reply with signed documents in Chromium", () => {
  const stack = useBrowserStack({ serviceEnv: { SIGN_SCHEDULER_INTERVAL_MS: "300" } });
  let token = "";
  let packageId = "";

  beforeAll(async () => {
    const service = stack.service();
    token = await service.token("reply-signed");
    const pkg = await seedPackage(service.url, token, {
      name: "Mutual NDA",
      conversationId: FIXTURE.conversationId,
      internetMessageId: FIXTURE.internetMessageId,
      subject: FIXTURE.subject,
      signers: [ADELE, ALEX],
      senderEmail: FIXTURE.user.emailAddress,
    });
    for (const signer of pkg.signerIds)
      expect(await signAs(service.url, token, pkg.id, signer)).toBe("Completed");
    // The scheduler seals it: wait for the package to say so.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const got = await callService<{ status: string; sealing?: string | null }>(
        service.url,
        token,
        "GET",
        `/api/v1/packages/${pkg.id}`,
      );
      if (got.body.status === "Completed" && got.body.sealing === "Done") break;
      if (Date.now() > deadline) throw new Error(`Not sealed in time: ${JSON.stringify(got.body)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    packageId = pkg.id;
  }, 180_000);

  async function newPage(width: number): Promise<{ page: Page; errors: string[] }> {
    const context = await stack.newContext({ viewport: { width, height: 1000 } });
    context.setDefaultTimeout(60_000);
    await context.addInitScript(
      ([urlKey, patKey, url, pat]) => {
        try {
          sessionStorage.setItem(urlKey!, url!);
          sessionStorage.setItem(patKey!, pat!);
        } catch {
          // The reply draft's body frame is sandboxed (no storage): nothing to sign in there.
        }
      },
      [SERVICE_URL_STORAGE_KEY, PAT_STORAGE_KEY, stack.service().url, token],
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(`${m.location().url}: ${m.text()}`);
    });
    page.on("pageerror", (e) => errors.push(`uncaught: ${e.message}`));
    return { page, errors };
  }

  /** The workbench page (reading the fixture mail, the given Mailbox version) and its pane on Status. */
  async function openWorkbench(mailbox?: string): Promise<{ page: Page; pane: Frame; errors: string[] }> {
    const { page, errors } = await newPage(1280);
    await page.goto(
      `${stack.origin()}/workbench.html?mode=read&theme=light${mailbox ? `&mailbox=${mailbox}` : ""}`,
    );
    const element = await page.waitForSelector("iframe[title='Sign for Outlook task pane']");
    const pane = (await element.contentFrame())!;
    await pane.getByRole("tab", { name: "Status" }).click();
    await pane.getByRole("heading", { name: "Signing status" }).waitFor({ timeout: 30_000 });
    return { page, pane, errors };
  }

  const cardIn = (root: Page | Frame) =>
    root
      .getByRole("list", { name: "Packages of this conversation, newest first" })
      .getByRole("article", { name: "Mutual NDA" });

  /** The draft's files once none is still downloading. */
  async function settledFiles(page: Page): Promise<{ name: string; status: string; label: string }[]> {
    const draft = page.getByTestId("reply-draft");
    await draft.waitFor({ timeout: 60_000 });
    const files = draft.getByRole("list", { name: "Reply attachments" }).getByRole("listitem");
    const deadline = Date.now() + 60_000;
    for (;;) {
      const now = await files.evaluateAll((items) =>
        items.map((li) => ({
          name: li.querySelector("span, p")?.textContent ?? "",
          status: li.getAttribute("data-status") ?? "",
          label: li.getAttribute("aria-label") ?? "",
        })),
      );
      if (now.length > 0 && now.every((f) => f.status !== "attaching")) return now;
      if (Date.now() > deadline) throw new Error(`The reply's files did not settle: ${JSON.stringify(now)}`);
      await page.waitForTimeout(100);
    }
  }

  async function sizesOf(): Promise<Map<string, number>> {
    const files = await callService<{ files: { fileName: string; size: number }[] }>(
      stack.service().url,
      token,
      "POST",
      `/api/v1/packages/${packageId}/signed-files`,
      { includeCertificate: true },
    );
    return new Map(files.body.files.map((f) => [f.fileName, f.size]));
  }

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

  test("Mailbox 1.15: the click opens a reply-all in the thread with the signed PDF and the certificate attached", async () => {
    const { page, pane, errors } = await openWorkbench();
    const card = cardIn(pane);
    const reply = card.getByRole("button", { name: "Reply with signed documents" });
    await reply.waitFor();
    await card.getByRole("checkbox", { name: "Include certificate" }).check();
    await reply.click();

    const files = await settledFiles(page);
    const sizes = await sizesOf();
    // The certificate is named after the first document (the service names it after the package).
    expect(files.map((f) => f.label)).toEqual([
      `master-services-agreement (signed).pdf: attached, ${kb(sizes.get("master-services-agreement (signed).pdf") ?? -1)}`,
      `master-services-agreement - certificate of completion.pdf: attached, ${kb(sizes.get("Mutual NDA - certificate of completion.pdf") ?? -1)}`,
    ]);
    const draft = page.getByTestId("reply-draft");
    await draft.getByRole("heading", { name: "Reply all (draft)" }).waitFor();
    expect(await draft.getByTestId("reply-to").innerText()).toBe(
      "Adele Vance <adele.vance@fabrikam.com>; Alex Wilber <alex.wilber@contoso.com>",
    );
    expect(await draft.getByTestId("reply-cc").innerText()).toBe("Fabrikam Legal <legal@fabrikam.com>");
    const body = page.frameLocator("[data-testid=reply-body]");
    await body
      .getByText(/Attached are “master-services-agreement\.pdf”, signed by Adele Vance and Alex Wilber on /)
      .waitFor();
    await body.getByText(/certificate of completion/).waitFor();
    await card.getByText("Reply opened", { exact: true }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, "reply-signed-workbench.png") });
    expect(errors).toEqual([]);
  });

  test("Mailbox 1.14: Outlook downloads each file from the service's link; the draft shows them attached", async () => {
    const { page, pane, errors } = await openWorkbench("1.14");
    const card = cardIn(pane);
    await card.getByRole("button", { name: "Reply with signed documents" }).click();
    const files = await settledFiles(page);
    const sizes = await sizesOf();
    expect(files).toEqual([
      {
        name: "master-services-agreement (signed).pdf",
        status: "attached",
        label: `master-services-agreement (signed).pdf: attached, ${kb(sizes.get("master-services-agreement (signed).pdf")!)}`,
      },
    ]);
    await page.getByTestId("reply-draft").getByText("downloaded by Outlook").waitFor();
    await card.getByText(/is attaching 1 file/).waitFor();
    // What the simulated Outlook was handed: the service's short-lived link, not the bytes.
    const drafts = await pane.evaluate(() =>
      (window as unknown as { Office: { __replyDrafts(): ReplyDraft[] } }).Office.__replyDrafts(),
    );
    expect(drafts.at(-1)!.attachments[0]!.url).toMatch(/\/api\/v1\/downloads\/[A-Za-z0-9_-]{43}$/);
    expect(errors).toEqual([]);
  });

  test("the workbench shows what Outlook would: a dead link fails in the reply; files added to and removed from a draft", async () => {
    // The simulated Office, called as the adapter calls it, from inside the pane's frame.
    const { page, pane } = await openWorkbench("1.14");
    await pane.evaluate(
      (dead) =>
        new Promise<void>((resolve) =>
          (window as unknown as { Office: typeof Office }).Office.context.mailbox.item!.displayReplyFormAsync(
            { htmlBody: "<p>x</p>", attachments: [{ type: "file", name: "gone.pdf", url: dead }] } as never,
            () => resolve(),
          ),
        ),
      `${stack.service().url}/api/v1/downloads/${"A".repeat(43)}`,
    );
    expect(await settledFiles(page)).toEqual([
      { name: "gone.pdf", status: "failed", label: "gone.pdf: failed, HTTP 404" },
    ]);
    await page.getByTestId("reply-draft").getByText("Couldn't attach: HTTP 404").waitFor();
    await page.getByTestId("reply-draft").getByRole("heading", { name: "Reply (draft)" }).waitFor();

    const { page: writing } = await newPage(1280);
    await writing.goto(`${stack.origin()}/workbench.html?mode=compose&theme=light`);
    const frame = (await (
      await writing.waitForSelector("iframe[title='Sign for Outlook task pane']")
    ).contentFrame())!;
    await frame.getByRole("tablist", { name: "Sign for Outlook views" }).waitFor({ timeout: 30_000 });
    const attachments = writing.getByLabel("Attachments", { exact: true });
    await attachments.getByText("mutual-nda.pdf").waitFor();
    const id = await frame.evaluate(
      () =>
        new Promise<string>((resolve, reject) =>
          (
            window as unknown as { Office: typeof Office }
          ).Office.context.mailbox.item!.addFileAttachmentFromBase64Async(
            btoa("%PDF-1.4 signed"),
            "mutual-nda (signed).pdf",
            (r: Office.AsyncResult<string>) =>
              String(r.status) === "succeeded" ? resolve(r.value) : reject(new Error(r.error.message)),
          ),
        ),
    );
    await attachments.getByText("mutual-nda (signed).pdf").waitFor();
    await attachments.getByText("0.0 KB").waitFor();
    const original = FIXTURE.attachments.find((a) => a.name === "mutual-nda.pdf")!.id;
    for (const remove of [original, id]) {
      await frame.evaluate(
        (attachmentId) =>
          new Promise<void>((resolve) =>
            (
              window as unknown as { Office: typeof Office }
            ).Office.context.mailbox.item!.removeAttachmentAsync(attachmentId, () => resolve()),
          ),
        remove,
      );
    }
    await attachments.getByText("mutual-nda.pdf").waitFor({ state: "detached" });
    await attachments.getByText("mutual-nda (signed).pdf").waitFor({ state: "detached" });
    await attachments.getByText("master-services-agreement.pdf").waitFor();
  });

  test("the pane alone at 320 px: the action, the reply opened, and Mailbox 1.1 saying why it can't", async () => {
    const { page, errors } = await newPage(320);
    await page.goto(`${stack.origin()}/taskpane.html?workbench=1&mode=read&theme=light&view=status`);
    await page.getByRole("heading", { name: "Signing status" }).waitFor({ timeout: 30_000 });
    const card = cardIn(page);
    const reply = card.getByRole("button", { name: "Reply with signed documents" });
    await reply.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await card.screenshot({ path: path.join(ARTIFACTS, "reply-signed-320-offered.png") });
    await reply.click();
    await card.getByText("Reply opened", { exact: true }).waitFor();
    const drafts = await page.evaluate(() =>
      (window as unknown as { Office: { __replyDrafts(): ReplyDraft[] } }).Office.__replyDrafts(),
    );
    expect(drafts.at(-1)).toMatchObject({ kind: "replyAll", attachments: [{ status: "attached" }] });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await card.screenshot({ path: path.join(ARTIFACTS, "reply-signed-320-opened.png") });
    await expectAccessible(page, "the Status card after the reply opened");

    await page.goto(
      `${stack.origin()}/taskpane.html?workbench=1&mode=read&theme=light&view=status&mailbox=1.1`,
    );
    const old = cardIn(page);
    await old
      .getByText(
        /Reply with signed documents isn't available here\. This version of Outlook can't open a reply/,
      )
      .waitFor({
        timeout: 30_000,
      });
    expect(await old.getByRole("button", { name: "Reply with signed documents" }).count()).toBe(0);
    await old.screenshot({ path: path.join(ARTIFACTS, "reply-signed-320-unsupported.png") });
    expect(errors).toEqual([]);
  });
});
