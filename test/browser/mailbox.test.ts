/**
 * @jest-environment ./test/leak-guard/node-environment.js
 */
/**
 * The workbench's Mailbox in Debian's Chromium (playwright-core), as `npm start` sets it up: the real
 * service with its development routes (config.devRoutes, which start-dev.ts turns on) and no SMTP_URL,
 * the pane's server handing the workbench the service URL and development token through the
 * session file `npm start` writes (SIGN_WORKBENCH_SESSION), and a package sent through the API.
 *
 * The workbench's Mailbox link opens the Mailbox, which lists each signer's invitation with its link;
 * clicking Bob's opens the signing page (served by the service) for Bob, Ready to sign. axe-core finds
 * no serious or critical violation in the Mailbox; screenshots in test/artifacts/mailbox*.png.
 * (src/workbench/mailbox.tsx's parsing and states are tested in jsdom: test/workbench/mailbox.test.tsx.)
 *
 * Without Chromium the test is skipped, saying so, except under CI.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { expectAccessible } from "./axe";
import { ARTIFACTS, ROOT, skipBrowser as skip, useBrowserStack } from "./browser-stack";

const NDA = readFileSync(path.join(ROOT, "test", "fixtures", "mutual-nda.pdf"));
/** The development session `npm start` leaves for the pane's server to hand to the workbench page. */
const SESSION_FILE = path.join(os.tmpdir(), `sign-mailbox-session-${process.pid}.json`);
const P = "/api/v1/packages";

(skip ? describe.skip : describe)("the workbench Mailbox in Chromium against the real service", () => {
  // As start-dev.ts: CORS for the pane's origin, the development routes on, no SMTP_URL, and the
  // signing page built first.
  const stack = useBrowserStack({
    signingPage: true,
    serviceConfig: { devRoutes: true },
    sessionFile: SESSION_FILE,
  });
  let token = "";

  beforeAll(async () => {
    token = await stack.service().token("dev");
    writeFileSync(SESSION_FILE, JSON.stringify({ serviceUrl: stack.service().url, token }), { mode: 0o600 });
  });

  afterAll(() => rmSync(SESSION_FILE, { force: true }));

  async function api<T>(method: string, route: string, body?: unknown): Promise<T> {
    const response = await stack.service().call(method, route, { token, body });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: HTTP ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** The NDA fixture sent to Ada and Bob (any order), each with a Name field and a signature. */
  async function sendPackage(): Promise<string> {
    const pkg = await api<{ id: string }>("POST", P, { name: "Mailbox NDA", enforceSigningOrder: false });
    const form = new FormData();
    form.append("file", new Blob([NDA], { type: "application/pdf" }), "mutual-nda.pdf");
    const upload = await fetch(`${stack.service().url}${P}/${pkg.id}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (upload.status !== 201) throw new Error(`upload: HTTP ${upload.status} ${await upload.text()}`);
    const doc = (await upload.json()) as { id: string };
    const signers = await api<{ id: string }[]>("POST", `${P}/${pkg.id}/signers/bulk`, {
      signers: [
        { email: "ada@fabrikam.example", name: "Ada Fabrikam" },
        { email: "bob@contoso.example", name: "Bob Contoso" },
      ],
    });
    for (const signer of signers) {
      for (const field of [
        { type: "Name", x: 300, y: 500, width: 150, height: 22 },
        { type: "Signature", x: 72, y: 500, width: 180, height: 40 },
      ])
        await api("POST", `${P}/${pkg.id}/annotations`, {
          documentId: doc.id,
          signerId: signer.id,
          page: 1,
          ...field,
        });
    }
    await api("POST", `${P}/${pkg.id}/send`);
    return pkg.id;
  }

  function watchErrors(page: Page, errors: string[]): void {
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(`${m.location().url}: ${m.text()}`);
    });
    page.on("pageerror", (e) => errors.push(`uncaught: ${e.message}`));
  }

  test("the Mailbox lists the invitations; a signer's link opens the signing page for that signer, Ready", async () => {
    await sendPackage();
    const context = await stack.newContext({ viewport: { width: 1100, height: 900 }, locale: "en-US" });
    const errors: string[] = [];
    const page = await context.newPage();
    watchErrors(page, errors);

    // From the workbench, as a local user would: its bar's Mailbox link.
    await page.goto(`${stack.origin()}/workbench.html?mode=read&theme=light`);
    await page.getByRole("link", { name: "Mailbox", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: /^Mailbox/ }).waitFor({ timeout: 20_000 });
    const mail = page.getByRole("list", { name: "Mail" });
    await mail.waitFor();
    // One invitation each, with the person's own link to the service's signing page.
    const bobLink = mail.getByRole("link", { name: /^Open as Bob Contoso <bob@contoso\.example>: / });
    await bobLink.waitFor();
    expect(
      await mail.getByRole("link", { name: /^Open as Ada Fabrikam <ada@fabrikam\.example>: / }).count(),
    ).toBe(1);
    expect(await mail.getByRole("listitem").count()).toBe(2);
    const href = (await bobLink.getAttribute("href"))!;
    expect(href).toMatch(
      new RegExp(`^http://localhost:${new URL(stack.service().url).port}/sign/[A-Za-z0-9_-]{20,200}$`),
    );
    await expectAccessible(page, "the Mailbox");
    await page.screenshot({ path: path.join(ARTIFACTS, "mailbox.png"), fullPage: true });

    // Clicking it opens the signing page in a new tab: the session the page asks for is Bob's, Ready.
    const sessionAnswer = context.waitForEvent("response", {
      predicate: (r) =>
        r.request().method() === "GET" && /^\/api\/v1\/signing\/[^/]+$/.test(new URL(r.url()).pathname),
      timeout: 30_000,
    });
    const [signing] = await Promise.all([context.waitForEvent("page"), bobLink.click()]);
    const signingErrors: string[] = [];
    watchErrors(signing, signingErrors);
    const session = (await (await sessionAnswer).json()) as {
      state: string;
      signer: { name: string; email: string };
      package: { name: string };
    };
    expect(session).toMatchObject({
      state: "Ready",
      signer: { name: "Bob Contoso", email: "bob@contoso.example" },
      package: { name: "Mailbox NDA" },
    });
    expect(signing.url()).toBe(href);
    await signing.waitForFunction(() => document.documentElement.dataset.signingReady === "true", undefined, {
      timeout: 30_000,
    });
    await signing.getByRole("heading", { level: 1, name: "Mailbox NDA" }).waitFor();
    // His Name field shows his name, filled in for him.
    await signing.getByText("Bob Contoso", { exact: true }).first().waitFor();
    await signing.waitForSelector(".pdf-page.drawn", { timeout: 30_000 });
    await signing.screenshot({ path: path.join(ARTIFACTS, "mailbox-signing-page.png") });
    expect(errors).toEqual([]);
    expect(signingErrors).toEqual([]);
  }, 300_000); // sends, delivers and opens two pages in Chromium: over 120 s at load 30 (issue 29)
});
