/**
 * What pdf.js needs of a browser that jsdom lacks, for the Send view's tests that open PDFs in the
 * pane (and for the service running in the same jsdom process): `Response` (pdf.js only patches its
 * prototype), `ReadableStream` (text content is streamed) and `structuredClone` (its in-thread
 * "worker" clones every message). The clone keeps each value's own constructor, so typed arrays
 * stay of this realm.
 */
import { ReadableStream } from "node:stream/web";

function clone(value: unknown, seen = new Map<unknown, unknown>()): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (seen.has(value)) return seen.get(value);
  if (ArrayBuffer.isView(value)) {
    const view = value as unknown as { constructor: new (v: unknown) => unknown; slice(): unknown };
    const out = view.slice();
    seen.set(value, out);
    return out;
  }
  if (value instanceof ArrayBuffer) return value.slice(0);
  if (value instanceof Date) return new Date(value.getTime());
  if (value instanceof Map) {
    const out = new Map();
    seen.set(value, out);
    for (const [k, v] of value) out.set(clone(k, seen), clone(v, seen));
    return out;
  }
  if (value instanceof Set) {
    const out = new Set();
    seen.set(value, out);
    for (const v of value) out.add(clone(v, seen));
    return out;
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    seen.set(value, out);
    for (const v of value) out.push(clone(v, seen));
    return out;
  }
  if (value instanceof Error) {
    const out = new (value.constructor as ErrorConstructor)(value.message);
    Object.assign(out, value);
    return out;
  }
  const out: Record<string, unknown> = {};
  seen.set(value, out);
  for (const [k, v] of Object.entries(value)) out[k] = clone(v, seen);
  return out;
}

if (typeof globalThis.structuredClone === "undefined") {
  Object.assign(globalThis, { structuredClone: (value: unknown) => clone(value) });
}
if (typeof globalThis.Response === "undefined") {
  Object.assign(globalThis, { Response: class Response {} });
}
if (typeof globalThis.ReadableStream === "undefined") Object.assign(globalThis, { ReadableStream });
