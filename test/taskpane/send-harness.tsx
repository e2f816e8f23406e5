/**
 * What the Send view's jsdom tests share: the workbench's simulated Outlook item
 * (test/fixtures/message.json and its PDFs) read through the real adapter, a message whose
 * attachments are PDFs made by the test, and the view rendered signed in to the real service.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PAT_STORAGE_KEY } from "../../src/auth";
import type { FetchLike } from "../../src/api/http";
import { createAsyncLimiter, createOutlookHost, type OutlookHost } from "../../src/outlook";
import { Root } from "../../src/taskpane/components/Root";
import { NavigationProvider, type NavigationTarget } from "../../src/taskpane/navigation";
import { SERVICE_URL_STORAGE_KEY } from "../../src/taskpane/session";
import SendView from "../../src/taskpane/views/SendView";
import type { MessageFixture } from "../../src/workbench/bridge";
import { createFakeOffice, type FakeItemState } from "../../src/workbench/fake-office";
import { memoryStorage, nodeFetch } from "./setup";

export const FIXTURES = path.join(__dirname, "..", "fixtures");
export const FIXTURE = JSON.parse(
  readFileSync(path.join(FIXTURES, "message.json"), "utf8"),
) as MessageFixture;

export type Attachment = MessageFixture["attachments"][number];

/** The simulated Outlook item; `files` are attachments' bytes by file name (else the fixtures'). */
export function hostFor(
  mode: "read" | "compose",
  fixture: MessageFixture = FIXTURE,
  files: Record<string, Uint8Array> = {},
  item?: FakeItemState,
): OutlookHost {
  const office = createFakeOffice({
    fixture,
    mode,
    theme: "light",
    latencyMs: 0,
    item,
    loadAttachment: async (file) => files[file] ?? new Uint8Array(readFileSync(path.join(FIXTURES, file))),
  });
  return createOutlookHost(office, { limiter: createAsyncLimiter(3) });
}

/**
 * The fixture message with `pdfs` (file name → bytes, made by the test) as its attachments, in
 * order, followed by `more` of the fixture's own. Each PDF's attachment id is made from its name, so
 * a host made again for the same message (a reopened pane) has the same ids. `item`: what Outlook
 * keeps with the item (pass the same to a reopened pane); `changes`: other fields of the fixture.
 */
export function hostWithPdfs(
  mode: "read" | "compose",
  pdfs: Record<string, Uint8Array>,
  more: readonly Attachment[] = [],
  item?: FakeItemState,
  changes: Partial<MessageFixture> = {},
): OutlookHost {
  const fixture: MessageFixture = {
    ...FIXTURE,
    ...changes,
    attachments: [
      ...Object.entries(pdfs).map(([name, bytes]) => ({
        id: `AAMk${name
          .replace(/\.pdf$/i, "")
          .replace(/[^a-z0-9]/gi, "")
          .toUpperCase()}=`,
        name,
        file: name,
        contentType: "application/pdf",
        size: bytes.length,
      })),
      ...more,
    ],
  };
  return hostFor(mode, fixture, pdfs, item);
}

/** The Send view, signed in to `service` with `token` (sessionStorage as the pane keeps it). */
export function renderSend(host: OutlookHost, service: { url: string; token: string; fetch?: FetchLike }) {
  const storage = memoryStorage();
  storage.setItem(SERVICE_URL_STORAGE_KEY, service.url);
  storage.setItem(PAT_STORAGE_KEY, service.token);
  const navigations: NavigationTarget[] = [];
  const user = userEvent.setup();
  const view = render(
    <Root host={host} session={{ storage, fetch: service.fetch ?? nodeFetch }}>
      <NavigationProvider value={{ navigate: (t) => navigations.push(t), request: null }}>
        <SendView />
      </NavigationProvider>
    </Root>,
  );
  return { user, navigations, view };
}

export type User = ReturnType<typeof userEvent.setup>;

/** Waits for the success panel; fails at once with the pane's error when the send stopped. */
export async function sent(timeout = 60_000) {
  await waitFor(
    () => {
      const alert = screen.queryByRole("alert");
      if (alert) throw new Error(`The send stopped: ${alert.textContent}`);
      expect(screen.getByText(/^Sent: /)).toBeInTheDocument();
    },
    { timeout, onTimeout: (e) => e },
  );
}
