/**
 * @jest-environment ./test/leak-guard/jsdom-environment.js
 *
 * Which view the pane opens on when none was asked for (issue 28 point 4): Send, and Status once the
 * early read of the open message's conversation (the real service, the workbench's simulated item)
 * finds packages, unless the user has chosen a tab meanwhile or a view was asked for.
 */
import { memoryStorage, nodeFetch } from "./setup";
// The service in this process reads uploaded PDFs with pdf.js, which patches Response.prototype when
// it loads; jsdom has no Response (pdf.js never fetches here: it reads files).
(globalThis as { Response?: unknown }).Response ??= class Response {};
import { readFileSync } from "node:fs";
import path from "node:path";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SendRegular, TagRegular, StatusRegular } from "@fluentui/react-icons";
import { PAT_STORAGE_KEY } from "../../src/auth";
import { createAsyncLimiter, createOutlookHost } from "../../src/outlook";
import { App, type ViewDefinition } from "../../src/taskpane/components/App";
import { Root } from "../../src/taskpane/components/Root";
import { SERVICE_URL_STORAGE_KEY } from "../../src/taskpane/session";
import { clearPrefetch, takePrefetched, threadListKey } from "../../src/taskpane/status/prefetch";
import type { MessageFixture } from "../../src/workbench/bridge";
import { createFakeOffice } from "../../src/workbench/fake-office";
import { startTestService, type TestService } from "../service/harness";
import { seedPackage } from "./status-seed";

const FIXTURE = JSON.parse(
  readFileSync(path.join(__dirname, "..", "fixtures", "message.json"), "utf8"),
) as MessageFixture;

let service: TestService;
let tenant = 0;
let token = "";
/** The pane's early reads use the window's fetch (jsdom has none): over node:http, each answer counted. */
let listAnswers = 0;
/** While set, the early read's answer waits for it (the user acts before the service answers). */
let gate: Promise<void> | null = null;
const realFetch = (window as { fetch?: unknown }).fetch;

beforeAll(async () => {
  service = await startTestService("sqlite");
  (window as { fetch?: unknown }).fetch = async (url: string, init: { headers: Record<string, string> }) => {
    const response = await nodeFetch(url, {
      method: "GET",
      headers: init.headers,
      signal: new AbortController().signal,
    });
    const text = await response.text();
    if (gate) await gate;
    if (url.includes("/api/v1/packages?")) listAnswers += 1;
    return { status: response.status, headers: response.headers, json: async () => JSON.parse(text) };
  };
});
afterAll(async () => {
  (window as { fetch?: unknown }).fetch = realFetch;
  await service.close();
});
beforeEach(async () => {
  token = await service.token(`opens-on-${++tenant}`);
  listAnswers = 0;
  gate = null;
});
afterEach(() => clearPrefetch());

const VIEWS: ViewDefinition[] = [
  { id: "send", label: "Send", icon: SendRegular, load: async () => ({ default: () => <p>Send view</p> }) },
  { id: "tags", label: "Tags", icon: TagRegular, load: async () => ({ default: () => <p>Tags view</p> }) },
  {
    id: "status",
    label: "Status",
    icon: StatusRegular,
    load: async () => ({ default: () => <p>Status view</p> }),
  },
];

/** The pane on the fixture's received message, signed in with a token, opened as index.tsx does. */
function openPane(conversationId: string, asked: boolean) {
  const office = createFakeOffice({
    fixture: { ...FIXTURE, conversationId },
    mode: "read",
    theme: "light",
    latencyMs: 0,
    loadAttachment: async () => new Uint8Array(),
  });
  const host = createOutlookHost(office, { limiter: createAsyncLimiter(3) });
  const storage = memoryStorage();
  storage.setItem(SERVICE_URL_STORAGE_KEY, service.url);
  storage.setItem(PAT_STORAGE_KEY, token);
  const user = userEvent.setup();
  render(
    <Root host={host} session={{ storage, fetch: nodeFetch }}>
      <App views={VIEWS} initialView="send" statusWhenThreadHasPackages={!asked} />
    </Root>,
  );
  return { user };
}

const selected = (name: string) =>
  expect(screen.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");

async function sentFrom(conversationId: string) {
  await seedPackage(service.url, token, {
    name: "Master services agreement",
    conversationId,
    signers: [{ email: "alex.wilber@contoso.com", name: "Alex Wilber" }],
  });
}

test("a conversation that already has packages opens on Status", async () => {
  await sentFrom("thread-with-packages");
  openPane("thread-with-packages", false);
  expect(await screen.findByText("Send view")).toBeInTheDocument();
  expect(await screen.findByText("Status view")).toBeInTheDocument();
  selected("Status");
});

test("a conversation without packages stays on Send", async () => {
  await sentFrom("another-thread");
  openPane("thread-without-packages", false);
  expect(await screen.findByText("Send view")).toBeInTheDocument();
  await waitFor(() => expect(listAnswers).toBe(1));
  // The answer is in; let its handler run before looking.
  await new Promise((resolve) => setTimeout(resolve, 0));
  selected("Send");
  expect(screen.queryByText("Status view")).not.toBeInTheDocument();
});

test("a tab the user chose before the answer came is kept", async () => {
  await sentFrom("thread-chosen");
  let release!: () => void;
  gate = new Promise((resolve) => (release = resolve));
  const { user } = openPane("thread-chosen", false);
  expect(await screen.findByText("Send view")).toBeInTheDocument();
  await user.click(screen.getByRole("tab", { name: "Tags" }));
  release();
  await waitFor(() => expect(listAnswers).toBe(1));
  await new Promise((resolve) => setTimeout(resolve, 0));
  selected("Tags");
  expect(screen.queryByText("Status view")).not.toBeInTheDocument();
});

test("a view asked for (?view=send) is where the pane stays", async () => {
  await sentFrom("thread-asked");
  openPane("thread-asked", true);
  expect(await screen.findByText("Send view")).toBeInTheDocument();
  // No early read of the thread was started (the pane's effects have run): nothing can move it.
  const key = threadListKey({ conversationId: "thread-asked", internetMessageId: null })!;
  expect(takePrefetched(service.url, key)).toBeNull();
  selected("Send");
});
