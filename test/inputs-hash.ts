// A short hash of files and folders, for caches of what they make (the browser tests' builds, the
// service tests' place template): any change to an input makes a new one.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** `inputs` are paths from `root` (folders walked in name order; an absent one counts as nothing), with `extra` hashed first. */
export function inputsHash(root: string, inputs: readonly string[], extra = ""): string {
  const hash = createHash("sha256");
  hash.update(extra);
  const add = (relative: string): void => {
    const full = path.join(root, relative);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) add(path.join(relative, name));
      return;
    }
    hash.update(`${relative}\0`);
    hash.update(fs.readFileSync(full));
    hash.update("\0");
  };
  for (const input of inputs) add(input);
  return hash.digest("hex").slice(0, 16);
}
