import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { createSigningGroupsApi, type SigningGroupsApi } from "../../../api/signing-groups";
import { createMembershipIndex, type MembershipIndex } from "../../groups/membership-index";
import { useServiceClient } from "../../service-client";
import { GROUP_INDEX_STORAGE_KEY, useSession, type Identity } from "../../session";
import type { Scope } from "../../../shared/scopes";

export const WRITE_SCOPE = "sign.signinggroup.write" satisfies Scope;

interface GroupsContextValue {
  api: SigningGroupsApi;
  index: MembershipIndex;
  /** Moves on every change the pane makes to groups: lists and memberships read again. */
  revision: number;
  changed(): void;
  /** Whether the credential may change groups (contract §2); the service decides in the end. */
  canWrite: boolean;
}

const GroupsContext = createContext<GroupsContextValue | null>(null);

export function GroupsProvider({ identity, children }: { identity: Identity; children: ReactNode }) {
  const { serviceUrl, storage } = useSession();
  const http = useServiceClient();
  const api = useMemo(() => createSigningGroupsApi(http), [http]);
  const index = useMemo(
    () =>
      createMembershipIndex({
        api,
        storage,
        storageKey: GROUP_INDEX_STORAGE_KEY,
        scope: `${serviceUrl}|${identity.tenantId}`,
      }),
    [api, storage, serviceUrl, identity.tenantId],
  );
  const [revision, setRevision] = useState(0);
  const changed = useCallback(() => setRevision((r) => r + 1), []);
  const canWrite = identity.scopes.includes(WRITE_SCOPE);
  const value = useMemo(
    () => ({ api, index, revision, changed, canWrite }),
    [api, index, revision, changed, canWrite],
  );
  return <GroupsContext.Provider value={value}>{children}</GroupsContext.Provider>;
}

export function useGroups(): GroupsContextValue {
  const value = useContext(GroupsContext);
  if (!value) throw new Error("useGroups needs a GroupsProvider");
  return value;
}
