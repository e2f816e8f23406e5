/**
 * What jsdom lacks for the task pane's components, imported by each test file (jest.config.js is
 * shared, so nothing is registered there): jest-dom matchers, matchMedia, ResizeObserver,
 * scrollIntoView, TextEncoder, and `nodeFetch`, a small fetch over node:http (jsdom has no fetch) for
 * tests that talk to a real local HTTP server.
 */
import "@testing-library/jest-dom";
import { request } from "node:http";
import { TextDecoder, TextEncoder } from "node:util";
import type { FetchInit, FetchLike, ResponseLike } from "../../src/api/http";

if (typeof globalThis.TextEncoder === "undefined") {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

if (typeof window !== "undefined") {
  if (typeof window.matchMedia !== "function") {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (typeof window.ResizeObserver === "undefined") {
    window.ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    } as unknown as typeof ResizeObserver;
  }
  if (typeof Element.prototype.scrollIntoView !== "function") {
    Element.prototype.scrollIntoView = function scrollIntoView(): void {};
  }
}

/** fetch over node:http: method, headers, string body, AbortSignal; the response as text. */
export const nodeFetch: FetchLike = (url: string, init: FetchInit): Promise<ResponseLike> =>
  new Promise((resolve, reject) => {
    if (init.signal.aborted) {
      reject(new Error("aborted"));
      return;
    }
    const req = request(url, { method: init.method, headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({
          status: res.statusCode ?? 0,
          statusText: res.statusMessage ?? "",
          headers: {
            get: (name: string) => {
              const value = res.headers[name.toLowerCase()];
              return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
            },
          },
          text: () => Promise.resolve(text),
        });
      });
    });
    init.signal.addEventListener("abort", () => req.destroy(new Error("aborted")), { once: true });
    req.on("error", reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });

/** A Storage-like map (sessionStorage stand-in) whose contents a test can read. */
export function memoryStorage(): {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
  data: Map<string, string>;
} {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}
