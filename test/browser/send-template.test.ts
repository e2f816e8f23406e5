/**
 * @jest-environment ./test/leak-guard/node-environment.js
 */
/**
 * Browser test of "Start from a template" in the Send view (issue 19): Debian's Chromium (through
 * playwright-core) drives the real task pane bundle, served by the webpack dev server, under the
 * workbench's simulated Outlook (`taskpane.html?workbench=1`, 320 px wide), against the real service
 * (started in this process, fresh database, CORS for the dev server).
 *
 * - read, light: a template found by search, its roles filled with the message's people in order
 *   and a signing group, an unfilled role said next to it, continued into the send flow with the
 *   message's attachments, sent; the package on the service has the template's roles as signers, the
 *   group's slot, the attachments and the message as its source;
 * - read, light: a template with a document (uploaded with a tag for its role) sent at once with
 *   Send now; the package is Sent with the document and the role's field;
 * - compose, dark and forced colours (high contrast): the list and the roles reached and used with
 *   the keyboard alone;
 * - each screen: axe-core (no serious or critical violation), no horizontal scrolling at 320 px, and
 *   a screenshot in test/artifacts/send-template-<screen>-<mode>-<theme>.png (ignored by git).
 *
 * Without Chromium (/usr/bin/chromium, or CHROMIUM_PATH) the tests are skipped, saying so, except
 * under CI: there they fail.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Page } from "playwright-core";
import type { MessageFixture } from "../../src/workbench/bridge";
import {
  ROOT,
  checkScreen,
  eventually,
  skipBrowser,
  useSendStack,
  type Mode,
  type Theme,
} from "./send-browser-setup";

const FIXTURE = JSON.parse(
  readFileSync(path.join(ROOT, "test", "fixtures", "message.json"), "utf8"),
) as MessageFixture;

(skipBrowser ? describe.skip : describe)("Start from a template in Chromium against the real service", () => {
  const stack = useSendStack();
  let tenant = 0;

  async function tenantWithTemplates() {
    const token = await stack.service().token(`send-template-browser-${++tenant}`);
    const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
      const response = await stack.service().call(method, route, { token, body });
      if (response.status >= 400) throw new Error(`${method} ${route}: ${await response.text()}`);
      return (response.status === 204 ? null : await response.json()) as T;
    };
    const template = async (name: string, roles: { name: string; type?: string; routingOrder: number }[]) => {
      const t = await call<{ id: string }>("POST", "/api/v1/templates", { name });
      for (const role of roles) await call("POST", `/api/v1/templates/${t.id}/roles`, role);
      return t;
    };
    await template("Lease agreement", [{ name: "Tenant", routingOrder: 1 }]);
    await template("Mutual NDA", [
      { name: "Client", routingOrder: 1 },
      { name: "Counsel", routingOrder: 2 },
      { name: "Legal review", routingOrder: 3, type: "Approver" },
    ]);
    const group = await call<{ id: string }>("POST", "/api/v1/signing-groups", {
      name: "Contoso legal",
      members: [{ email: "lidia@contoso.com" }, { email: "grady@contoso.com" }],
    });
    return { token, call, group };
  }

  /** The task pane alone, 320 px wide, signed in (session storage set before it loads), on Send. */
  async function openPane(
    token: string,
    mode: Mode,
    theme: Theme,
  ): Promise<{ page: Page; errors: string[] }> {
    const opened = await stack.openPane(token, mode, theme);
    await opened.page.getByRole("button", { name: "Start from a template" }).waitFor({ timeout: 60_000 });
    return opened;
  }

  /** A screenshot of the whole screen, axe-core, and no horizontal scrolling at 320 px. */
  const screen = (page: Page, name: string, mode: Mode, theme: Theme) =>
    checkScreen(
      page,
      `send-template-${name}-${mode}-${theme}`,
      `start from a template, ${name} (${mode}, ${theme})`,
      name,
    );

  test("read, light: a template found by search, roles filled from the message and a group, continued with the attachments and sent; the package checked on the service", async () => {
    const { token, call, group } = await tenantWithTemplates();
    const { page, errors } = await openPane(token, "read", "light");
    await page.getByRole("button", { name: "Start from a template" }).click();
    const templates = page.getByRole("list", { name: "Templates" });
    await templates.getByRole("button").first().waitFor();
    expect(await templates.getByRole("button").count()).toBe(2);
    await screen(page, "list", "read", "light");

    await page.getByRole("searchbox").fill("nda");
    await page.getByText("1 template matches “nda”.").waitFor();
    await templates.getByRole("button", { name: /^Mutual NDA\s*3 roles · 0 documents$/ }).click();
    const client = page.getByRole("combobox", { name: /1\. Client/ });
    await client.waitFor();
    // Filled in order with the message's chosen people (its To: Megan, the user, then Alex; never
    // Adele, who asked for the signatures); the third role is left to choose.
    await eventually(async () => expect(await client.inputValue()).toBe("p:megan.bowen@contoso.com"));
    expect(await page.getByRole("combobox", { name: /2\. Counsel/ }).inputValue()).toBe(
      "p:alex.wilber@contoso.com",
    );
    const review = page.getByRole("combobox", { name: /3\. Legal review \(approves\)/ });
    expect(await review.inputValue()).toBe("");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Choose who fills the role Legal review.").waitFor();
    expect(await review.evaluate((e) => e === document.activeElement)).toBe(true);
    await screen(page, "roles-error", "read", "light");

    await review.selectOption({ label: "Group Contoso legal (2 members)" });
    await screen(page, "roles", "read", "light");
    await page.getByRole("button", { name: "Continue" }).click();

    const summary = page.getByRole("region", { name: "From the template “Mutual NDA”" });
    await summary.waitFor();
    expect(
      await summary
        .getByRole("list", { name: "Signers from the template" })
        .getByRole("listitem")
        .allInnerTexts(),
    ).toEqual([
      "Client: Megan Bowen <megan.bowen@contoso.com> (signs)",
      "Counsel: Alex Wilber <alex.wilber@contoso.com> (signs)",
      "Legal review: Group Contoso legal (approves)",
    ]);
    await screen(page, "setup", "read", "light");

    await page.getByRole("button", { name: "Next: fields" }).click();
    await page.getByTestId("send-page").waitFor({ timeout: 60_000 });
    await page.getByRole("button", { name: "Next: check" }).click();
    await page.getByRole("list", { name: "Fields per signer" }).waitFor();
    for (const box of await page.getByRole("checkbox", { name: /^Send anyway/ }).all()) await box.check();
    await page.getByText("Ready to send.").waitFor();
    await page.getByRole("button", { name: "Next: send" }).click();
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByText(`Sent: “${FIXTURE.subject}”`).waitFor({ timeout: 90_000 });
    await screen(page, "done", "read", "light");

    type Pkg = { id: string; status: string; source: unknown };
    const list = await call<{ items: Pkg[] }>(
      "GET",
      `/api/v1/packages?conversationId=${encodeURIComponent(FIXTURE.conversationId)}`,
    );
    expect(list.items).toHaveLength(1);
    const pkg = list.items[0]!;
    expect(pkg.status).toBe("Sent");
    expect(pkg.source).toEqual({
      kind: "outlook",
      conversationId: FIXTURE.conversationId,
      internetMessageId: FIXTURE.internetMessageId,
      subject: FIXTURE.subject,
    });
    const signers = await call<{
      items: { roleName: string; email: string | null; signingGroupId: string | null; type: string }[];
    }>("GET", `/api/v1/packages/${pkg.id}/signers`);
    expect(signers.items.map((s) => [s.roleName, s.signingGroupId ?? s.email, s.type])).toEqual([
      ["Client", "megan.bowen@contoso.com", "Signer"],
      ["Counsel", "alex.wilber@contoso.com", "Signer"],
      ["Legal review", group.id, "Approver"],
    ]);
    const documents = await call<{ items: { name: string }[] }>(
      "GET",
      `/api/v1/packages/${pkg.id}/documents`,
    );
    expect(documents.items.map((d) => d.name).sort()).toEqual(FIXTURE.attachments.map((a) => a.name).sort());
    expect(errors).toEqual([]);
  }, 300_000);

  test("read, light: a template with a document sent at once with Send now; the package checked on the service", async () => {
    const { token, call } = await tenantWithTemplates();
    const t = await call<{ id: string }>("POST", "/api/v1/templates", { name: "Consulting agreement" });
    await call("POST", `/api/v1/templates/${t.id}/roles`, { name: "Consultant", routingOrder: 1 });
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const pdfPage = doc.addPage([612, 792]);
    pdfPage.drawText("Consulting agreement", { x: 72, y: 720, size: 16, font });
    pdfPage.drawText("{{sig:1}}", { x: 72, y: 500, size: 14, font });
    const form = new FormData();
    form.append(
      "file",
      new Blob([new Uint8Array(await doc.save())], { type: "application/pdf" }),
      "consulting.pdf",
    );
    const uploaded = await fetch(`${stack.service().url}/api/v1/templates/${t.id}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);

    const { page, errors } = await openPane(token, "read", "light");
    await page.getByRole("button", { name: "Start from a template" }).click();
    await page.getByRole("searchbox").fill("consult");
    await page.getByRole("button", { name: /^Consulting agreement\s*1 role · 1 document$/ }).click();
    const role = page.getByRole("combobox", { name: /1\. Consultant/ });
    await role.waitFor();
    await eventually(async () => expect(await role.inputValue()).toBe("p:megan.bowen@contoso.com"));
    await page.getByRole("button", { name: "Send now" }).click();
    await page.getByText("Sent: “Consulting agreement”").waitFor({ timeout: 60_000 });
    await screen(page, "sent-now", "read", "light");

    type Pkg = { id: string; status: string; documentCount: number; source: { conversationId: string } };
    const list = await call<{ items: Pkg[] }>("GET", "/api/v1/packages");
    expect(list.items.map((p) => [p.status, p.documentCount, p.source.conversationId])).toEqual([
      ["Sent", 1, FIXTURE.conversationId],
    ]);
    const signers = await call<{ items: { id: string; roleName: string; email: string }[] }>(
      "GET",
      `/api/v1/packages/${list.items[0]!.id}/signers`,
    );
    expect(signers.items.map((s) => [s.roleName, s.email])).toEqual([
      ["Consultant", "megan.bowen@contoso.com"],
    ]);
    const annotations = await call<{ items: { signerId: string; type: string }[] }>(
      "GET",
      `/api/v1/packages/${list.items[0]!.id}/annotations`,
    );
    expect(annotations.items).toEqual([
      expect.objectContaining({ signerId: signers.items[0]!.id, type: "Signature" }),
    ]);
    expect(errors).toEqual([]);
  }, 120_000);

  for (const theme of ["dark", "contrast"] as const) {
    test(`compose, ${theme}: the list and the roles with the keyboard alone`, async () => {
      const { token } = await tenantWithTemplates();
      const { page, errors } = await openPane(token, "compose", theme);
      await page.getByRole("button", { name: "Start from a template" }).focus();
      await page.keyboard.press("Enter");
      const search = page.getByRole("searchbox");
      await eventually(async () =>
        expect(await search.evaluate((e) => e === document.activeElement)).toBe(true),
      );
      await page.keyboard.type("lease");
      const lease = page.getByRole("button", { name: /^Lease agreement\s*1 role · 0 documents$/ });
      await page.getByText("1 template matches “lease”.").waitFor();
      await screen(page, "list", "compose", theme);
      // Tab from the search box to the template, Enter picks it.
      for (let i = 0; i < 5 && !(await lease.evaluate((e) => e === document.activeElement)); i++) {
        await page.keyboard.press("Tab");
      }
      expect(await lease.evaluate((e) => e === document.activeElement)).toBe(true);
      await page.keyboard.press("Enter");
      const tenantRole = page.getByRole("combobox", { name: /1\. Tenant/ });
      await tenantRole.waitFor();
      // Compose: the To line's first chosen person (Alex; Megan is the user).
      await eventually(async () => expect(await tenantRole.inputValue()).toBe("p:alex.wilber@contoso.com"));
      await screen(page, "roles", "compose", theme);
      expect(errors).toEqual([]);
    }, 120_000);
  }
});
