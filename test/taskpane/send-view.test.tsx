/**
 * @jest-environment ./test/leak-guard/jsdom-environment.js
 *
 * The Send view's first two steps against the real service (in this process, embedded database) and
 * the workbench's simulated Outlook item (test/fixtures/message.json) read through the real adapter.
 */
import { memoryStorage, nodeFetch } from "./setup";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PAT_STORAGE_KEY } from "../../src/auth";
import { createHttpClient } from "../../src/api/http";
import { createSigningGroupsApi } from "../../src/api/signing-groups";
import { createAsyncLimiter, createOutlookHost, type OutlookHost } from "../../src/outlook";
import { Root } from "../../src/taskpane/components/Root";
import { RECENT_GROUPS_KEY } from "../../src/taskpane/send/recent-groups";
import { SERVICE_URL_STORAGE_KEY } from "../../src/taskpane/session";
import SendView from "../../src/taskpane/views/SendView";
import type { MessageFixture } from "../../src/workbench/bridge";
import { createFakeOffice } from "../../src/workbench/fake-office";
import { startTestService, type TestService } from "../service/harness";

const FIXTURE = JSON.parse(
  readFileSync(path.join(__dirname, "..", "fixtures", "message.json"), "utf8"),
) as MessageFixture;

let service: TestService;
let token: string;
let tenant = 0;

function hostFor(mode: "read" | "compose", fixture: MessageFixture = FIXTURE): OutlookHost {
  const office = createFakeOffice({
    fixture,
    mode,
    theme: "light",
    latencyMs: 0,
    loadAttachment: async () => new Uint8Array(),
  });
  return createOutlookHost(office, { limiter: createAsyncLimiter(3) });
}

beforeAll(async () => {
  service = await startTestService("sqlite");
});
afterAll(() => service.close());
beforeEach(async () => {
  localStorage.clear(); // drafts are kept per message: each test starts without one
  token = await service.token(`send-view-${++tenant}`);
});

function renderSend(host: OutlookHost | null) {
  const storage = memoryStorage();
  storage.setItem(SERVICE_URL_STORAGE_KEY, service.url);
  storage.setItem(PAT_STORAGE_KEY, token);
  const user = userEvent.setup();
  render(
    <Root host={host} session={{ storage, fetch: nodeFetch }}>
      <SendView />
    </Root>,
  );
  return user;
}

const signerList = () => screen.findByRole("list", { name: "Signers" });
describe("Send view", () => {
  test("asks to sign in first when there is no credential", () => {
    render(
      <Root host={null} session={{ storage: memoryStorage(), fetch: nodeFetch }}>
        <SendView />
      </Root>,
    );
    expect(screen.getByText("Sign in first")).toBeInTheDocument();
  });

  test("reading: both PDFs chosen; the To recipients as signers, the user among them marked You; not the sender, nor the list", async () => {
    renderSend(hostFor("read"));
    const documents = await screen.findByRole("list", { name: "Documents" });
    expect(
      within(documents).getByRole("checkbox", { name: "Send master-services-agreement.pdf" }),
    ).toBeChecked();
    expect(within(documents).getByRole("checkbox", { name: "Send mutual-nda.pdf" })).toBeChecked();

    const list = await signerList();
    // Adele asked for the signatures; Megan (the user) and Alex are the To recipients she asked.
    expect(within(list).getByRole("checkbox", { name: "Include Adele Vance" })).not.toBeChecked();
    expect(within(list).getByRole("checkbox", { name: "Include Megan Bowen" })).toBeChecked();
    expect(within(list).getByRole("checkbox", { name: "Include Alex Wilber" })).toBeChecked();
    expect(within(list).getByRole("checkbox", { name: "Include Fabrikam Legal" })).not.toBeChecked();
    // Signing in order: the chosen ones are numbered 1 and 2; the user is marked.
    expect(within(list).getByTestId("signer-p:megan.bowen@contoso.com")).toHaveTextContent(
      /^1\. Megan Bowen megan.bowen@contoso.com You/,
    );
    expect(within(list).getByTestId("signer-p:alex.wilber@contoso.com")).toHaveTextContent(
      /^2\. Alex Wilber/,
    );
  });

  test("writing: the draft's To recipients as signers, not the user", async () => {
    renderSend(hostFor("compose"));
    const list = await signerList();
    expect(within(list).getByRole("checkbox", { name: "Include Alex Wilber" })).toBeChecked();
    expect(within(list).getByRole("checkbox", { name: "Include Lynne Robbins" })).toBeChecked();
    expect(within(list).queryByRole("checkbox", { name: "Include Megan Bowen" })).toBeNull();
  });

  test("an attachment that cannot be sent says why; a file from disk can be added", async () => {
    const fixture: MessageFixture = {
      ...FIXTURE,
      attachments: [
        ...FIXTURE.attachments,
        {
          id: "AAMkDOCX=",
          name: "notes.docx",
          file: "notes.docx",
          contentType: "application/msword",
          size: 5000,
        },
      ],
    };
    renderSend(hostFor("read", fixture));
    const documents = await screen.findByRole("list", { name: "Documents" });
    const docx = within(documents).getByRole("checkbox", { name: "Send notes.docx" });
    expect(docx).toBeDisabled();
    expect(
      screen.getByText(
        "Only PDF, PNG and JPEG files can be sent for signature: save “notes.docx” as a PDF first.",
      ),
    ).toBeInTheDocument();

    const input = screen.getByTestId("send-file-input");
    const file = new File([new Uint8Array([37, 80, 68, 70])], "extra.pdf", { type: "application/pdf" });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await within(documents).findByRole("checkbox", { name: "Send extra.pdf" })).toBeChecked();
    expect(screen.getByText("4 bytes · from your computer")).toBeInTheDocument();
  });

  test("a cloud attachment and an attached mail cannot be chosen, each saying why in the adapter's words", async () => {
    const fixture: MessageFixture = {
      ...FIXTURE,
      attachments: [
        ...FIXTURE.attachments,
        {
          id: "AAMkCLOUD=",
          name: "budget.pdf",
          file: "budget.pdf",
          contentType: "application/pdf",
          size: 0,
          attachmentType: "cloud",
        },
        {
          id: "AAMkITEM=",
          name: "Re: pricing",
          file: "pricing.eml",
          contentType: "message/rfc822",
          size: 4000,
          attachmentType: "item",
        },
      ],
    };
    renderSend(hostFor("compose", fixture));
    const documents = await screen.findByRole("list", { name: "Documents" });
    const cloud = within(documents).getByRole("checkbox", { name: "Send budget.pdf" });
    const item = within(documents).getByRole("checkbox", { name: "Send Re: pricing" });
    expect(cloud).toBeDisabled();
    expect(cloud).not.toBeChecked();
    expect(item).toBeDisabled();
    expect(item).not.toBeChecked();
    // Each reason next to its own attachment (a PDF name is not enough when the bytes are a link).
    const rowOf = (box: HTMLElement) => box.closest("li")!;
    expect(
      within(rowOf(cloud)).getByText(
        "This attachment is a link to a file stored online (for example on OneDrive or SharePoint). Download the file, attach it to the message as a copy, and try again.",
      ),
    ).toBeInTheDocument();
    expect(
      within(rowOf(item)).getByText(
        "This attachment is an email or calendar item, not a document. Open it, save the document you want signed, attach that file, and try again.",
      ),
    ).toBeInTheDocument();
    // The two PDFs of the message stay chosen.
    for (const a of FIXTURE.attachments) {
      expect(within(documents).getByRole("checkbox", { name: `Send ${a.name}` })).toBeChecked();
    }
  });

  test("a file dropped outside the drop box does not replace the pane; one dropped on it is added", async () => {
    const view = render(
      <Root host={hostFor("read")} session={{ storage: memoryStorage(), fetch: nodeFetch }}>
        <SendView />
      </Root>,
    );
    const file = new File([new Uint8Array([37, 80, 68, 70])], "dropped.pdf", { type: "application/pdf" });
    // fireEvent answers false when the event's default (the browser opening the file) was prevented.
    expect(fireEvent.dragOver(document.body, { dataTransfer: { files: [file], dropEffect: "copy" } })).toBe(
      false,
    );
    expect(fireEvent.drop(document.body, { dataTransfer: { files: [file] } })).toBe(false);
    view.unmount();
    // Gone with the view: other views' drops are theirs.
    expect(fireEvent.drop(document.body, { dataTransfer: { files: [file] } })).toBe(true);

    renderSend(hostFor("read"));
    const documents = await screen.findByRole("list", { name: "Documents" });
    const box = screen.getByText(/^Drop a PDF, PNG or JPEG here/).parentElement!;
    expect(fireEvent.drop(box, { dataTransfer: { files: [file] } })).toBe(false);
    expect(await within(documents).findByRole("checkbox", { name: "Send dropped.pdf" })).toBeChecked();
  });

  test("reorders with the keyboard's buttons and announces it; routing orders follow", async () => {
    const user = renderSend(hostFor("read"));
    const list = await signerList();
    await user.click(within(list).getByRole("button", { name: "Move Alex Wilber up" }));
    await user.click(within(list).getByRole("button", { name: "Move Alex Wilber up" }));
    expect(screen.getByText("Alex Wilber moved to position 1 of 4.")).toBeInTheDocument();
    expect(within(list).getByTestId("signer-p:alex.wilber@contoso.com")).toHaveTextContent(
      /^1\. Alex Wilber/,
    );
    expect(within(list).getByTestId("signer-p:megan.bowen@contoso.com")).toHaveTextContent(
      /^2\. Megan Bowen/,
    );
    // Everyone at once: all are number 1.
    await user.click(screen.getByRole("switch"));
    expect(within(list).getByTestId("signer-p:megan.bowen@contoso.com")).toHaveTextContent(
      /^1\. Megan Bowen/,
    );
  });

  test("Add a signing group with no groups at all says so, with the way to Groups", async () => {
    // None yet: said next to the field, with the way to Groups.
    const first = renderSend(hostFor("read"));
    expect(await screen.findByText(/You have no signing groups yet/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create one in Groups" })).toBeInTheDocument();
    await first.click(screen.getByRole("combobox", { name: "Add a signing group" }));
    expect(await screen.findByRole("option", { name: "No signing groups yet" })).toBeInTheDocument();
  });

  test("Add a signing group: the groups are listed as soon as it opens, used lately first, then narrowed by typing", async () => {
    const api = createSigningGroupsApi(
      createHttpClient({
        baseUrl: service.url,
        fetch: nodeFetch,
        tokenSource: { getToken: async () => token, signOut: () => undefined },
      }),
    );
    await api.create({ name: "Accounts", members: [{ email: "a@contoso.com" }] });
    const board = await api.create({ name: "Board", members: [{ email: "b@contoso.com" }] });
    await api.create({ name: "Compliance", members: [] });
    localStorage.setItem(RECENT_GROUPS_KEY, JSON.stringify([board.id]));
    const user = renderSend(hostFor("read"));
    const box = await screen.findByRole("combobox", { name: "Add a signing group" });
    await user.click(box);
    await waitFor(() =>
      expect(
        within(screen.getByRole("listbox"))
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["Board (1 member)", "Accounts (1 member)", "Compliance (0 members)"]),
    );
    await user.type(box, "Comp");
    await waitFor(() =>
      expect(
        within(screen.getByRole("listbox"))
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["Compliance (0 members)"]),
    );
    await user.click(screen.getByRole("option", { name: /Compliance/ }));
    expect(JSON.parse(localStorage.getItem(RECENT_GROUPS_KEY)!)[0]).not.toBe(board.id);
  });

  test("a person in a signing group is offered the group instead, and can be turned back", async () => {
    const api = createSigningGroupsApi(
      createHttpClient({
        baseUrl: service.url,
        fetch: nodeFetch,
        tokenSource: { getToken: async () => token, signOut: () => undefined },
      }),
    );
    await api.create({
      name: "Contoso legal",
      members: [{ email: "alex.wilber@contoso.com" }, { email: "b@contoso.com" }],
    });
    const user = renderSend(hostFor("read"));
    const offer = await screen.findByRole("button", {
      name: "Send to the group Contoso legal instead of Alex Wilber",
    });
    await user.click(offer);
    const list = await signerList();
    const slot = within(list).getByTestId(
      "signer-g:" + (await api.list({ search: "Contoso legal" })).items[0]!.id,
    );
    expect(slot).toHaveTextContent(/Contoso legal/);
    expect(slot).toHaveTextContent(/2 members/);
    await user.click(within(slot).getByRole("button", { name: "Send to Alex Wilber instead" }));
    await waitFor(() =>
      expect(within(list).getByTestId("signer-p:alex.wilber@contoso.com")).toBeInTheDocument(),
    );
  });

  test("adding a person says what is wrong next to the field and keeps what was typed", async () => {
    const user = renderSend(hostFor("compose"));
    const field = await screen.findByRole("textbox", { name: "Add a person by address" });
    await user.type(field, "megan.bowen@");
    await user.click(screen.getByRole("button", { name: "Add person" }));
    expect(
      screen.getByText("The address must be an email address like name@example.com."),
    ).toBeInTheDocument();
    expect(field).toHaveValue("megan.bowen@");
    await user.clear(field);
    await user.type(field, "nestor@fabrikam.com");
    await user.click(screen.getByRole("button", { name: "Add person" }));
    const list = await signerList();
    expect(within(list).getByRole("checkbox", { name: "Include nestor@fabrikam.com" })).toBeChecked();
    expect(field).toHaveValue("");
  });

  test("says so when no message is open", async () => {
    const office = createFakeOffice({
      fixture: FIXTURE,
      mode: "read",
      theme: "light",
      latencyMs: 0,
      loadAttachment: async () => new Uint8Array(),
    });
    const host = createOutlookHost(office, { limiter: createAsyncLimiter(3) });
    jest.spyOn(host, "hasItem").mockReturnValue(false);
    renderSend(host);
    expect(await screen.findByText("No message open")).toBeInTheDocument();
  });
});
