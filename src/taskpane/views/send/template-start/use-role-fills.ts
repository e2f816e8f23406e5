/**
 * Who fills each role of the picked template: its roles read (each prefilled from the message's people
 * in order, or with what was kept from an earlier visit), the choices changed, checked and handed to
 * `onStart`; a refusal is kept to be shown, the service's field errors next to their role.
 */
import { useEffect, useMemo, useState } from "react";
import type { SigningGroupsApi } from "../../../../api/signing-groups";
import type { RoleFillRequest, Template, TemplateRole, TemplatesApi } from "../../../../api/templates";
import type { PersonRow, SignerRow } from "../../../send/signers";
import {
  TemplateStartError,
  prefillRoles,
  roleProblems,
  roleRequests,
  serviceRoleErrors,
  type RoleFill,
  type RoleFills,
} from "../../../send/template";
import { fieldId } from "./role-field-id";
import { useGroupOptions } from "./use-group-options";

/** Makes the package (and sends it when `send`); rejects with a TemplateStartError. */
export type StartFromTemplate = (
  template: Template,
  roles: RoleFillRequest[],
  fills: RoleFills,
  send: boolean,
) => Promise<void>;

export type RolesState =
  { status: "loading" } | { status: "ready"; roles: TemplateRole[] } | { status: "failed"; error: unknown };

export function useRoleFills({
  template,
  templates,
  groups,
  people,
  kept,
  onStart,
}: {
  template: Template;
  templates: TemplatesApi;
  groups: SigningGroupsApi;
  people: readonly SignerRow[];
  kept: RoleFills | null;
  onStart: StartFromTemplate;
}) {
  const [roles, setRoles] = useState<RolesState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [fills, setFills] = useState<RoleFills>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<null | "send" | "continue">(null);
  const [failure, setFailure] = useState<TemplateStartError | null>(null);
  const persons = useMemo(() => people.filter((r): r is PersonRow => r.kind === "person"), [people]);

  useEffect(() => {
    const abort = new AbortController();
    setRoles({ status: "loading" });
    templates.roles(template.id, { signal: abort.signal }).then(
      (list) => {
        setRoles({ status: "ready", roles: list });
        setFills(prefillRoles(list, people, kept ?? {}));
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setRoles({ status: "failed", error });
      },
    );
    return () => abort.abort();
  }, [template.id, attempt]);

  const groupOptions = useGroupOptions(groups, persons);

  const change = (roleId: string, patch: Partial<RoleFill>) => {
    setFills((f) => ({
      ...f,
      [roleId]: { ...(f[roleId] ?? { choice: "", email: "", name: "" }), ...patch },
    }));
    setProblems(({ [roleId]: _gone, ...rest }) => rest);
  };

  const start = async (send: boolean) => {
    if (roles.status !== "ready") return;
    const found = roleProblems(roles.roles, fills, people, groupOptions);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      // The first field with a problem takes the focus, so a keyboard user lands on it.
      const first = roles.roles.find((r) => found[r.id]);
      if (first) document.getElementById(fieldId(first.id, fills[first.id]))?.focus();
      return;
    }
    setBusy(send ? "send" : "continue");
    try {
      await onStart(template, roleRequests(roles.roles, fills, people, groupOptions), fills, send);
    } catch (error) {
      const failed = error instanceof TemplateStartError ? error : new TemplateStartError("use", error);
      if (failed.stage === "use") setProblems(serviceRoleErrors(failed.cause, roles.roles).byRole);
      setFailure(failed);
      setBusy(null);
    }
  };

  return {
    roles,
    retry: () => setAttempt((n) => n + 1),
    fills,
    /** The message's people a role may be filled with. */
    persons,
    groupOptions,
    problems,
    /** Which button is waiting for `onStart`; everything is off meanwhile. */
    busy,
    failure,
    change,
    start,
  };
}
