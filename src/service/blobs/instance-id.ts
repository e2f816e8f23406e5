// The id of this service instance, kept in its data directory (`instance-id`, made on first start).
// Blobs it queues for collection carry it (storage migration 23), so that after a crash and a new
// start it removes at once the orphans of its own uploads, which no other instance may be about to
// use, instead of waiting out their grace period. A data directory belongs to one running service
// (the service also empties its work directory at start), so the id names that service across its
// restarts.
import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";

const ID = /^[0-9a-f-]{36}$/;

export async function instanceId(dataDir: string): Promise<string> {
  const file = path.join(dataDir, "instance-id");
  const known = await fs.readFile(file, "utf8").catch(() => "");
  if (ID.test(known.trim())) return known.trim();
  // Written whole and durable before it is used: a blob queued under an id that a crash then lost
  // would only wait for its grace period, but two ids for one directory are confusing.
  await fs.mkdir(dataDir, { recursive: true });
  const id = randomUUID();
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await fs.open(temporary, "w");
  try {
    await handle.writeFile(`${id}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, file);
  return id;
}
