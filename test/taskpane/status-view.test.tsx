/**
 * @jest-environment ./test/leak-guard/jsdom-environment.js
 *
 * The Status view (issue 18) against the real service (in this process, embedded database) and the
 * workbench's simulated Outlook item (test/fixtures/message.json) read through the real adapter.
 * Packages are sent through the service's own routes (status-seed.ts).
 */
import { memoryStorage, nodeFetch } from "./setup";
// The service in this process reads uploaded PDFs with pdf.js, which patches Response.prototype when
// it loads; jsdom has no Response (pdf.js never fetches here: it reads files).
(globalThis as { Response?: unknown }).Response ??= class Response {};
import { readFileSync } from "node:fs";
import path from "node:path";
import { act, render, renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { PAT_STORAGE_KEY } from "../../src/auth";
import { createHttpClient, type FetchLike } from "../../src/api/http";
import { createPackagesApi } from "../../src/api/packages";
import { createAsyncLimiter, createOutlookHost, type OutlookHost } from "../../src/outlook";
import { Root } from "../../src/taskpane/components/Root";
import { NavigationProvider, type Navigation } from "../../src/taskpane/navigation";
import { SERVICE_URL_STORAGE_KEY } from "../../src/taskpane/session";
import { usePackageFeed } from "../../src/taskpane/status/use-package-feed";
import StatusView from "../../src/taskpane/views/StatusView";
import type { MessageFixture } from "../../src/workbench/bridge";
import { createFakeOffice } from "../../src/workbench/fake-office";
import { startTestService, type TestService } from "../service/harness";
import { newId } from "../../src/service/domain/tokens";
import { callService, seedPackage as seedThrough, signAs, type SeedOptions } from "./status-seed";

const FIXTURE = JSON.parse(
  readFileSync(path.join(__dirname, "..", "fixtures", "message.json"), "utf8"),
) as MessageFixture;
const THREAD = FIXTURE.conversationId;
const ADA = { email: "adele.vance@fabrikam.com", name: "Adele Vance" };
const ALEX = { email: "alex.wilber@contoso.com", name: "Alex Wilber" };

let service: TestService;
let token: string;
let tenant = 0;

type FakeOffice = ReturnType<typeof createFakeOffice> & { __selectMessage(c: Partial<MessageFixture>): void };

function officeFor(mode: "read" | "compose", fixture: MessageFixture = FIXTURE): FakeOffice {
  return createFakeOffice({
    fixture,
    mode,
    theme: "light",
    latencyMs: 0,
    loadAttachment: async () => new Uint8Array(),
  }) as FakeOffice;
}
function hostOf(office: FakeOffice): OutlookHost {
  return createOutlookHost(office, { limiter: createAsyncLimiter(3) });
}

beforeAll(async () => {
  service = await startTestService("sqlite");
});
afterAll(() => service.close());
beforeEach(async () => {
  token = await service.token(`status-view-${++tenant}`);
});

/** A sent package (through the service's routes; the document row through its storage: see status-seed.ts). */
function seedPackage(base: string, as: string, options: SeedOptions, on: () => TestService = () => service) {
  return seedThrough(base, as, {
    ...options,
    addDocument: async (packageId) => {
      const id = newId();
      await on().storage.transaction(async (s) => {
        await s.documents.insert({
          id,
          packageId,
          name: "master-services-agreement.pdf",
          fileName: "master-services-agreement.pdf",
          contentType: "application/pdf",
          size: 2301,
          sha256: "0".repeat(64),
          pageCount: 1,
          pages: [{ width: 612, height: 792 }],
          order: 1,
          createdOn: new Date().toISOString(),
          detectedTagCount: 0,
        });
        await s.packages.refreshCounts(packageId);
      });
      return id;
    },
  });
}

/** A fetch that counts requests and can be made to fail (the network is down). */
function countingFetch() {
  const seen: { url: string; status: number; conditional: boolean }[] = [];
  let down = false;
  const fetch: FetchLike = async (url, init) => {
    if (down) throw new TypeError("Failed to fetch");
    const response = await nodeFetch(url, init);
    seen.push({
      url,
      status: response.status,
      conditional: Object.keys(init.headers).some((h) => h.toLowerCase() === "if-none-match"),
    });
    return response;
  };
  return { fetch, seen, setDown: (value: boolean) => (down = value) };
}

function renderStatus(
  host: OutlookHost | null,
  options: { fetch?: FetchLike; navigation?: Navigation } = {},
) {
  const storage = memoryStorage();
  storage.setItem(SERVICE_URL_STORAGE_KEY, service.url);
  storage.setItem(PAT_STORAGE_KEY, token);
  const user = userEvent.setup();
  const navigation: Navigation = options.navigation ?? { navigate: jest.fn(), request: null };
  const view = (nav: Navigation) => (
    <Root host={host} session={{ storage, fetch: options.fetch ?? nodeFetch }}>
      <NavigationProvider value={nav}>
        <StatusView />
      </NavigationProvider>
    </Root>
  );
  const result = render(view(navigation));
  return { user, navigation, rerender: (nav: Navigation) => result.rerender(view(nav)) };
}

const threadList = () => screen.findByRole("list", { name: "Packages of this conversation, newest first" });
const card = (list: HTMLElement, name: string) => within(list).getByRole("article", { name }) as HTMLElement;

/**
 * Clicks `button` once and answers the dialog named `name` that it opens. Dialogs are queried with
 * hidden: true and matched by text because tabster may mark them aria-hidden under jsdom (then they
 * have no accessible name).
 */
async function openDialog(
  user: ReturnType<typeof userEvent.setup>,
  button: () => HTMLElement,
  role: "dialog" | "alertdialog",
  name: string | RegExp,
): Promise<HTMLElement> {
  const target = button();
  await user.click(target);
  try {
    return await waitFor(() => {
      const found = screen
        .queryAllByRole(role, { hidden: true })
        .find((d) =>
          typeof name === "string" ? d.textContent?.includes(name) : name.test(d.textContent ?? ""),
        );
      if (!found) throw new Error(`no ${role} with ${String(name)}`);
      return found;
    });
  } catch (error) {
    console.error("DIAG openDialog", {
      connected: target.isConnected,
      sameAsNow: (() => {
        try {
          return button() === target;
        } catch {
          return "gone";
        }
      })(),
      dialogs: screen.queryAllByRole(role, { hidden: true }).map((d) => d.textContent?.slice(0, 60)),
    });
    throw error;
  }
}

describe("Status view, this conversation", () => {
  test("a package sent from the thread shows as Sent with its signers; newest first; other threads not shown", async () => {
    const older = await seedPackage(service.url, token, {
      name: "Mutual NDA",
      conversationId: THREAD,
      signers: [ADA],
    });
    await new Promise((r) => setTimeout(r, 5));
    await seedPackage(service.url, token, {
      name: "Master services agreement",
      conversationId: THREAD,
      signers: [ADA, ALEX],
      expirationDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    });
    await seedPackage(service.url, token, {
      name: "Another thread",
      conversationId: "elsewhere",
      signers: [ADA],
    });
    renderStatus(hostOf(officeFor("read")));

    const list = await threadList();
    const articles = within(list).getAllByRole("article");
    expect(articles.map((a) => within(a).getByRole("heading").textContent)).toEqual([
      "Master services agreement",
      "Mutual NDA",
    ]);
    const msa = card(list, "Master services agreement");
    expect(within(msa).getAllByText("Sent")[0]).toBeInTheDocument();
    expect(within(msa).getByText("Expires")).toBeInTheDocument();
    expect(within(msa).getByText("0 of 2")).toBeInTheDocument();
    const signers = await within(msa).findByRole("list", { name: "Signers of Master services agreement" });
    expect(within(signers).getAllByRole("listitem")).toHaveLength(2);
    expect(within(signers).getByText("Adele Vance")).toBeInTheDocument();
    expect(within(signers).getAllByText("Invited")).toHaveLength(2);
    // Each status in words beside its colour.
    expect(msa.querySelector('[data-status="Sent"]')).not.toBeNull();
    expect(card(list, "Mutual NDA").dataset.packageId).toBe(older.id);
    expect(screen.queryByText("Another thread")).toBeNull();
    expect(screen.getByText(/^Updated /)).toBeInTheDocument();
  });

  test("nothing for this thread: says so and offers the Send view", async () => {
    const { user, navigation } = renderStatus(hostOf(officeFor("read")));
    expect(
      await screen.findByText("Nothing has been sent for signature from this conversation yet."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send for signature" }));
    expect(navigation.navigate).toHaveBeenCalledWith({ view: "send" });
  });

  test("a mail without a conversation id: its own packages, by Message-ID", async () => {
    await seedPackage(service.url, token, {
      name: "By message",
      internetMessageId: FIXTURE.internetMessageId,
      signers: [ADA],
    });
    renderStatus(hostOf(officeFor("read", { ...FIXTURE, conversationId: "" })));
    const list = await threadList();
    expect(card(list, "By message")).toBeInTheDocument();
  });

  test("void asks for a reason, then shows Voided with it; the service's answer in words", async () => {
    await seedPackage(service.url, token, { name: "Lease", conversationId: THREAD, signers: [ADA] });
    const { user } = renderStatus(hostOf(officeFor("read")));
    const lease = card(await threadList(), "Lease");
    await within(lease).findByRole("list", { name: "Signers of Lease" });
    const dialog = await openDialog(
      user,
      () => within(lease).getByRole("button", { name: "Void…" }),
      "alertdialog",
      "Void “Lease”?",
    );
    await user.click(within(dialog).getByRole("button", { name: "Void package", hidden: true }));
    expect(within(dialog).getByText("Say why: the signers are told.")).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole("textbox", { name: /Reason/, hidden: true }),
      "Wrong rent in clause 4",
    );
    await user.click(within(dialog).getByRole("button", { name: "Void package", hidden: true }));

    await waitFor(() => expect(screen.queryByRole("alertdialog", { hidden: true })).toBeNull());
    const voided = card(await threadList(), "Lease");
    await waitFor(() => expect(voided.querySelector('[data-status="Voided"]')).not.toBeNull());
    expect(within(voided).getByText("Wrong rent in clause 4")).toBeInTheDocument();
    expect(within(voided).getByText(/Signers who had been invited are told why/)).toBeInTheDocument();
    expect(within(voided).queryByRole("button", { name: "Void…" })).toBeNull();
  });

  test("remind is confirmed, names who gets it, and reports the service's answer", async () => {
    await seedPackage(service.url, token, {
      name: "Offer",
      conversationId: THREAD,
      signers: [ADA, ALEX],
      enforceSigningOrder: true,
    });
    const { user } = renderStatus(hostOf(officeFor("read")));
    const offer = card(await threadList(), "Offer");
    await within(offer).findByRole("list", { name: "Signers of Offer" });
    const dialog = await openDialog(
      user,
      () => within(offer).getByRole("button", { name: "Remind" }),
      "alertdialog",
      /Remind the signers of/,
    );
    // In order: only the first signer's turn.
    expect(within(dialog).getByText(/^Adele Vance will get the invitation again/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Send reminder", hidden: true }));
    expect(await within(offer).findByText("Reminder sent")).toBeInTheDocument();
    expect(within(offer).getByText("The invitation went again to Adele Vance.")).toBeInTheDocument();
  });

  test("a Sign it yourself package not yet signed: no Remind (nobody is mailed), who it waits for in words, Void kept, Sign now opens the user's signing page", async () => {
    const MEGAN = { email: "megan.bowen@contoso.com", name: "Megan Bowen" };
    const seeded = await seedPackage(service.url, token, {
      name: "Self NDA",
      conversationId: THREAD,
      senderEmail: MEGAN.email,
      signers: [{ ...MEGAN, clientUserId: "sign-yourself" }],
    });
    // The workbench's dialog is a browser window: a stand-in, closed when the card goes away.
    const dialog: { closed: boolean; close(): void } = {
      closed: false,
      close: jest.fn(() => {
        dialog.closed = true;
      }),
    };
    const open = jest.spyOn(window, "open").mockImplementation(() => dialog as unknown as Window);
    try {
      const { user } = renderStatus(hostOf(officeFor("read")));
      const self = card(await threadList(), "Self NDA");
      const signerRows = await within(self).findByRole("list", { name: "Signers of Self NDA" });
      expect(within(self).getByText("Waiting for you to sign it yourself.")).toBeInTheDocument();
      // Not "Invited": no invitation went out.
      expect(within(signerRows).getByText("Not signed yet")).toBeInTheDocument();
      expect(within(signerRows).queryByText("Invited")).toBeNull();
      expect(within(self).queryByRole("button", { name: "Remind" })).toBeNull();
      expect(within(self).queryByRole("button", { name: "Copy signing link" })).toBeNull();
      expect(within(self).getByRole("button", { name: "Void…" })).toBeEnabled();

      await user.click(within(self).getByRole("button", { name: "Sign now" }));
      expect(await within(self).findByText("Signing page opened")).toBeInTheDocument();
      expect(open).toHaveBeenCalledTimes(1);
      const url = String(open.mock.calls[0]![0]);
      // The service's signing page (its public address may name the host otherwise).
      expect(url).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+\/sign\/[A-Za-z0-9_-]+$/);
      // The link is Megan's own, working link to the signing page.
      const session = await callService<{ signer?: { name?: string } }>(
        service.url,
        "",
        "GET",
        `/api/v1/signing/${url.slice(url.lastIndexOf("/") + 1)}`,
      );
      expect(session.status).toBe(200);
      expect(JSON.stringify(session.body)).toContain("Megan Bowen");

      // Megan signs there and closes the window: the card says it is signed, with nothing to remind.
      expect(await signAs(service.url, token, seeded.id, seeded.signerIds[0]!)).toBe("Completed");
      dialog.closed = true;
      await waitFor(() => expect(self.querySelector('[data-status="Completed"]')).not.toBeNull());
      expect(within(self).queryByRole("button", { name: "Sign now" })).toBeNull();
      expect(within(self).queryByText("Waiting for you to sign it yourself.")).toBeNull();
    } finally {
      open.mockRestore();
    }
  });

  test("a package with a mailed and an embedded signer: Remind names only the one who is mailed", async () => {
    await seedPackage(service.url, token, {
      name: "Mixed",
      conversationId: THREAD,
      signers: [ADA, { ...ALEX, clientUserId: "kiosk-1" }],
    });
    const { user } = renderStatus(hostOf(officeFor("read")));
    const mixed = card(await threadList(), "Mixed");
    await within(mixed).findByRole("list", { name: "Signers of Mixed" });
    expect(
      within(mixed).getByText(
        "Waiting for Alex Wilber to sign on a page opened for them here (no invitation mail).",
      ),
    ).toBeInTheDocument();
    const dialog = await openDialog(
      user,
      () => within(mixed).getByRole("button", { name: "Remind" }),
      "alertdialog",
      /Remind the signers of/,
    );
    expect(within(dialog).getByText(/^Adele Vance will get the invitation again/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Send reminder", hidden: true }));
    expect(await within(mixed).findByText("The invitation went again to Adele Vance.")).toBeInTheDocument();
  });

  test("the audit trail opens with the service's verification", async () => {
    await seedPackage(service.url, token, { name: "Audit me", conversationId: THREAD, signers: [ADA] });
    const { user } = renderStatus(hostOf(officeFor("read")));
    const pkg = card(await threadList(), "Audit me");
    const dialog = await openDialog(
      user,
      () => within(pkg).getByRole("button", { name: "Audit trail" }),
      "dialog",
      "Audit trail of “Audit me”",
    );
    expect(await within(dialog).findByText("Verified")).toBeInTheDocument();
    const events = within(dialog).getByRole("list", { name: "Events, oldest first", hidden: true });
    expect(within(events).getAllByRole("listitem", { hidden: true }).length).toBeGreaterThan(1);
    // People, not credential ids: a token the seed used is said as one.
    expect(events.textContent).not.toMatch(/pat:/);
  });

  test("copying a signing link: confirmed; a service without the route says so in words", async () => {
    const seeded = await seedPackage(service.url, token, {
      name: "Link",
      conversationId: THREAD,
      signers: [ADA],
    });
    const { user } = renderStatus(hostOf(officeFor("read")));
    const pkg = card(await threadList(), "Link");
    await within(pkg).findByRole("list", { name: "Signers of Link" });
    const dialog = await openDialog(
      user,
      () => within(pkg).getByRole("button", { name: "Copy signing link" }),
      "alertdialog",
      "Copy Adele Vance's signing link?",
    );
    await user.click(within(dialog).getByRole("button", { name: "Copy link", hidden: true }));
    const probe = await callService(
      service.url,
      token,
      "POST",
      `/api/v1/packages/${seeded.id}/signers/${seeded.signerIds[0]}/signing-url`,
      {},
    );
    if (probe.status === 404) {
      expect(await within(pkg).findByText("Not available yet")).toBeInTheDocument();
    } else {
      expect(await within(pkg).findByText(/Signing link copied|Copy this link by hand/)).toBeInTheDocument();
    }
  });

  test("a pinned pane follows the selected message to another thread", async () => {
    await seedPackage(service.url, token, { name: "First thread", conversationId: THREAD, signers: [ADA] });
    await seedPackage(service.url, token, {
      name: "Second thread",
      conversationId: "conv-2",
      signers: [ALEX],
    });
    const office = officeFor("read");
    renderStatus(hostOf(office));
    expect(card(await threadList(), "First thread")).toBeInTheDocument();
    act(() =>
      office.__selectMessage({ conversationId: "conv-2", internetMessageId: "<two@x>", subject: "Two" }),
    );
    await waitFor(() => expect(screen.queryByText("First thread")).toBeNull());
    expect(card(await threadList(), "Second thread")).toBeInTheDocument();
  });

  test("reading one of our notices shows its package directly", async () => {
    const other = await seedPackage(service.url, token, {
      name: "From elsewhere",
      conversationId: "conv-x",
      signers: [ADA],
    });
    const notice: MessageFixture = {
      ...FIXTURE,
      conversationId: "conv-notice",
      internetHeaders: `From: Sign for Outlook <no-reply@localhost>\r\nX-Sign-Package-Id: ${other.id}\r\nX-Sign-Notification: Invitation\r\n`,
    };
    renderStatus(hostOf(officeFor("read", notice)));
    const about = await screen.findByRole("region", { name: "This mail is about" });
    expect(await within(about).findByRole("article", { name: "From elsewhere" })).toBeInTheDocument();
    expect(
      await screen.findByText("Nothing has been sent for signature from this conversation yet."),
    ).toBeInTheDocument();
  });

  test("another view's request shows that package", async () => {
    const pkg = await seedPackage(service.url, token, {
      name: "Just sent",
      conversationId: "conv-y",
      signers: [ADA],
    });
    const { rerender } = renderStatus(hostOf(officeFor("compose")));
    rerender({ navigate: jest.fn(), request: { view: "status", packageId: pkg.id, seq: 1 } });
    const chosen = await screen.findByRole("region", { name: "The package you chose" });
    expect(await within(chosen).findByRole("article", { name: "Just sent" })).toBeInTheDocument();
  });

  test("a chosen package that is the thread's only one: the thread's list says there is nothing else", async () => {
    const pkg = await seedPackage(service.url, token, {
      name: "Only one",
      conversationId: THREAD,
      signers: [ADA],
    });
    const { rerender } = renderStatus(hostOf(officeFor("read")));
    rerender({ navigate: jest.fn(), request: { view: "status", packageId: pkg.id, seq: 1 } });
    const chosen = await screen.findByRole("region", { name: "The package you chose" });
    expect(await within(chosen).findByRole("article", { name: "Only one" })).toBeInTheDocument();
    expect(
      await screen.findByText("Nothing else: the package above is the only one sent from this conversation."),
    ).toBeInTheDocument();
  });

  test("a failed refresh keeps the last known state and says how old it is", async () => {
    await seedPackage(service.url, token, { name: "Kept", conversationId: THREAD, signers: [ADA] });
    const net = countingFetch();
    const { user } = renderStatus(hostOf(officeFor("read")), { fetch: net.fetch });
    const list = await threadList();
    net.setDown(true);
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByText("Could not refresh")).toBeInTheDocument();
    expect(screen.getByText(/Showing what was current just now\./)).toBeInTheDocument();
    expect(card(list, "Kept")).toBeInTheDocument();
    net.setDown(false);
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(screen.queryByText("Could not refresh")).toBeNull());
  });
});

describe("Status view, all packages", () => {
  test("the user's own packages (sent from their mailbox), search and status filter; a card's signers on demand", async () => {
    // The fixture's mailbox is megan.bowen@contoso.com: hers whatever the case, not a colleague's.
    await seedPackage(service.url, token, {
      name: "Alpha lease",
      conversationId: "a",
      signers: [ADA],
      senderEmail: "megan.bowen@contoso.com",
    });
    const beta = await seedPackage(service.url, token, {
      name: "Beta offer",
      conversationId: "b",
      signers: [ALEX],
      senderEmail: "Megan.Bowen@Contoso.com",
    });
    await seedPackage(service.url, token, {
      name: "Colleague's contract",
      conversationId: THREAD,
      signers: [ADA],
      senderEmail: "alex.wilber@contoso.com",
    });
    await callService(service.url, token, "POST", `/api/v1/packages/${beta.id}/void`, {
      reason: "Withdrawn",
    });
    const { user } = renderStatus(hostOf(officeFor("read")));
    await user.click(await screen.findByRole("tab", { name: "All packages" }));
    const all = await screen.findByRole("list", { name: "All packages, newest first" });
    await waitFor(() => expect(within(all).getAllByRole("article")).toHaveLength(2));
    expect(within(all).queryByRole("article", { name: "Colleague's contract" })).toBeNull();
    expect(screen.getByText("2 packages")).toBeInTheDocument();

    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "Voided");
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "All packages, newest first" })).getAllByRole("article"),
      ).toHaveLength(1),
    );
    expect(screen.getByText("1 package")).toBeInTheDocument();

    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "all");
    await user.type(screen.getByRole("searchbox", { name: "Search by name" }), "alpha");
    await waitFor(() => expect(screen.queryByRole("article", { name: "Beta offer" })).toBeNull());
    const alpha = await screen.findByRole("article", { name: "Alpha lease" });
    expect(within(alpha).queryByRole("list", { name: "Signers of Alpha lease" })).toBeNull();
    await user.click(within(alpha).getByRole("button", { name: "Signers and actions" }));
    expect(await within(alpha).findByRole("list", { name: "Signers of Alpha lease" })).toBeInTheDocument();
  });
});

describe("the feed", () => {
  /** The packages API against `base` as `as`, every request counted. */
  const countedApi = (base: string, as: string) => {
    const net = countingFetch();
    const api = createPackagesApi(
      createHttpClient({
        baseUrl: base,
        fetch: net.fetch,
        tokenSource: { getToken: async () => as, signOut: () => undefined },
      }),
    );
    return { net, api };
  };
  const feedWrapper = ({ children }: { children: ReactNode }) => <Root host={null}>{children}</Root>;

  test("polls with If-None-Match: unchanged answers are 304; a change comes through", async () => {
    const seeded = await seedPackage(service.url, token, {
      name: "Polled",
      conversationId: "poll",
      signers: [ADA],
    });
    const { net, api } = countedApi(service.url, token);
    const target = { kind: "list" as const, query: { conversationId: "poll" } };
    const { result, unmount } = renderHook(
      () => usePackageFeed(api, target, { signersFor: "all", intervalMs: 150 }),
      { wrapper: feedWrapper },
    );
    await waitFor(() => expect(result.current.state.signers[seeded.id]).toBeDefined());
    const first = result.current.state.packages;
    await waitFor(() => expect(net.seen.filter((r) => r.status === 304).length).toBeGreaterThanOrEqual(4));
    // Nothing changed: the same objects (no re-render of the cards).
    expect(result.current.state.packages).toBe(first);
    expect(net.seen.every((r) => r.status === 200 || (r.status === 304 && r.conditional))).toBe(true);

    await callService(service.url, token, "POST", `/api/v1/packages/${seeded.id}/void`, {
      reason: "Changed",
    });
    await waitFor(() => expect(result.current.state.packages?.[0]?.status).toBe("Voided"));
    // Final and read after it finished: its signers are not asked for again.
    const before = net.seen.length;
    await waitFor(() => expect(net.seen.length).toBeGreaterThan(before + 2));
    const after = net.seen.slice(before + 1);
    expect(after.every((r) => !r.url.includes("/signers"))).toBe(true);
    unmount();
  });
  test("a thread's list with includeSigners: signers come inside it, polling is one request a tick, a signer's change comes through", async () => {
    const seeded = await seedPackage(service.url, token, {
      name: "Embedded",
      conversationId: "embedded",
      signers: [ADA, ALEX],
    });
    const { net, api } = countedApi(service.url, token);
    const target = {
      kind: "list" as const,
      query: { conversationId: "embedded", pageSize: 50, includeSigners: true },
    };
    const { result, unmount } = renderHook(
      () => usePackageFeed(api, target, { signersFor: "all", intervalMs: 150 }),
      { wrapper: feedWrapper },
    );
    await waitFor(() => expect(result.current.state.signers[seeded.id]).toHaveLength(2));
    await waitFor(() => expect(net.seen.filter((r) => r.status === 304).length).toBeGreaterThanOrEqual(3));
    expect(net.seen.every((r) => !r.url.includes("/signers"))).toBe(true);
    expect(net.seen.every((r) => r.url.includes("includeSigners=true"))).toBe(true);
    // A signer's change alone (the package's own fields aside) changes the list's answer.
    const reassigned = await callService(
      service.url,
      token,
      "POST",
      `/api/v1/packages/${seeded.id}/signers/${seeded.signerIds[1]}/reassign`,
      { email: "megan.bowen@contoso.com", name: "Megan Bowen", reason: "Away" },
    );
    expect(reassigned.status).toBe(200);
    await waitFor(() =>
      expect(result.current.state.signers[seeded.id]!.map((s) => s.name)).toContain("Megan Bowen"),
    );
    expect(net.seen.every((r) => !r.url.includes("/signers"))).toBe(true);
    unmount();
  });

  test("while a shown package is being sealed the feed ticks every 2 s, else at its own interval", async () => {
    // A service whose scheduler is off: a completed package stays "being sealed".
    const unsealed = await startTestService("sqlite", { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    try {
      const as = await unsealed.token("sealing-ticks");
      const seed = (name: string, conversationId: string) =>
        seedPackage(unsealed.url, as, { name, conversationId, signers: [ADA] }, () => unsealed);
      const completed = await seed("Being sealed", "sealing");
      expect(await signAs(unsealed.url, as, completed.id, completed.signerIds[0]!)).toBe("Completed");
      await seed("Still out", "sent");

      const follow = (conversationId: string) => {
        const { net, api } = countedApi(unsealed.url, as);
        const target = { kind: "list" as const, query: { conversationId, includeSigners: true } };
        const hook = renderHook(
          () => usePackageFeed(api, target, { signersFor: "all", intervalMs: 60_000 }),
          { wrapper: feedWrapper },
        );
        return { net, hook };
      };
      const sealing = follow("sealing");
      const sent = follow("sent");
      await waitFor(() =>
        expect(sealing.hook.result.current.state.packages?.[0]?.sealing).toBe("InProgress"),
      );
      await waitFor(() => expect(sent.hook.result.current.state.packages).toHaveLength(1));
      const lists = (net: ReturnType<typeof countingFetch>) =>
        net.seen.filter((r) => r.url.includes("/api/v1/packages?")).length;
      // Two ticks of 2 s: well before the 60 s interval would have made one.
      await waitFor(() => expect(lists(sealing.net)).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
      expect(lists(sent.net)).toBe(1);
      sealing.hook.unmount();
      sent.hook.unmount();
    } finally {
      await unsealed.close();
    }
  });

  test("while a card's dialog holds it, no timed refresh runs; the held one runs when it closes", async () => {
    await seedPackage(service.url, token, { name: "Held", conversationId: "hold", signers: [ADA] });
    const { net, api } = countedApi(service.url, token);
    const target = { kind: "list" as const, query: { conversationId: "hold" } };
    const { result, rerender, unmount } = renderHook(
      ({ paused }: { paused: boolean }) =>
        usePackageFeed(api, target, { signersFor: "all", intervalMs: 100, paused }),
      { wrapper: feedWrapper, initialProps: { paused: false } },
    );
    await waitFor(() => expect(result.current.state.packages).toHaveLength(1));
    rerender({ paused: true });
    await new Promise((r) => setTimeout(r, 150)); // a refresh under way when the dialog opened ends
    const held = net.seen.length;
    await new Promise((r) => setTimeout(r, 600)); // several ticks
    expect(net.seen.length).toBe(held);
    // An action's own refresh still runs.
    await act(() => result.current.refresh());
    expect(net.seen.length).toBeGreaterThan(held);
    const asked = net.seen.length;
    rerender({ paused: false });
    await waitFor(() => expect(net.seen.length).toBeGreaterThan(asked));
    unmount();
  });
});
