// PLACEHOLDER (replaced by branch decodedsize30): Flate only, counted a window at a time.
import zlib from "node:zlib";
import type { PdfDict, ReadInto } from "./xref-stream";

export type DecodedSize = "within" | "too_large" | "unsupported";

export async function decodedSizeWithin(
  read: ReadInto,
  start: number,
  length: number,
  filters: readonly string[],
  _params: readonly (PdfDict | null)[],
  max: number,
): Promise<DecodedSize> {
  if (filters.length !== 1 || (filters[0] !== "FlateDecode" && filters[0] !== "Fl")) return "unsupported";
  const inflate = zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
  let count = 0;
  let over = false;
  const done = new Promise<void>((resolve) => {
    inflate.on("data", (chunk: Buffer) => {
      count += chunk.length;
      if (count > max && !over) {
        over = true;
        inflate.destroy();
        resolve();
      }
    });
    inflate.on("end", resolve);
    inflate.on("error", () => resolve());
    inflate.on("close", resolve);
  });
  const window = new Uint8Array(64 * 1024);
  for (let p = 0; p < length && !over;) {
    const n = await read(window, start + p, Math.min(window.length, length - p));
    if (n <= 0) break;
    p += n;
    const ok = inflate.write(Buffer.from(window.subarray(0, n)));
    if (!ok && !over && !inflate.destroyed) {
      await new Promise<void>((r) => {
        inflate.once("drain", r);
        inflate.once("close", r);
      });
    }
  }
  if (!over && !inflate.destroyed) inflate.end();
  await done;
  return over ? "too_large" : "within";
}
