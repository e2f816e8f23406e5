/**
 * @jest-environment ./test/leak-guard/node-environment.js
 */
/**
 * Browser tests of the Send view (issue 17): Debian's Chromium (through playwright-core) drives the
 * real task pane bundle (its development build, browser-stack.ts), under the workbench's simulated Outlook
 * (`taskpane.html?workbench=1`, 320 px wide, as the narrowest Outlook pane), against the real service
 * (started in this process by the service test harness, fresh database, CORS for the pane's origin).
 *
 * - read mode, light theme: two fixture PDFs to two people and one signing group, fields dropped
 *   with the mouse (one moved with the keyboard); the first commit of an upload fails, the pane is
 *   reloaded (closed and opened), the draft comes back (a PDF added from disk too, kept in
 *   IndexedDB) and the send resumes without uploading the staged block again; the package is Sent with an annotation where each field was dropped
 *   (within 2 points), its source is the message;
 * - compose mode, dark theme: an attachment that cannot be sent says why; a signer without fields
 *   is warned and Send waits until the warning is accepted;
 * - axe-core: no serious or critical violation in each step; a screenshot of each step in
 *   test/artifacts/send-<step>-<mode>-<theme>.png (ignored by git).
 *
 * Without Chromium (/usr/bin/chromium, or CHROMIUM_PATH) the tests are skipped, saying so, except
 * under CI: there they fail.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import type { Page } from "playwright-core";
import type { MessageFixture } from "../../src/workbench/bridge";
import { axeViolations, describeViolations } from "./axe";
import { ARTIFACTS, ROOT, skipBrowser as skip, useBrowserStack } from "./browser-stack";
import { dropAt, eventually, openDocument, settled } from "./send-browser-setup";

const FIXTURE = JSON.parse(
  readFileSync(path.join(ROOT, "test", "fixtures", "message.json"), "utf8"),
) as MessageFixture;
const PANE_WIDTH = 320;

type Mode = "read" | "compose";
type Theme = "light" | "dark";

// ---------------------------------------------------------------------------------------------------

interface DraftField {
  docKey: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  type: string;
  signerKey: string;
}

(skip ? describe.skip : describe)("the Send view in Chromium against the real service", () => {
  const stack = useBrowserStack();
  const lesserFindings = new Map<string, { line: string; where: string[] }>();

  afterAll(() => {
    if (lesserFindings.size > 0) {
      const lines = [...lesserFindings.values()].map((f) => `  ${f.line}\n    in ${f.where.join("; ")}`);
      console.info(`axe-core findings below serious (not failing):\n${lines.join("\n")}`);
    }
  }, 30_000);

  /** The task pane alone, 320 px wide, under the simulated Outlook; the fixture message replaced when given. */
  async function openPane(mode: Mode, theme: Theme, fixture?: MessageFixture): Promise<Page> {
    const context = await stack.newContext({ viewport: { width: PANE_WIDTH, height: 900 } });
    if (fixture) await context.route("**/fixtures/message.json", (route) => route.fulfill({ json: fixture }));
    const page = await context.newPage();
    await page.goto(`${stack.origin()}/taskpane.html?workbench=1&mode=${mode}&theme=${theme}&view=settings`);
    await page.getByRole("tablist", { name: "Sign for Outlook views" }).waitFor({ timeout: 30_000 });
    return page;
  }

  async function signIn(page: Page, token: string): Promise<void> {
    await page.getByRole("tab", { name: "Settings" }).click();
    await page.getByRole("textbox", { name: "Service URL" }).fill(stack.service().url);
    await page.getByLabel("Personal access token").fill(token);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Signed in", { exact: true }).waitFor();
  }

  async function showSend(page: Page) {
    await page.getByRole("tab", { name: "Send" }).click();
    const panel = page.getByRole("tabpanel", { name: "Send" });
    await panel.getByRole("heading", { name: "Send for signature" }).first().waitFor();
    return panel;
  }

  async function checkAccessibility(page: Page, what: string): Promise<void> {
    const violations = await axeViolations(page);
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    for (const v of violations.filter((x) => !serious.includes(x))) {
      const finding = lesserFindings.get(v.id) ?? {
        line: `${v.impact ?? "?"}: ${v.id}: ${v.help}`,
        where: [],
      };
      finding.where.push(what);
      lesserFindings.set(v.id, finding);
    }
    if (serious.length > 0) {
      throw new Error(
        `axe-core: serious or critical accessibility violations in ${what}:\n${describeViolations(serious)}`,
      );
    }
  }

  /** A screenshot of the whole step, axe-core, and no horizontal scrolling at 320 px. */
  async function step(page: Page, name: string, mode: Mode, theme: Theme): Promise<void> {
    await settled(page);
    // As tall as the pane's content, so the whole step is in one picture (the tab bar stays on top).
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: PANE_WIDTH, height: Math.max(600, Math.min(height, 4000)) });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(ARTIFACTS, `send-${name}-${mode}-${theme}.png`) });
    await page.setViewportSize({ width: PANE_WIDTH, height: 900 });
    await checkAccessibility(page, `the Send view's ${name} step (${mode}, ${theme})`);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 5)
        .map(
          (e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""} ${e.textContent?.slice(0, 40) ?? ""}`,
        ),
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect({ step: name, overflow: overflow > 1 ? wide : [] }).toEqual({ step: name, overflow: [] });
  }

  async function draftOf(
    page: Page,
  ): Promise<{ fields: DraftField[]; rows: { key: string; included: boolean }[] }> {
    return page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith("sign.sendDraft"));
      return JSON.parse(key ? localStorage.getItem(key)! : "null");
    });
  }

  test("read, light: two PDFs to two people and a group, fields dropped, a failed upload resumed after a reload; Sent with the annotations where the fields were", async () => {
    const token = await stack.service().token("Send-Browser-Read");
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await stack.service().call(method, route, { token, body });
      return (response.status === 204 ? null : await response.json()) as Record<string, unknown> & {
        items: Record<string, unknown>[];
      };
    };
    await call("POST", "/api/v1/signing-groups", {
      name: "Contoso legal",
      members: [{ email: "lidia@contoso.com" }, { email: "grady@contoso.com" }],
    });

    const page = await openPane("read", "light");
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signIn(page, token);
    const send = await showSend(page);
    const documents = send.getByRole("list", { name: "Documents" });
    for (const a of FIXTURE.attachments) {
      expect(await documents.getByRole("checkbox", { name: `Send ${a.name}` }).isChecked()).toBe(true);
    }
    // A PDF from the user's disk too: kept in the pane's IndexedDB across the reload below.
    const side = await PDFDocument.create();
    side.addPage([612, 792]).drawText("Side letter", { x: 72, y: 700, size: 14 });
    await send.getByTestId("send-file-input").setInputFiles({
      name: "side-letter.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(await side.save()),
    });
    await documents.getByRole("checkbox", { name: "Send side-letter.pdf" }).waitFor();
    // The group, found by search, as a third signer.
    await send.getByRole("combobox", { name: "Add a signing group" }).click();
    await page.keyboard.type("Contoso");
    await page.getByRole("option", { name: /Contoso legal/ }).click();
    await send.getByRole("list", { name: "Signers" }).getByText("Contoso legal").first().waitFor();
    await step(page, "setup", "read", "light");

    await send.getByRole("button", { name: "Next: fields" }).click();
    await openDocument(page, "master-services-agreement.pdf");
    // The mail's To: Megan (the user, asked to sign) and Alex; never Adele, who asked (issue 28).
    await dropAt(page, "1. Megan Bowen", "Signature", 0.3, 0.62);
    await dropAt(page, "2. Alex Wilber", "Date signed", 0.7, 0.7);
    await dropAt(page, "3. Group Contoso legal", "Initials", 0.5, 0.85);
    await openDocument(page, "mutual-nda.pdf");
    await dropAt(page, "3. Group Contoso legal", "Signature", 0.5, 0.55);
    // Moved 10 points right and made 4 points wider with the keyboard.
    const last = page.getByTestId("send-field").last();
    await last.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("Shift+ArrowRight");
    expect(await last.getAttribute("aria-label")).toBe("3 Signature for Group Contoso legal, page 1");
    await step(page, "fields", "read", "light");

    await send.getByRole("button", { name: "Next: check" }).click();
    await send.getByRole("list", { name: "Fields per signer" }).waitFor();
    for (const box of await send.getByRole("checkbox", { name: /^Send anyway/ }).all()) await box.check();
    await send.getByText("Ready to send.").waitFor();
    await step(page, "check", "read", "light");

    await send.getByRole("button", { name: "Next: send" }).click();
    expect(await send.getByRole("textbox", { name: /Subject/ }).inputValue()).toBe(FIXTURE.subject);
    // A neutral message, not the received mail's "Hi Megan, … Adele" (issue 28).
    expect(await send.getByRole("textbox", { name: /Message/ }).inputValue()).toBe(
      "Please review the documents and sign where indicated.",
    );
    await step(page, "send", "read", "light");

    // The first commit never answers (the connection drops): the pane says so and keeps everything.
    const blocks: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "PUT" && /\/blocks\/\d+$/.test(r.url())) blocks.push(r.url());
    });
    let commits = 0;
    await page.route("**/uploads/*/commit", (route) =>
      ++commits === 1 ? route.abort("connectionreset") : route.continue(),
    );
    await send.getByRole("button", { name: "Send", exact: true }).click();
    await send
      .getByText("“master-services-agreement.pdf” could not be uploaded")
      .waitFor({ timeout: 60_000 });
    await step(page, "failed", "read", "light");
    const draft = await draftOf(page);
    expect(draft.fields).toHaveLength(4);

    // The pane is closed and opened again: the draft comes back and the send goes on.
    await page.reload();
    await page.getByRole("tablist", { name: "Sign for Outlook views" }).waitFor({ timeout: 30_000 });
    const again = await showSend(page);
    await again.getByText("Your draft is back").waitFor();
    expect(
      await again
        .getByRole("list", { name: "Documents" })
        .getByRole("checkbox", { name: "Send side-letter.pdf" })
        .isChecked(),
    ).toBe(true);
    expect(await again.getByText(/again: this browser no longer has/).count()).toBe(0);
    await again.getByRole("button", { name: "5. Send" }).click();
    await again.getByRole("button", { name: "Send", exact: true }).click();
    await again.getByText(`Sent: “${FIXTURE.subject}”`).waitFor({ timeout: 90_000 });
    await step(page, "done", "read", "light");
    // One block per document: the block staged before the failed commit was not sent again.
    expect(blocks).toHaveLength(3);

    const list = await call(
      "GET",
      `/api/v1/packages?conversationId=${encodeURIComponent(FIXTURE.conversationId)}`,
    );
    expect(list.items).toHaveLength(1);
    const pkg = list.items[0]! as { id: string; status: string; source: unknown };
    expect(pkg.status).toBe("Sent");
    expect(pkg.source).toEqual({
      kind: "outlook",
      conversationId: FIXTURE.conversationId,
      internetMessageId: FIXTURE.internetMessageId,
      subject: FIXTURE.subject,
    });
    const docs = (await call("GET", `/api/v1/packages/${pkg.id}/documents`)).items as {
      id: string;
      name: string;
    }[];
    expect(docs.map((d) => d.name).sort()).toEqual([
      "master-services-agreement.pdf",
      "mutual-nda.pdf",
      "side-letter.pdf",
    ]);
    const signers = (await call("GET", `/api/v1/packages/${pkg.id}/signers`)).items as {
      id: string;
      signingGroupId: string | null;
    }[];
    expect(signers).toHaveLength(3);
    expect(signers[2]!.signingGroupId).not.toBeNull();
    const annotations = (await call("GET", `/api/v1/packages/${pkg.id}/annotations`)).items as {
      documentId: string;
      signerId: string;
      type: string;
      page: number;
      x: number;
      y: number;
      width: number;
      height: number;
    }[];
    const chosen = draft.rows.filter((r) => r.included).map((r) => r.key);
    const docByKey = new Map(
      FIXTURE.attachments.map((a) => [`a:${a.id}`, docs.find((d) => d.name === a.name)!.id]),
    );
    for (const f of draft.fields) {
      const signer = signers[chosen.indexOf(f.signerKey)];
      const match = annotations.find(
        (a) =>
          a.documentId === docByKey.get(f.docKey) &&
          a.type === f.type &&
          a.page === f.page &&
          Math.abs(a.x - f.x) <= 2 &&
          Math.abs(a.y - f.y) <= 2 &&
          Math.abs(a.width - f.width) <= 2 &&
          Math.abs(a.height - f.height) <= 2,
      );
      expect({ field: f, found: Boolean(match) }).toEqual({ field: f, found: true });
      if (signer) expect(match!.signerId).toBe(signer.id);
    }

    await again.getByRole("button", { name: "See its status" }).click();
    await eventually(async () =>
      expect(await page.getByRole("tab", { name: "Status" }).getAttribute("aria-selected")).toBe("true"),
    );
    expect(errors).toEqual([]);
  }, 300_000);

  test("compose, dark: an attachment that cannot be sent says why; a signer without fields is warned until accepted", async () => {
    const token = await stack.service().token("Send-Browser-Compose");
    const fixture: MessageFixture = {
      ...FIXTURE,
      attachments: [
        ...FIXTURE.attachments,
        {
          id: "AAMkDOCX=",
          name: "pricing.docx",
          file: "pricing.docx",
          contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          size: 18_000,
        },
      ],
    };
    const page = await openPane("compose", "dark", fixture);
    await signIn(page, token);
    const send = await showSend(page);
    const documents = send.getByRole("list", { name: "Documents" });
    const docx = documents.getByRole("checkbox", { name: "Send pricing.docx" });
    expect(await docx.isDisabled()).toBe(true);
    await send
      .getByText(
        "Only PDF, PNG and JPEG files can be sent for signature: save “pricing.docx” as a PDF first.",
      )
      .waitFor();
    await documents.getByRole("checkbox", { name: "Send mutual-nda.pdf" }).uncheck();
    // Alex and Lynne Robbins (the draft's To) are signers 1 and 2; two people added by address: 3
    // and 4. The MSA's tags name 1 and 2.
    for (const address of ["nestor@fabrikam.com", "lynne@fabrikam.com"]) {
      await send.getByRole("textbox", { name: "Add a person by address" }).fill(address);
      await send.getByRole("button", { name: "Add person" }).click();
    }
    await step(page, "setup", "compose", "dark");

    await send.getByRole("button", { name: "Next: fields" }).click();
    await openDocument(page, "master-services-agreement.pdf");
    await dropAt(page, "3. nestor@fabrikam.com", "Text", 0.5, 0.3);
    await step(page, "fields", "compose", "dark");

    await send.getByRole("button", { name: "Next: check" }).click();
    await send.getByText("lynne@fabrikam.com (signer 4) has no field to sign.").waitFor();
    expect(await send.getByRole("button", { name: "Next: send" }).isDisabled()).toBe(true);
    await step(page, "check", "compose", "dark");
    await send.getByRole("checkbox", { name: /^Send anyway. A signature block page/ }).check();
    await send.getByText("Ready to send.").waitFor();

    await send.getByRole("button", { name: "Next: send" }).click();
    // Writing, the user may take their own text as the invitation's message (issue 28).
    const message = send.getByRole("textbox", { name: /Message/ });
    expect(await message.inputValue()).toBe("Please review the documents and sign where indicated.");
    await send.getByRole("button", { name: "Use my message's text" }).click();
    await eventually(async () => expect(await message.inputValue()).toBe(FIXTURE.composeBody.trim()));
    await step(page, "send", "compose", "dark");
    await send.getByRole("button", { name: "Send", exact: true }).click();
    await send.getByText(/^Sent: /).waitFor({ timeout: 90_000 });
    await step(page, "done", "compose", "dark");

    const response = await stack.service().call("GET", "/api/v1/packages", { token });
    const [pkg] = (
      (await response.json()) as { items: { id: string; status: string; documentCount: number }[] }
    ).items;
    expect(pkg!.status).toBe("Sent");
    const docs = (await (
      await stack.service().call("GET", `/api/v1/packages/${pkg!.id}/documents`, { token })
    ).json()) as {
      items: { pageCount: number }[];
    };
    expect(docs.items.map((d) => d.pageCount)).toEqual([3]); // the MSA's two pages and the signature block page
  }, 300_000);
});
