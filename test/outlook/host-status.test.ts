/**
 * @jest-environment ./test/leak-guard/jsdom-environment.js
 *
 * The adapter's calls for the Status view: internet headers (our notices), opening a link in the
 * browser, and the pane's visibility.
 */
import { OutlookError, createAsyncLimiter, createOutlookHost } from "../../src/outlook";
import { packageIdFromHeaders } from "../../src/shared/notification-headers";
import { READ_HEADERS, composeItem, fakeMailbox, fakeOffice, fakeUi, readItem } from "./fakes";

function hostFor(item: unknown, extra: Parameters<typeof fakeOffice>[1] = {}) {
  const office = fakeOffice(fakeMailbox(item), extra);
  return { office, host: createOutlookHost(office, { limiter: createAsyncLimiter(3) }) };
}

function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}

describe("internet headers", () => {
  it("reads them in read mode; null in compose and where the host has no such call", async () => {
    expect(await hostFor(readItem()).host.internetHeaders()).toBe(READ_HEADERS);
    expect(await hostFor(composeItem()).host.internetHeaders()).toBeNull();
    expect(
      await hostFor(readItem({ getAllInternetHeadersAsync: undefined })).host.internetHeaders(),
    ).toBeNull();
  });

  it("finds our package id in them, folded or not, in any case; nothing else counts", () => {
    const id = "0b6f8a3e-6c1d-4d8e-9b7a-1f2e3d4c5b6a";
    expect(packageIdFromHeaders(READ_HEADERS)).toBeNull();
    expect(packageIdFromHeaders(`${READ_HEADERS}X-Sign-Package-Id: ${id}\r\n`)).toBe(id);
    expect(packageIdFromHeaders(`x-sign-package-id:\r\n ${id.toUpperCase()}\r\nSubject: x`)).toBe(id);
    expect(packageIdFromHeaders("X-Sign-Package-Id: not-a-uuid\r\n")).toBeNull();
    expect(packageIdFromHeaders(`X-Other: X-Sign-Package-Id: ${id}\r\n`)).toBeNull();
  });
});

describe("openBrowserWindow", () => {
  it("uses Office's openBrowserWindow where the host supports it", () => {
    const ui = fakeUi();
    const { host } = hostFor(readItem(), { ui, sets: ["OpenBrowserWindowApi 1.1"] });
    host.openBrowserWindow("https://sign.example.com/api/v1/downloads/abc");
    expect(ui.openBrowserWindow).toHaveBeenCalledWith("https://sign.example.com/api/v1/downloads/abc");
  });

  it("falls back to a new window; refuses links that are not http(s)", () => {
    const open = jest.spyOn(window, "open").mockReturnValue(null);
    const { host } = hostFor(readItem(), { ui: fakeUi() });
    host.openBrowserWindow("http://127.0.0.1:3001/x");
    expect(open).toHaveBeenCalledWith("http://127.0.0.1:3001/x", "_blank", "noopener");
    expect(() => host.openBrowserWindow("javascript:alert(1)")).toThrow(OutlookError);
    expect(() => host.openBrowserWindow("not a url")).toThrow(OutlookError);
    open.mockRestore();
  });
});

describe("visibility", () => {
  afterEach(() => setVisibility("visible"));

  it("tells each change of the page's visibility once, until unsubscribed", () => {
    const { host } = hostFor(readItem());
    const seen: boolean[] = [];
    const off = host.onVisibilityChanged((v) => seen.push(v));
    setVisibility("hidden");
    expect(host.isVisible()).toBe(false);
    setVisibility("hidden");
    setVisibility("visible");
    expect(seen).toEqual([false, true]);
    off();
    setVisibility("hidden");
    expect(seen).toEqual([false, true]);
  });

  it("listens to Office's onVisibilityModeChanged where the host has it", async () => {
    let handler: ((args: { visibilityMode: string }) => void) | undefined;
    const remove = jest.fn(() => Promise.resolve());
    const { office, host } = hostFor(readItem());
    (office as unknown as { addin: unknown }).addin = {
      onVisibilityModeChanged: (h: typeof handler) => {
        handler = h;
        return Promise.resolve(remove);
      },
    };
    const seen: boolean[] = [];
    const off = host.onVisibilityChanged((v) => seen.push(v));
    await Promise.resolve();
    handler!({ visibilityMode: "Hidden" });
    handler!({ visibilityMode: "Taskpane" });
    expect(seen).toEqual([false, true]);
    off();
    await Promise.resolve();
    expect(remove).toHaveBeenCalled();
  });
});
