/**
 * Sign it yourself (issue 33) in Chromium, from the click to Outlook's draft, with the real service
 * and the real signing page under the workbench's simulated Outlook:
 * - reading: pick an attachment, drop a Signature with Send's fields step, sign in the Office dialog
 *   (a pop-up; the page tells the pane through the dialog), the pane waits for the seal and opens a
 *   reply to the sender with the sealed PDF attached;
 * - writing, where dialogs are blocked (?dialogs=0): the page opens in a browser window, the pane
 *   polls the package, and the sealed PDF is attached to the draft beside the original.
 * Each screen at 320 px is kept in test/artifacts (self-sign-*.png), and the sealed PDF too.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import {
  ARTIFACTS,
  checkScreen,
  dropAt,
  eventually,
  openDocument,
  skipBrowser,
  useSendStack,
} from "./send-browser-setup";

jest.setTimeout(300_000);

const MSA = "master-services-agreement.pdf";
const NDA = "mutual-nda.pdf";
const SIGNED = "master-services-agreement (signed).pdf";

(skipBrowser ? describe.skip : describe)("Sign it yourself in the browser", () => {
  const stack = useSendStack({
    signingPage: true,
    serviceEnv: { SIGN_SCHEDULER_INTERVAL_MS: "200" },
  });

  type Json = Record<string, unknown> & { id: string };
  async function call<T = Json>(token: string, route: string): Promise<T> {
    const response = await stack.service().call("GET", route, { token });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  }

  /** Picks the MSA only, drops a Signature on its first page and clicks Sign now; answers the signing window. */
  async function pickPlaceAndSign(page: Page, mode: "read" | "compose"): Promise<Page> {
    const panel = page.getByRole("tabpanel", { name: "Sign" });
    await panel.getByRole("heading", { name: "Sign it yourself" }).waitFor({ timeout: 60_000 });
    await panel.getByRole("checkbox", { name: new RegExp(NDA.replace(".", "\\.")) }).uncheck();
    if (mode === "compose") await panel.getByRole("radio", { name: "Goes beside the original" }).check();
    await checkScreen(page, `self-sign-pick-${mode}`, `Sign it yourself, picking (${mode})`, "pick");

    // From the keyboard: the fields step's heading takes the focus (the button pressed is gone).
    await panel.getByRole("button", { name: "Next: your fields" }).press("Enter");
    await eventually(async () =>
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Your fields"),
    );
    await openDocument(page, MSA);
    // The document's own tags for signer 1 are the user's fields too.
    await page.getByText(/^Tags already in this document/).waitFor();
    const signer = (
      await page.getByRole("combobox", { name: "Signer" }).locator("option").allTextContents()
    )[0]!;
    await dropAt(page, signer, "Signature", 0.35, 0.38);
    await checkScreen(page, `self-sign-fields-${mode}`, `Sign it yourself, fields (${mode})`, "fields");

    // Sign now makes the package (the stamped PDF uploaded, sent) before the window opens: at load 20
    // that took longer than Playwright's 30 s (issue 29). A generous deadline, and what the pane said.
    const opened = page.context().waitForEvent("page", { timeout: 120_000 });
    await panel.getByRole("button", { name: "Sign now" }).click();
    const signing = await opened.catch(async (e: unknown) => {
      throw new Error(
        `No signing window within 120 s (${String(e)}); the pane said: ${await panel.innerText()}`,
      );
    });
    await panel.getByText(/^Sign in the (window|browser tab) that opened/).waitFor({ timeout: 60_000 });
    // Only a picture here: with the signing window in front, the pane's page is in the background,
    // where Chromium holds back the animation frames axe-core waits for.
    await page.screenshot({ path: path.join(ARTIFACTS, `self-sign-signing-${mode}.png`) });
    return signing;
  }

  /**
   * Signs in the signing page, following its guide: adopts the typed signature for each signature
   * field, writes a title where the MSA's tag asks one, then Finish.
   */
  async function signThere(signing: Page): Promise<void> {
    signing.setDefaultTimeout(30_000);
    await signing.bringToFront();
    const progress = signing.getByText(/required fields? filled$/);
    await progress.waitFor({ timeout: 60_000 });
    const adopt = signing.getByRole("button", { name: "Sign with this signature" });
    const title = signing.getByRole("textbox", { name: /Title/ });
    for (let i = 0; i < 12; i++) {
      const before = (await progress.textContent()) ?? "";
      const [done, total] = (/(\d+) of (\d+)/.exec(before) ?? []).slice(1);
      if (done !== undefined && done === total) break;
      if ((await adopt.count()) > 0 && (await adopt.isVisible())) await adopt.click();
      else if ((await title.count()) > 0 && (await title.isVisible()) && !(await title.inputValue())) {
        await title.fill("Counsel");
        await signing.getByRole("button", { name: "Next field" }).click();
      } else {
        await signing.getByRole("button", { name: "Next field" }).click();
        continue;
      }
      await eventually(async () => expect(await progress.textContent()).not.toBe(before));
    }
    await signing.getByRole("button", { name: "Finish" }).click();
  }

  /** The package the pane made, from the service: Completed, sealed, of this conversation; its sealed PDF kept. */
  async function checkPackage(token: string, mode: string): Promise<Json> {
    const list = await call<{ items: Json[] }>(
      token,
      "/api/v1/packages?senderEmail=megan.bowen%40contoso.com&includeSigners=true&pageSize=5",
    );
    const pkg = list.items[0]!;
    expect(pkg).toMatchObject({
      status: "Completed",
      sealing: "Done",
      documentCount: 1,
      source: { kind: "outlook" },
      signers: [{ email: "megan.bowen@contoso.com", isEmbedded: true, status: "Completed" }],
    });
    const docs = await call<{ items: Json[] }>(token, `/api/v1/packages/${pkg.id}/documents`);
    const link = await call<{ url: string }>(
      token,
      `/api/v1/packages/${pkg.id}/documents/${docs.items[0]!.id}/download-signed`,
    );
    const bytes = await (await fetch(new URL(link.url, stack.service().url))).arrayBuffer();
    writeFileSync(path.join(ARTIFACTS, `self-sign-sealed-${mode}.pdf`), Buffer.from(bytes));
    // Nobody was invited: the trail queued no notification.
    const trail = await call<Json[]>(token, `/api/v1/packages/${pkg.id}/audit-trail`);
    expect(trail.find((e) => e.action === "InvitationsQueued")).toMatchObject({
      details: { notifications: 0 },
    });
    return pkg;
  }

  test("reading: signed in the Office dialog, the reply to the sender opens with the sealed PDF", async () => {
    const token = await stack.service().token("self-sign-read");
    const { page, errors } = await stack.openPane(token, "read", "light", undefined, { view: "sign" });
    const dialog = await pickPlaceAndSign(page, "read");
    await signThere(dialog);

    const panel = page.getByRole("tabpanel", { name: "Sign" });
    await panel.getByText("Signed and sealed").waitFor({ timeout: 90_000 });
    // The pane closed the dialog once the package said it was signed.
    await eventually(() => expect(dialog.isClosed()).toBe(true));
    await page.bringToFront();
    await checkScreen(page, "self-sign-done-read", "Sign it yourself, done (read)", "done");

    const drafts = await page.evaluate(() =>
      (window as unknown as { Office: { __replyDrafts(): unknown[] } }).Office.__replyDrafts(),
    );
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      kind: "reply",
      to: [{ emailAddress: "adele.vance@fabrikam.com" }],
      attachments: [{ name: SIGNED, status: "attached" }],
    });
    await checkPackage(token, "read");
    expect(errors).toEqual([]);
  });

  test("writing, dialogs blocked: signed in a browser window, the sealed PDF is attached beside the original", async () => {
    const token = await stack.service().token("self-sign-compose");
    const { page, errors } = await stack.openPane(token, "compose", "light", undefined, {
      view: "sign",
      query: "&dialogs=0",
    });
    const tab = await pickPlaceAndSign(page, "compose");
    await expect(
      page
        .getByRole("tabpanel", { name: "Sign" })
        .getByText(/^Sign in the browser tab that opened/)
        .count(),
    ).resolves.toBe(1);

    // "Stop waiting" asks, in a dialog named by its question that takes the focus (Chromium's
    // accessibility tree; jsdom cannot tell, flake 11); Escape: not stopped, the pane goes on waiting.
    await page.bringToFront();
    // Twice, the second at once after the first closed (in jsdom that left it aria-hidden, flake 10).
    const question = page.getByRole("alertdialog", { name: "Discard this signing?" });
    for (let time = 0; time < 2; time++) {
      await page.getByRole("button", { name: "Stop waiting" }).click();
      await question.waitFor();
      await eventually(async () =>
        expect(await question.evaluate((d) => d.contains(document.activeElement))).toBe(true),
      );
      await page.keyboard.press("Escape");
      await question.waitFor({ state: "detached" });
    }
    await page.getByRole("button", { name: "Stop waiting" }).waitFor();
    await tab.bringToFront();
    await signThere(tab);
    await tab.getByRole("heading", { name: "Thank you, you have signed" }).waitFor();

    await tab.close();
    await page.bringToFront();
    const panel = page.getByRole("tabpanel", { name: "Sign" });
    await panel.getByText("Signed and sealed").waitFor({ timeout: 90_000 });
    await checkScreen(page, "self-sign-done-compose", "Sign it yourself, done (compose)", "done");

    const names = await page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) =>
          Office.context.mailbox.item!.getAttachmentsAsync((result) =>
            result.status === Office.AsyncResultStatus.Succeeded
              ? resolve(result.value.map((a) => a.name))
              : reject(new Error(result.error.message)),
          ),
        ),
    );
    expect(names).toEqual([MSA, NDA, SIGNED]);
    await checkPackage(token, "compose");
    expect(errors).toEqual([]);
  });
});
