/**
 * @jest-environment ./test/leak-guard/jsdom-environment.js
 */
/**
 * The signing page's components under jsdom against the doc's routes in memory
 * (fake-signing-service.ts): the guide, saving as the signer goes, errors next to the field, finish,
 * decline, the access code, and the page for each state. pdf.js is replaced by a loader that records
 * what it was asked (jsdom has no canvas); the browser test draws real pages.
 */
import "../taskpane/setup";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SigningApi } from "../../src/signing/api";
import { dateSignedText } from "../../src/shared/date-signed";
import { App } from "../../src/signing/components/App";
import { fieldElementId } from "../../src/signing/components/DocumentPages";
import { fitText, MIN_FIELD_TEXT_PX } from "../../src/signing/components/FieldValue";
import type { PdfLoader } from "../../src/signing/pdf";
import type { SigningSession } from "../../src/signing/types";
import { FakeSigningService, TOKEN, field, session } from "./fake-signing-service";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

function recordingPdf() {
  const opened: { url: string; headers: Record<string, string> }[] = [];
  const drawn: number[] = [];
  const loader: PdfLoader = {
    open: async (url, headers) => {
      opened.push({ url, headers });
      return { renderPage: async (n) => void drawn.push(n), destroy: () => undefined };
    },
  };
  return { loader, opened, drawn };
}

function start(service: FakeSigningService) {
  const api = new SigningApi(service.token, { fetch: service.fetch, store: window.sessionStorage });
  const pdf = recordingPdf();
  const user = userEvent.setup();
  const view = render(<App api={api} pdf={pdf.loader} />);
  return { api, pdf, user, view };
}

function ndaFields() {
  return [
    field({ id: "f-company", type: "Company", label: "Company name", y: 80 }),
    field({ id: "f-count", type: "Number", label: "Employees", y: 120, required: false }),
    field({ id: "f-name", type: "Name", auto: "Name", y: 160 }),
    field({ id: "f-agree", type: "Checkbox", label: "I agree to the terms", y: 200 }),
    field({ id: "f-plan", type: "Dropdown", label: "Plan", options: ["Basic", "Pro"], y: 240 }),
    field({
      id: "f-size",
      type: "RadioGroup",
      label: "Size",
      options: ["Small", "Large"],
      y: 280,
      required: false,
    }),
    field({ id: "f-start", type: "Date", label: "Start date", y: 320 }),
    field({ id: "f-sign", type: "Signature", page: 2, y: 600 }),
  ];
}

beforeEach(() => {
  window.sessionStorage.clear();
  // jsdom draws nothing: a canvas that "draws" and yields a real 1×1 PNG.
  jest.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
    () =>
      ({
        font: "",
        fillStyle: "",
        textBaseline: "",
        measureText: (text: string) => ({ width: text.length * 20 }),
        fillText: () => undefined,
        scale: () => undefined,
      }) as unknown as CanvasRenderingContext2D,
  );
  jest.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockReturnValue(PNG);
});

afterEach(() => jest.restoreAllMocks());

describe("the signing page", () => {
  it("says a link is not valid without asking the service when the token cannot be one, and when the service does not know it", async () => {
    render(<App api={null} pdf={recordingPdf().loader} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("This link is not valid");

    const service = new FakeSigningService(session(), { token: "someone-elses-token-xyz" });
    const api = new SigningApi(TOKEN, { fetch: service.fetch, store: null });
    render(<App api={api} pdf={recordingPdf().loader} />);
    await waitFor(() =>
      expect(screen.getAllByRole("heading", { name: "This link is not valid" })).toHaveLength(2),
    );
  });

  it("guides through the fields in order, saves each value as the signer goes, keeps them on return, and finishes", async () => {
    const service = new FakeSigningService(session({ fields: ndaFields() }));
    const { user, pdf, view } = start(service);
    expect(await screen.findByRole("heading", { level: 1, name: "Mutual NDA" })).toHaveFocus();
    expect(screen.getByText("From Sam Sender (sam@example.com)")).toBeInTheDocument();
    expect(screen.getByText("Please sign by Friday.")).toBeInTheDocument();
    expect(pdf.opened).toEqual([{ url: `/api/v1/signing/${TOKEN}/documents/doc1`, headers: {} }]);
    await waitFor(() => expect(pdf.drawn.sort()).toEqual([1, 2]));

    // The auto field shows the signer's name on the page, read-only, and is not in the guide.
    const pages = screen.getByRole("region", { name: "Documents" });
    expect(within(pages).getByText("Jane Roe")).toBeInTheDocument();
    expect(screen.getByText("0 of 5 required fields filled")).toBeInTheDocument();
    expect(screen.getByText(/Field 1 of 7 · nda.pdf, page 1/)).toBeInTheDocument();

    // Text: saved when the control loses focus.
    await user.type(screen.getByLabelText(/Company name/, { selector: "input" }), "Contoso Ltd");
    await user.tab();
    await waitFor(() => expect(service.value("f-company")).toBe("Contoso Ltd"));
    expect(screen.getByText("1 of 5 required fields filled")).toBeInTheDocument();

    // "Next field" goes to the next empty field, an optional one too (marked so), with the keyboard in it.
    await user.click(screen.getByRole("button", { name: "Next field" }));
    expect(screen.getByLabelText(/Employees/, { selector: "input" })).toHaveFocus();
    expect(screen.getByText(/Field 2 of 7 \(optional\) · nda.pdf, page 1/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next field" }));
    expect(screen.getByRole("checkbox", { name: /I agree to the terms/ })).toHaveFocus();
    await user.keyboard(" ");
    await waitFor(() => expect(service.value("f-agree")).toBe("true"));

    await user.click(screen.getByRole("button", { name: "Next field" }));
    expect(screen.getByRole("combobox", { name: /Plan/ })).toHaveFocus();
    await user.selectOptions(screen.getByRole("combobox", { name: /Plan/ }), "Pro");
    await waitFor(() => expect(service.value("f-plan")).toBe("Pro"));

    await user.click(screen.getByRole("button", { name: "Next field" }));
    expect(screen.getByText(/Field 5 of 7 \(optional\)/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next field" }));
    const date = screen.getByLabelText(/Start date/, { selector: "input" });
    expect(date).toHaveFocus();
    await user.type(date, "2026-05-01");
    await waitFor(() => expect(service.value("f-start")).toBe("2026-05-01"));

    // The signature: typed, drawn in the handwriting font into a PNG.
    await user.click(screen.getByRole("button", { name: "Next field" }));
    expect(screen.getByText(/Field 7 of 7 · nda.pdf, page 2/)).toBeInTheDocument();
    expect(screen.getByLabelText("Your name as you sign it")).toHaveValue("Jane Roe");
    await user.click(screen.getByRole("button", { name: "Sign with this signature" }));
    await waitFor(() => expect(service.value("f-sign")).toBe(PNG));
    expect(screen.getByText("5 of 5 required fields filled")).toBeInTheDocument();
    // Signing goes on by itself to the next empty field (round to the first optional one).
    await waitFor(() => expect(screen.getByLabelText(/Employees/, { selector: "input" })).toHaveFocus());

    // Leave and come back: a new page load shows what was saved.
    view.unmount();
    start(service);
    await screen.findByRole("heading", { level: 1, name: "Mutual NDA" });
    expect(screen.getByText("5 of 5 required fields filled")).toBeInTheDocument();
    const again = userEvent.setup();
    // All required are filled: the guide starts on the first empty optional field.
    expect(screen.getByLabelText(/Employees/, { selector: "input" })).toBeInTheDocument();
    await again.click(screen.getByRole("button", { name: "Finish" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Thank you, you have signed" }),
    ).toHaveFocus();
    expect(service.calls.filter((c) => c.path.endsWith("/finish"))).toHaveLength(1);
  });

  it("shows a date signed and a date in their boxes as the sealed PDF prints them (YYYY-MM-DD), not in the browser's long form", async () => {
    const today = () => dateSignedText(new Date());
    const before = today();
    const service = new FakeSigningService(
      session({
        fields: [
          // As the service sends it: the date signed already made by the function completion uses.
          field({
            id: "f-signed",
            type: "DateSigned",
            auto: "DateSigned",
            value: "2026-11-27",
            width: 100,
            height: 20,
          }),
          // Without a value the page makes it itself, the same way.
          field({ id: "f-signed-later", type: "DateSigned", auto: "DateSigned", y: 140 }),
          // A date the sender prefilled: the PDF prints the stored value as it is.
          field({ id: "f-start", type: "Date", label: "Start date", value: "2026-05-01", y: 180 }),
        ],
      }),
    );
    start(service);
    await screen.findByRole("heading", { level: 1, name: "Mutual NDA" });
    const box = (id: string) => document.getElementById(fieldElementId(id))!;
    expect(box("f-signed")).toHaveTextContent(/^2026-11-27$/);
    expect([before, today()]).toContain(box("f-signed-later").textContent);
    expect(box("f-start")).toHaveTextContent(/^2026-05-01$/);
    // What the box shows is in the button's name (WCAG 2.5.3).
    expect(box("f-start")).toHaveAccessibleName("Start date, required, filled: 2026-05-01");
  });

  it("shrinks a field's text until it fits its box's width, and wraps it below the smallest size when the lines fit the box's height", () => {
    // jsdom lays nothing out: the text's width is its length times half its font size, a line 1.1 sizes high.
    const sheet = document.createElement("style");
    sheet.textContent = ".fit-test { font-size: 13px; }"; // the style sheet's size
    const span = document.createElement("span");
    span.className = "fit-test";
    span.textContent = "November 27, 2026"; // 17 characters: 8.5 px wide per pixel of size
    let boxWidth = 100;
    Object.defineProperty(span, "clientWidth", { get: () => boxWidth });
    const size = () => parseFloat(span.style.fontSize || "13");
    Object.defineProperty(span, "scrollHeight", {
      get: () =>
        1.1 * size() * (span.style.whiteSpace === "normal" ? Math.ceil((17 * 0.5 * size()) / boxWidth) : 1),
    });
    Object.defineProperty(span, "scrollWidth", {
      get: () =>
        Math.min(span.style.whiteSpace === "normal" ? boxWidth : Infinity, Math.ceil(17 * 0.5 * size())),
    });
    const box = document.createElement("div");
    let boxHeight = 30;
    Object.defineProperty(box, "clientHeight", { get: () => boxHeight });
    box.append(span);
    document.body.append(sheet, box);
    try {
      fitText(span); // 13 px would be 111 px wide
      expect(span.style.fontSize).toBe("11.5px");
      expect(span.scrollWidth).toBeLessThanOrEqual(span.clientWidth);
      boxWidth = 200; // wider again: back to the style sheet's size
      fitText(span);
      expect(span.style.fontSize).toBe("");
      boxWidth = 40; // below 6 px: the smallest size, wrapped
      fitText(span);
      expect([span.style.fontSize, span.style.whiteSpace]).toEqual([`${MIN_FIELD_TEXT_PX}px`, "normal"]);
      boxHeight = 10; // no room for the two lines: one, and the style sheet's ellipsis
      fitText(span);
      expect([span.style.fontSize, span.style.whiteSpace]).toEqual([`${MIN_FIELD_TEXT_PX}px`, ""]);
    } finally {
      box.remove();
      sheet.remove();
    }
  });

  it("says what is wrong next to the field, keeps what was typed, and sends nothing the service would refuse", async () => {
    const service = new FakeSigningService(
      session({
        fields: [
          field({ id: "n", type: "Number", label: "Amount" }),
          field({ id: "t", type: "Text", label: "Remarks", y: 200 }),
        ],
      }),
    );
    const { user } = start(service);
    const amount = await screen.findByLabelText(/Amount/, { selector: "input" });
    await user.type(amount, "12,5");
    await user.tab();
    expect(await screen.findByText(/Enter a number, such as 1250 or 12.5/)).toBeInTheDocument();
    expect(amount).toHaveValue("12,5");
    expect(amount).toHaveAttribute("aria-invalid", "true");
    expect(amount.getAttribute("aria-describedby")).toContain(screen.getByText(/Enter a number/).id);
    expect(service.calls.filter((c) => c.method === "PUT")).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, "12.5");
    await user.tab();
    await waitFor(() => expect(service.value("n")).toBe("12.5"));
    expect(screen.queryByText(/Enter a number/)).not.toBeInTheDocument();
    // The field's box on the page shows the value, so its name says it too (label in name).
    expect(screen.getByRole("button", { name: "Amount, required, filled: 12.5" })).toBeInTheDocument();

    // The service's own refusal, in its words, next to the field; the text stays.
    await user.click(screen.getByRole("button", { name: "Remarks, required, empty" }));
    const remarks = screen.getByLabelText(/Remarks/, { selector: "input" });
    expect(remarks).toHaveFocus();
    await user.type(remarks, "refuse me");
    await user.tab();
    expect(await screen.findByText("Not saved: The service refuses this text.")).toBeInTheDocument();
    expect(remarks).toHaveValue("refuse me");

    // A network failure says so and keeps the text; the next try saves it.
    service.nextPut = "network";
    await user.clear(remarks);
    await user.type(remarks, "fine");
    await user.tab();
    expect(await screen.findByText(/Not saved: the service could not be reached/)).toBeInTheDocument();
    expect(remarks).toHaveValue("fine");
    await user.click(screen.getByRole("button", { name: "Finish" }));
    await waitFor(() => expect(service.value("t")).toBe("fine"));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Thank you, you have signed" }),
    ).toBeInTheDocument();
  });

  it("Finish with required fields empty says so next to each and selects the first; the service's list is shown too", async () => {
    const service = new FakeSigningService(
      session({
        fields: [
          field({ id: "a", type: "Text", label: "First" }),
          field({ id: "b", type: "Initials", y: 300 }),
        ],
      }),
    );
    const { user } = start(service);
    await screen.findByLabelText(/First/, { selector: "input" });
    await user.click(screen.getByRole("button", { name: "Next field" }));
    await user.click(screen.getByRole("button", { name: "Finish" }));
    expect(
      await screen.findByText("2 required fields are still empty; the first is selected above."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/First/, { selector: "input" })).toHaveFocus();
    expect(screen.getByText("First is required: fill it in before finishing.")).toBeInTheDocument();
    expect(service.calls.some((c) => c.path.endsWith("/finish"))).toBe(false);

    await user.type(screen.getByLabelText(/First/, { selector: "input" }), "x");
    await user.click(screen.getByRole("button", { name: "Next field" }));
    expect(screen.getByText("Initials is required: fill it in before finishing.")).toBeInTheDocument();
    expect(screen.getByLabelText("Your initials")).toHaveValue("JR");
    await user.click(screen.getByRole("button", { name: "Sign with this initials" }));
    await waitFor(() => expect(service.value("b")).toBe(PNG));

    // The service finds a field empty that the page thought filled (cleared elsewhere): its details are shown.
    service.state.fields[0]!.value = null;
    await user.click(screen.getByRole("button", { name: "Finish" }));
    expect(await screen.findByText("Not finished: Required fields are empty.")).toBeInTheDocument();
    expect(screen.getByText("This field is required.")).toBeInTheDocument();
  });

  it("declines with a reason (required, at most 500 characters) and shows the declined page", async () => {
    const service = new FakeSigningService(session({ fields: [field({ id: "a", type: "Signature" })] }));
    const { user } = start(service);
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    const reason = screen.getByLabelText("Why are you declining? (required)");
    expect(reason).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(screen.getByText("Say why you are declining; the sender will read it.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("button", { name: "Decline" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Decline" }));
    await user.type(screen.getByLabelText("Why are you declining? (required)"), "The fee is wrong.");
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(await screen.findByRole("heading", { level: 1, name: "You declined to sign" })).toHaveFocus();
    expect(screen.getByText("The fee is wrong.")).toBeInTheDocument();
    expect(service.calls.find((c) => c.path.endsWith("/decline"))?.body).toEqual({
      reason: "The fee is wrong.",
    });
  });

  it("keeps a button that waits for a save or for finishing in the tab order, with the keyboard on it, and a click on it does nothing", async () => {
    const service = new FakeSigningService(session({ fields: [field({ id: "f-sign", type: "Signature" })] }));
    // The signature's save and the finish wait until the test lets them through.
    const held: (() => void)[] = [];
    const answer = service.fetch;
    service.fetch = async (input, init = {}) => {
      if (init.method === "PUT" || input.endsWith("/finish")) await new Promise<void>((go) => held.push(go));
      return answer(input, init);
    };
    const release = async () => {
      await waitFor(() => expect(held).toHaveLength(1));
      held.shift()!();
    };
    const { user } = start(service);
    await user.click(await screen.findByRole("button", { name: "Sign with this signature" }));

    // Saving: "Sign again" is off (aria-disabled), yet focusable, and a click does not open the editor.
    const again = await screen.findByRole("button", { name: "Sign again" });
    expect(again).toHaveAttribute("aria-disabled", "true");
    expect(again).not.toHaveAttribute("disabled");
    // From Finish, where signing put the keyboard, back through the guide's buttons to it.
    for (let i = 0; i < 5 && document.activeElement !== again; i++) await user.tab({ shift: true });
    expect(again).toHaveFocus();
    await user.keyboard("{Enter}");
    await user.click(again);
    expect(again).toHaveFocus();
    expect(screen.queryByRole("group", { name: "How do you want to sign?" })).not.toBeInTheDocument();
    await release();
    await waitFor(() => expect(again).not.toHaveAttribute("aria-disabled"));
    expect(again).toHaveFocus();
    expect(service.value("f-sign")).toBe(PNG);

    // Finishing: the keyboard stays on Finish, and pressing it again sends nothing more.
    const finish = screen.getByRole("button", { name: "Finish" });
    finish.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(finish).toHaveAttribute("aria-disabled", "true"));
    expect(finish).toHaveTextContent("Finishing…");
    expect(finish).toHaveFocus();
    await user.keyboard("{Enter}");
    await release();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Thank you, you have signed" }),
    ).toHaveFocus();
    expect(service.calls.filter((c) => c.path.endsWith("/finish"))).toHaveLength(1);
  });

  it("goes to the link's returnUrl after declining or finishing (an embedded signing), and nowhere without one", async () => {
    for (const [returnUrl, action] of [
      ["https://app.example.com/back?case=7", "decline"],
      ["https://app.example.com/done", "finish"],
      ["javascript:alert(1)", "finish"],
      [null, "finish"],
    ] as const) {
      const service = new FakeSigningService(
        session({ returnUrl, fields: [field({ id: "a", type: "Text", label: "Remarks", required: false })] }),
      );
      const api = new SigningApi(service.token, { fetch: service.fetch, store: window.sessionStorage });
      const navigate = jest.fn();
      const user = userEvent.setup();
      const view = render(<App api={api} pdf={recordingPdf().loader} navigate={navigate} />);
      if (action === "decline") {
        await user.click(await screen.findByRole("button", { name: "Decline" }));
        await user.type(screen.getByLabelText("Why are you declining? (required)"), "Not mine.");
        await user.click(screen.getByRole("button", { name: "Decline" }));
        await screen.findByRole("heading", { level: 1, name: "You declined to sign" });
      } else {
        await user.click(await screen.findByRole("button", { name: "Finish" }));
        await screen.findByRole("heading", { level: 1, name: "Thank you, you have signed" });
      }
      const expected = returnUrl?.startsWith("https:") ? [[returnUrl]] : [];
      expect({ returnUrl, action, calls: navigate.mock.calls }).toEqual({
        returnUrl,
        action,
        calls: expected,
      });
      if (expected.length > 0)
        expect(screen.getByRole("status")).toHaveTextContent("Taking you back to app.example.com");
      view.unmount();
    }
  });

  it("asks for the access code, says when it is wrong or tried too often, and then sends the grant on every call", async () => {
    const service = new FakeSigningService(
      session({ fields: [field({ id: "a", type: "Text", label: "Remarks" })] }),
      {
        accessCode: "4711",
      },
    );
    const { user, pdf, view } = start(service);
    expect(await screen.findByRole("heading", { level: 1, name: "Enter your access code" })).toHaveFocus();
    const input = screen.getByLabelText("Access code");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Enter the access code.")).toBeInTheDocument();
    await user.type(input, "1234{Enter}");
    expect(await screen.findByText("That code is not right. Check it and try again.")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");

    service.wrongCodes = 5;
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      await screen.findByText("Too many wrong codes. Wait 10 minutes and try again."),
    ).toBeInTheDocument();

    service.wrongCodes = 0;
    await user.clear(input);
    await user.type(input, "4711{Enter}");
    expect(await screen.findByRole("heading", { level: 1, name: "Mutual NDA" })).toBeInTheDocument();
    expect(pdf.opened[0]!.headers).toEqual({ "X-Signing-Grant": "grant-1234" });
    await user.type(screen.getByLabelText(/Remarks/, { selector: "input" }), "ok");
    await user.tab();
    await waitFor(() => expect(service.value("a")).toBe("ok"));
    expect(service.calls.find((c) => c.method === "PUT")?.headers["x-signing-grant"]).toBe("grant-1234");

    // A reload in the same tab keeps the grant (sessionStorage); an expired grant asks again.
    view.unmount();
    start(service);
    expect(await screen.findByRole("heading", { level: 1, name: "Mutual NDA" })).toBeInTheDocument();
    service.grant = "another";
    await act(async () => {
      await userEvent.setup().type(screen.getByLabelText(/Remarks/, { selector: "input" }), "!");
      screen.getByLabelText(/Remarks/, { selector: "input" }).blur();
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Enter your access code" }),
    ).toBeInTheDocument();
  });

  const statePages: [Partial<SigningSession>, string, RegExp][] = [
    [
      { state: "NotYourTurn" },
      "It is not your turn to sign yet",
      /asked others to sign “Mutual NDA” before you/,
    ],
    [{ state: "Completed" }, "You have already signed", /there is nothing more for you to do/],
    [
      {
        state: "CompletedByOther",
        signer: { ...session().signer, isGroupSlot: true, groupName: "Legal team" },
        completedBy: { name: "Ola Other", email: "ola@example.com", completedOn: "2026-04-02T10:00:00Z" },
        documents: [],
      },
      "Someone else has already signed",
      /Ola Other \(ola@example.com\) signed “Mutual NDA” for Legal team on/,
    ],
    [
      { state: "Declined", declineReason: "Wrong address", documents: [] },
      "This package was declined",
      /A signer declined to sign/,
    ],
    [
      { state: "Voided", voidedReason: "Sent by mistake", documents: [] },
      "This package was cancelled",
      /Sent by mistake/,
    ],
    [{ state: "Expired", documents: [] }, "This package has expired", /could be signed until/],
    [{ state: "Reassigned", documents: [] }, "This signature was passed to someone else", /in your place/],
  ];
  it.each(statePages)(
    "a link in state %# says plainly why there is nothing to sign",
    async (partial, title, text) => {
      const service = new FakeSigningService(
        session({ fields: [field({ id: "a", type: "Signature", value: PNG })], ...partial }),
      );
      const { pdf } = start(service);
      expect(await screen.findByRole("heading", { level: 1, name: title })).toHaveFocus();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Finish" })).not.toBeInTheDocument();
      // The documents, read-only, where the service still shows them.
      const shown = (partial.documents ?? session().documents).length > 0;
      expect(pdf.opened.length > 0).toBe(shown);
      if (shown) expect(screen.queryByRole("button", { name: /Signature/ })).not.toBeInTheDocument();
    },
  );

  it("says the documents could not be opened when the service cannot be reached, and tries again", async () => {
    const service = new FakeSigningService(session());
    let down = true;
    const api = new SigningApi(TOKEN, {
      fetch: (input, init) =>
        down ? Promise.reject(new TypeError("Failed to fetch")) : service.fetch(input, init),
      store: null,
    });
    const user = userEvent.setup();
    render(<App api={api} pdf={recordingPdf().loader} />);
    expect(
      await screen.findByRole("heading", { level: 1, name: "The documents could not be opened" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("could not be reached");
    down = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Mutual NDA" })).toBeInTheDocument();
  });
});
