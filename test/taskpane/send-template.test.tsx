/**
 * @jest-environment ./test/leak-guard/jsdom-environment.js
 *
 * "Start from a template" in the Send view against the real service (in this process, embedded
 * database), with the workbench's simulated Outlook item read through the real adapter: the
 * tenant's templates searched and picked, the roles filled from the message's people in order,
 * errors next to the role they are about (the pane's and the service's) with what was typed kept,
 * and the package made from the template continued into the send flow with the message's
 * attachments and sent; the package is checked on the service.
 */
import { nodeFetch } from "./setup";
import "./pdfjs-jsdom";
import "fake-indexeddb/auto"; // jsdom has no IndexedDB, where the pane keeps files from disk
import { FIXTURE, hostFor, renderSend as renderSendView, sent, type User } from "./send-harness";
import { createHash, webcrypto } from "node:crypto";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { createApiClient, type ApiClient } from "../../src/api/client";
import { createHttpClient } from "../../src/api/http";
import { createSigningGroupsApi } from "../../src/api/signing-groups";
import type { OutlookHost } from "../../src/outlook";
import { startTestService, type TestService } from "../service/harness";

// jsdom's crypto has no subtle (the pane hashes what it uploads with it).
if (!globalThis.crypto?.subtle)
  Object.defineProperty(globalThis, "crypto", { value: webcrypto, configurable: true });

jest.setTimeout(120_000);

let service: TestService;
let token: string;
let api: ApiClient;
let tenant = 0;

beforeAll(async () => {
  service = await startTestService("sqlite");
});
afterAll(async () => {
  await service.close();
});
beforeEach(async () => {
  localStorage.clear();
  token = await service.token(`send-template-${++tenant}`);
  api = createApiClient(
    createHttpClient({
      baseUrl: service.url,
      fetch: nodeFetch,
      tokenSource: { getToken: async () => token, signOut: () => undefined },
    }),
  );
});

const renderSend = (host: OutlookHost) => renderSendView(host, { url: service.url, token });

async function template(name: string, roles: { name: string; type?: string; routingOrder?: number }[]) {
  const t = await api.request("POST", "/api/v1/templates", { body: { name } });
  for (const role of roles) {
    await api.request("POST", "/api/v1/templates/{id}/roles", { path: { id: t.id }, body: role });
  }
  return t;
}

/** A one-page PDF with a signature tag for each of `signers` (1, 2, …), through a chunked upload. */
async function templateDocument(templateId: string, fileName: string, signers: number) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText("Mutual non-disclosure agreement", { x: 72, y: 720, size: 16, font });
  for (let n = 1; n <= signers; n++)
    page.drawText(`{{sig:${n}}}`, { x: 72, y: 600 - n * 80, size: 14, font });
  const bytes = await doc.save();
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const path = { id: templateId };
  const session = await api.request("POST", "/api/v1/templates/{id}/uploads", {
    path,
    body: { fileName, contentType: "application/pdf", size: bytes.length, sha256 },
  });
  for (let n = 0; n < session.blockCount; n++) {
    await api.request("PUT", "/api/v1/templates/{id}/uploads/{uploadId}/blocks/{block}", {
      path: { ...path, uploadId: session.id, block: String(n) },
      raw: {
        bytes: bytes.subarray(n * session.blockSize, (n + 1) * session.blockSize),
        contentType: "application/octet-stream",
      },
    });
  }
  return api.request("POST", "/api/v1/templates/{id}/uploads/{uploadId}/commit", {
    path: { ...path, uploadId: session.id },
  });
}

async function openTemplates(user: User) {
  await user.click(await screen.findByRole("button", { name: "Start from a template" }));
  return screen.findByRole("list", { name: "Templates" });
}

const roleSelect = (label: RegExp) => screen.getByRole("combobox", { name: label });

async function packages() {
  return (await api.request("GET", "/api/v1/packages", {})).items;
}

describe("Send view: start from a template", () => {
  test("search, pick, roles filled in order, an address typed wrong is refused next to its role, continue with the attachments and send", async () => {
    await template("Lease agreement", [{ name: "Tenant" }]);
    const nda = await template("Mutual NDA", [
      { name: "Client", routingOrder: 1 },
      { name: "Counsel", routingOrder: 2 },
      { name: "Records", routingOrder: 3, type: "CarbonCopy" },
    ]);
    const { user, navigations } = renderSend(hostFor("read"));

    const list = await openTemplates(user);
    expect(
      within(list)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Mutual NDA3 roles · 0 documents", "Lease agreement1 role · 0 documents"]);
    expect(screen.getByRole("searchbox")).toHaveFocus();
    await user.type(screen.getByRole("searchbox"), "nda");
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Templates" }))
          .getAllByRole("button")
          .map((b) => b.textContent),
      ).toEqual(["Mutual NDA3 roles · 0 documents"]),
    );
    expect(screen.getByText("1 template matches “nda”.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /^Mutual NDA/ }));

    // The roles, in order, filled with the message's chosen people in order (Megan, then Alex: the To recipients; the
    // sender and the distribution list are not chosen); the third is left to choose.
    await screen.findByRole("list", { name: "Roles" });
    await waitFor(() => expect(roleSelect(/1\. Client/)).toHaveValue("p:megan.bowen@contoso.com"));
    expect(roleSelect(/2\. Counsel/)).toHaveValue("p:alex.wilber@contoso.com");
    expect(roleSelect(/3\. Records \(gets a copy\)/)).toHaveValue("");
    expect(screen.queryByRole("button", { name: "Send now" })).toBeNull(); // no documents yet
    expect(screen.getByText(/This template has no documents/)).toBeInTheDocument();

    // Continue without a Records: said next to it, and the focus goes there.
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Choose who fills the role Records.")).toBeInTheDocument();
    expect(roleSelect(/3\. Records/)).toHaveFocus();
    expect(roleSelect(/3\. Records/)).toHaveAccessibleDescription("Choose who fills the role Records.");

    // Someone else, typed wrong: refused next to the address, which is kept as typed.
    await user.selectOptions(roleSelect(/3\. Records/), "Someone else…");
    const email = screen.getByRole("textbox", { name: /Email address for Records/ });
    await user.type(email, "records at fabrikam");
    await user.type(screen.getByRole("textbox", { name: /Name for Records/ }), "Records desk");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(/^The address must be an email address/));
    expect(email).toHaveValue("records at fabrikam");
    expect(email).toHaveFocus();
    expect(await packages()).toEqual([]); // nothing asked of the service yet

    // The same person twice is refused too.
    await user.selectOptions(roleSelect(/2\. Counsel/), "p:megan.bowen@contoso.com");
    await user.clear(email);
    await user.type(email, "records@fabrikam.com");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      await screen.findByText(
        "megan.bowen@contoso.com already fills the role Client: each role needs someone else.",
      ),
    ).toBeInTheDocument();
    await user.selectOptions(roleSelect(/2\. Counsel/), "p:alex.wilber@contoso.com");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    // The send flow, from the template: its roles are the signers; the attachments stay chosen
    // (the template has no documents of its own).
    const summary = await screen.findByRole("region", { name: "From the template “Mutual NDA”" });
    expect(
      within(within(summary).getByRole("list", { name: "Signers from the template" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Client: Megan Bowen <megan.bowen@contoso.com> (signs)",
      "Counsel: Alex Wilber <alex.wilber@contoso.com> (signs)",
      "Records: Records desk <records@fabrikam.com> (gets a copy)",
    ]);
    expect(screen.queryByRole("list", { name: "Signers" })).toBeNull(); // not editable here
    expect(screen.getByRole("checkbox", { name: "Send master-services-agreement.pdf" })).toBeChecked();
    const [first] = await packages();
    expect(first!.status).toBe("Draft");
    expect(first!.source?.conversationId).toBe(FIXTURE.conversationId);

    // Changing who fills the roles: the draft package goes, the choices come back as they were.
    await user.click(within(summary).getByRole("button", { name: "Change who fills the roles" }));
    await screen.findByRole("list", { name: "Roles" });
    await waitFor(() => expect(roleSelect(/3\. Records/)).toHaveValue("other"));
    expect(screen.getByRole("textbox", { name: /Email address for Records/ })).toHaveValue(
      "records@fabrikam.com",
    );
    expect(await packages()).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("region", { name: "From the template “Mutual NDA”" });
    const [draft] = await packages();
    expect(draft!.id).not.toBe(first!.id);

    // Check: whoever has no field gets a signature block (accepted), then send.
    await user.click(screen.getByRole("button", { name: "Next: fields" }));
    await screen.findByTestId("send-page");
    await user.click(screen.getByRole("button", { name: "Next: check" }));
    await screen.findByRole("list", { name: "Fields per signer" });
    for (const box of screen.queryAllByRole("checkbox", { name: /^Send anyway/ })) await user.click(box);
    await user.click(screen.getByRole("button", { name: "Next: send" }));
    await user.click(screen.getByRole("button", { name: "Send" }));
    await sent();
    expect(screen.getByRole("list", { name: "Sent to" })).toHaveTextContent(
      /Megan Bowen <megan.bowen@contoso.com> · Signs/,
    );

    const all = await packages();
    expect(all).toHaveLength(1); // the template's package itself, no second one
    const pkg = all[0]!;
    expect(pkg.id).toBe(draft!.id);
    expect(pkg.status).toBe("Sent");
    expect(pkg.source).toEqual({
      kind: "outlook",
      conversationId: FIXTURE.conversationId,
      internetMessageId: FIXTURE.internetMessageId,
      subject: FIXTURE.subject,
    });
    const id = pkg.id;
    const signers = (await api.request("GET", "/api/v1/packages/{id}/signers", { path: { id } })).items;
    expect(signers.map((s) => [s.roleName, s.email, s.type, s.routingOrder])).toEqual([
      ["Client", "megan.bowen@contoso.com", "Signer", 1],
      ["Counsel", "alex.wilber@contoso.com", "Signer", 2],
      ["Records", "records@fabrikam.com", "CarbonCopy", 3],
    ]);
    expect(signers[2]!.name).toBe("Records desk");
    const documents = (await api.request("GET", "/api/v1/packages/{id}/documents", { path: { id } })).items;
    expect(documents.map((d) => d.name).sort()).toEqual(["master-services-agreement.pdf", "mutual-nda.pdf"]);
    await user.click(screen.getByRole("button", { name: "See its status" }));
    expect(navigations).toEqual([{ view: "status", packageId: id }]);
    expect(nda.id).toBeDefined();
  });

  test("the service's refusal is said in words next to the role, the choices are kept and nothing is made; a signing group fills a role", async () => {
    const groups = createSigningGroupsApi(api.http);
    const gone = await groups.create({ name: "Night desk", members: [{ email: "night@fabrikam.com" }] });
    const legal = await groups.create({
      name: "Fabrikam counsel",
      members: [{ email: "counsel@fabrikam.com" }, { email: "partner@fabrikam.com" }],
    });
    await template("Order form", [{ name: "Buyer" }, { name: "Approver", type: "Approver" }]);
    const { user } = renderSend(hostFor("read"));
    await openTemplates(user);
    await user.click(screen.getByRole("button", { name: /^Order form/ }));
    await screen.findByRole("list", { name: "Roles" });
    // The tenant's groups are offered beside the people.
    await waitFor(() =>
      expect(
        within(roleSelect(/2\. Approver \(approves\)/)).getByRole("option", {
          name: "Group Night desk (1 member)",
        }),
      ).toBeInTheDocument(),
    );
    await user.selectOptions(roleSelect(/2\. Approver/), `g:${gone.id}`);
    // Deleted by someone else meanwhile: the service refuses the role.
    await groups.delete(gone.id);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    const title = await screen.findByText("The package could not be made from the template");
    const said = title.closest("[role=alert]")!.textContent!;
    expect(said).not.toMatch(/\[object|undefined/);
    expect(said).toMatch(/Role Approver: No signing group .* exists\./);
    await waitFor(() =>
      expect(roleSelect(/2\. Approver/)).toHaveAccessibleDescription(/No signing group .* exists/),
    );
    expect(roleSelect(/2\. Approver/)).toHaveValue(`g:${gone.id}`); // kept as chosen
    expect(roleSelect(/1\. Buyer/)).toHaveValue("p:megan.bowen@contoso.com");
    expect(await packages()).toEqual([]);

    // Another group: the package is made with the group's slot for that role.
    await user.selectOptions(roleSelect(/2\. Approver/), `g:${legal.id}`);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    const summary = await screen.findByRole("region", { name: "From the template “Order form”" });
    expect(within(summary).getByTestId("template-signer-Approver")).toHaveTextContent(
      "Approver: Group Fabrikam counsel (approves)",
    );
    const [pkg] = await packages();
    const signers = (await api.request("GET", "/api/v1/packages/{id}/signers", { path: { id: pkg!.id } }))
      .items;
    expect(signers.map((s) => [s.roleName, s.signingGroupId ?? s.email, s.type])).toEqual([
      ["Buyer", "megan.bowen@contoso.com", "Signer"],
      ["Approver", legal.id, "Approver"],
    ]);

    // Leaving the template deletes its package; the message's people are the signers again.
    await user.click(within(summary).getByRole("button", { name: "Stop using the template" }));
    await screen.findByRole("list", { name: "Signers" });
    expect(await packages()).toEqual([]);
    expect(screen.getByRole("button", { name: "Start from a template" })).toBeInTheDocument();
  });

  test("a template with documents: continued, its documents and fields shown and the attachments unchosen; then sent at once", async () => {
    const t = await template("Mutual NDA", [
      { name: "Client", routingOrder: 1 },
      { name: "Counsel", routingOrder: 2 },
    ]);
    await templateDocument(t.id, "nda.pdf", 2);
    const { user, navigations } = renderSend(hostFor("read"));
    await openTemplates(user);
    await user.click(screen.getByRole("button", { name: /^Mutual NDA/ }));
    expect(await screen.findByText(/2 roles · 1 document\./)).toBeInTheDocument();
    await waitFor(() => expect(roleSelect(/2\. Counsel/)).toHaveValue("p:alex.wilber@contoso.com"));

    await user.click(screen.getByRole("button", { name: "Continue" }));
    const summary = await screen.findByRole("region", { name: "From the template “Mutual NDA”" });
    expect(within(summary).getByRole("list", { name: "Documents from the template" })).toHaveTextContent(
      "nda.pdf (1 page)",
    );
    expect(within(summary).getByTestId("template-signer-Client")).toHaveTextContent(
      "1 field from the template",
    );
    expect(screen.getByRole("checkbox", { name: "Send master-services-agreement.pdf" })).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Next: fields" })).toBeEnabled(); // the template's document is enough

    // Back to the roles (the Draft goes), and sent at once this time.
    await user.click(within(summary).getByRole("button", { name: "Change who fills the roles" }));
    const sendNow = await screen.findByRole("button", { name: "Send now" });
    await waitFor(() => expect(sendNow).toBeEnabled());
    await user.click(sendNow);
    await sent();
    expect(screen.getByText("Sent: “Mutual NDA”")).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Documents sent" })).toHaveTextContent("nda.pdf (1 page)");
    expect(screen.getByRole("list", { name: "Sent to" })).toHaveTextContent(
      /Megan Bowen <megan.bowen@contoso.com> · Signs.*Alex Wilber <alex.wilber@contoso.com> · Signs/,
    );

    const all = await packages();
    expect(all).toHaveLength(1);
    const pkg = all[0]!;
    expect(pkg).toMatchObject({
      status: "Sent",
      documentCount: 1,
      emailSubject: FIXTURE.subject,
      senderEmail: FIXTURE.user.emailAddress,
      source: { kind: "outlook", conversationId: FIXTURE.conversationId },
    });
    const id = pkg.id;
    const signers = (await api.request("GET", "/api/v1/packages/{id}/signers", { path: { id } })).items;
    const annotations = (await api.request("GET", "/api/v1/packages/{id}/annotations", { path: { id } }))
      .items;
    expect(
      signers.map((s) => [s.roleName, s.email, annotations.filter((a) => a.signerId === s.id).length]),
    ).toEqual([
      ["Client", "megan.bowen@contoso.com", 1],
      ["Counsel", "alex.wilber@contoso.com", 1],
    ]);
    await user.click(screen.getByRole("button", { name: "See its status" }));
    expect(navigations).toEqual([{ view: "status", packageId: id }]);
    expect(Object.keys(localStorage).filter((k) => k.startsWith("sign.sendDraft"))).toEqual([]);
  });

  test("a pane closed after continuing comes back with the template's draft; Discard deletes its package", async () => {
    await template("Order form", [{ name: "Buyer" }]);
    const first = renderSend(hostFor("read"));
    await openTemplates(first.user);
    await first.user.click(screen.getByRole("button", { name: /^Order form/ }));
    await waitFor(() => expect(roleSelect(/1\. Buyer/)).toHaveValue("p:megan.bowen@contoso.com"));
    await first.user.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("region", { name: "From the template “Order form”" });
    const [pkg] = await packages();
    first.view.unmount();
    cleanup();

    const second = renderSend(hostFor("read"));
    await screen.findByText("Your draft is back");
    const summary = screen.getByRole("region", { name: "From the template “Order form”" });
    expect(within(summary).getByTestId("template-signer-Buyer")).toHaveTextContent(
      "Buyer: Megan Bowen <megan.bowen@contoso.com> (signs)",
    );
    await second.user.click(screen.getByRole("button", { name: "Discard draft" }));
    // hidden: under a loaded jsdom run tabster may hide the dialog (as send-flow's Discard test says).
    const dialog = await screen.findByRole("alertdialog", { hidden: true });
    await second.user.click(within(dialog).getByText("Discard draft", { selector: "button" }));
    await screen.findByRole("button", { name: "Start from a template" });
    await waitFor(async () => expect(await packages()).toEqual([]));
    expect(pkg!.status).toBe("Draft");
  });

  test("no templates, and a template without roles, say so", async () => {
    const { user } = renderSend(hostFor("compose"));
    await user.click(await screen.findByRole("button", { name: "Start from a template" }));
    expect(await screen.findByText("Your organisation has no templates yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await template("Blank", []);
    await user.click(await screen.findByRole("button", { name: "Start from a template" }));
    await user.click(await screen.findByRole("button", { name: /^Blank/ }));
    expect(await screen.findByText(/This template has no roles/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Other templates" }));
    expect(await screen.findByRole("searchbox")).toHaveFocus();
  });
});
