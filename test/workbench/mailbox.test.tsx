/**
 * @jest-environment ./test/leak-guard/jsdom-environment.js
 */
/**
 * The workbench's Mailbox: the dev outbox of docs/signing-page-api.md listed newest first with each
 * signer's link to open, from either shape the outbox has had; and what it says when there is no
 * outbox or no service. The service's side (GET /api/v1/dev/outbox under `npm start`) is tested with
 * the service; the browser test opens a link from here.
 */
import "../taskpane/setup";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Mailbox, kindWords, loadOutbox, normalizeItem } from "../../src/workbench/mailbox";

const LINK_A = "http://localhost:3001/sign/AAAAAAAAAAAAAAAAAAAAAAAA";
const LINK_B = "http://localhost:3001/sign/BBBBBBBBBBBBBBBBBBBBBBBB";

function reply(status: number, body?: unknown): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: async () => body,
  } as unknown as Response;
}

describe("Mailbox", () => {
  it("names each kind of mail in words, never the outbox's enum", () => {
    expect(kindWords("SlotCompleted")).toBe("Signed by another group member");
    expect(kindWords("Completed")).toBe("Everyone has signed");
    expect(kindWords("Reassigned")).toBe("Passed on to them");
    expect(kindWords("Invitation")).toBe("Invitation");
  });

  it("reads either shape of an outbox row and finds signing links written in the text", () => {
    expect(
      normalizeItem({
        id: "1",
        kind: "Invitation",
        email: "jane@example.com",
        name: "Jane Roe",
        subject: "Please sign",
        text: `Open ${LINK_A} to sign.`,
        link: LINK_A,
        status: "Pending",
        createdOn: "2026-05-01T10:00:00Z",
      }),
    ).toEqual({
      id: "1",
      kind: "Invitation",
      to: "Jane Roe <jane@example.com>",
      subject: "Please sign",
      text: `Open ${LINK_A} to sign.`,
      links: [LINK_A],
      status: "Pending",
      createdOn: "2026-05-01T10:00:00Z",
    });
    expect(normalizeItem({ id: "2", to: "ola@example.com", links: [LINK_B], text: "x" })).toMatchObject({
      to: "ola@example.com",
      links: [LINK_B],
    });
  });

  it("asks the doc's route first, with the development token, and falls back to the older one", async () => {
    const asked: { url: string; auth: string | undefined }[] = [];
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      asked.push({ url, auth: (init?.headers as Record<string, string>).Authorization });
      return url.endsWith("/api/v1/dev/outbox")
        ? reply(404)
        : reply(200, { items: [{ id: "9", to: "x@example.com" }] });
    }) as typeof fetch;
    const result = await loadOutbox("http://localhost:3001/", "tok", fetchImpl);
    expect(asked).toEqual([
      { url: "http://localhost:3001/api/v1/dev/outbox", auth: "Bearer tok" },
      { url: "http://localhost:3001/api/dev/outbox", auth: "Bearer tok" },
    ]);
    expect(result).toMatchObject({ kind: "items", items: [{ id: "9", to: "x@example.com" }] });
    const none = await loadOutbox("http://localhost:3001", null, (async () =>
      reply(404)) as unknown as typeof fetch);
    expect(none).toMatchObject({ kind: "unavailable", message: expect.stringContaining("npm start") });
  });

  it("lists the mail newest first with a link to open as each signer, and refreshes", async () => {
    let items = [
      {
        id: "1",
        kind: "Invitation",
        email: "jane@example.com",
        name: "Jane Roe",
        subject: "Sign the NDA",
        text: "t1",
        link: LINK_A,
        status: "Sent",
        createdOn: "2026-05-01T10:00:00Z",
      },
      {
        id: "2",
        kind: "Invitation",
        email: "ola@example.com",
        name: "Ola",
        subject: "Your turn",
        text: "t2",
        link: LINK_B,
        status: "Pending",
        createdOn: "2026-05-01T11:00:00Z",
      },
    ];
    const fetchImpl = (async () => reply(200, { items })) as unknown as typeof fetch;
    const user = userEvent.setup();
    render(
      <FluentProvider theme={webLightTheme}>
        <Mailbox serviceUrl="http://localhost:3001" token="tok" fetchImpl={fetchImpl} />
      </FluentProvider>,
    );
    const list = await screen.findByRole("list", { name: "Mail" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => within(r).getByRole("heading").textContent)).toEqual([
      "Your turn",
      "Sign the NDA",
    ]);
    const open = within(rows[1]!).getByRole("link", { name: /Open as Jane Roe <jane@example.com>/ });
    expect(open).toHaveAttribute("href", LINK_A);
    expect(open).toHaveAttribute("target", "_blank");

    items = [...items, { ...items[0]!, id: "3", subject: "Reminder", createdOn: "2026-05-02T09:00:00Z" }];
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByRole("heading", { name: "Reminder" })).toBeInTheDocument();
  });

  it("says what to do without a local service", () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <Mailbox serviceUrl={null} token={null} />
      </FluentProvider>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("npm start");
  });
});
