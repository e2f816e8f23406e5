/**
 * The signing groups a role may be filled with: those the message's people are in, and the first 100
 * the service lists (shown by name). Without them (no answer) people and typed addresses still work.
 */
import { useEffect, useState } from "react";
import type { SigningGroupsApi } from "../../../../api/signing-groups";
import type { PersonRow } from "../../../send/signers";
import type { GroupOption } from "../../../send/template";

export function useGroupOptions(
  groups: SigningGroupsApi,
  persons: readonly PersonRow[],
): Map<string, GroupOption> {
  const [groupOptions, setGroupOptions] = useState<Map<string, GroupOption>>(new Map());

  const addressKey = [...new Set(persons.map((p) => p.email.toLowerCase()))].slice(0, 500).join("\n");

  useEffect(() => {
    const abort = new AbortController();
    const signal = { signal: abort.signal };
    const addresses = addressKey === "" ? [] : addressKey.split("\n");
    void Promise.all([
      addresses.length > 0 ? groups.resolve(addresses, signal).catch(() => []) : Promise.resolve([]),
      groups.list({ pageSize: 100 }, signal).catch(() => null),
    ]).then(([resolved, list]) => {
      if (abort.signal.aborted) return;
      const found = new Map<string, GroupOption>();
      for (const item of resolved) for (const g of item.groups) found.set(g.id, g);
      for (const g of list?.items ?? []) if (!found.has(g.id)) found.set(g.id, g);
      setGroupOptions(found);
    });
    return () => abort.abort();
    // Keyed on the addresses, not the rows: the parent makes new rows on every render.
  }, [groups, addressKey]);

  return groupOptions;
}
