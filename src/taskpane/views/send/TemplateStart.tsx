import { useEffect, useMemo, useRef, useState } from "react";
import {
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  SearchBox,
  Select,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { ArrowLeftRegular, ArrowRightRegular, DocumentCopyRegular, SendRegular } from "@fluentui/react-icons";
import type { SigningGroupsApi } from "../../../api/signing-groups";
import type { Template, TemplateRole, TemplatesApi } from "../../../api/templates";
import type { RoleFillRequest } from "../../../api/templates";
import { ApiErrorMessage } from "../../components/ApiErrorMessage";
import { SIGNER_TYPE_LABELS, type PersonRow, type SignerRow } from "../../send/signers";
import {
  OTHER,
  TemplateStartError,
  count,
  groupValue,
  personValue,
  prefillRoles,
  roleProblems,
  roleRequests,
  serviceRoleErrors,
  type GroupOption,
  type RoleFill,
  type RoleFills,
} from "../../send/template";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  list: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
  },
  pick: {
    width: "100%",
    justifyContent: "flex-start",
    textAlign: "start",
    minWidth: 0,
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  pickText: { display: "flex", flexDirection: "column", minWidth: 0, gap: tokens.spacingVerticalXXS },
  name: { overflowWrap: "anywhere", fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  role: {
    display: "flex",
    flexDirection: "column",
    minWidth: 0,
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
  heading: { overflowWrap: "anywhere" },
  intro: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  introText: { margin: 0, color: tokens.colorNeutralForeground3 },
  // A native select is as wide as its longest option (a long address): kept within the pane.
  select: { minWidth: 0, maxWidth: "100%" },
  selectControl: { minWidth: 0, width: "100%", textOverflow: "ellipsis" },
  field: { minWidth: 0 },
});

const PAGE_SIZE = 25;

export interface TemplateStartProps {
  templates: TemplatesApi;
  groups: SigningGroupsApi;
  /** The message's people as the send flow offers them (the chosen ones fill the roles in order). */
  people: readonly SignerRow[];
  /** Reopened to change who fills the roles of this template. */
  initial?: { templateId: string; fills: RoleFills } | null;
  /** Makes the package (and sends it when `send`); rejects with a TemplateStartError. */
  onStart(template: Template, roles: RoleFillRequest[], fills: RoleFills, send: boolean): Promise<void>;
  onCancel(): void;
}

/**
 * "Start from a template": a searchable list of the tenant's templates; picking one shows its roles,
 * each filled with one of the message's people (in order), a signing group or an address typed in;
 * then the package is sent at once, or the send flow continues with it (the message's attachments
 * and fields may be added there).
 */
export function TemplateStart({ templates, groups, people, initial, onStart, onCancel }: TemplateStartProps) {
  const styles = useStyles();
  const [picked, setPicked] = useState<Template | null>(null);
  const [initialFills, setInitialFills] = useState<RoleFills | null>(initial?.fills ?? null);
  const searchRef = useRef<HTMLInputElement>(null);

  // Reopened for a template already used: straight to its roles.
  useEffect(() => {
    if (!initial) return;
    const abort = new AbortController();
    templates.get(initial.templateId, { signal: abort.signal }).then(setPicked, () => undefined); // gone: the list instead
    return () => abort.abort();
  }, []);

  return (
    <section className={styles.root} aria-labelledby="template-heading">
      <Subtitle2 as="h3" id="template-heading">
        Start from a template
      </Subtitle2>
      {picked ? (
        <RoleMapping
          template={picked}
          templates={templates}
          groups={groups}
          people={people}
          kept={initialFills}
          onBack={() => {
            setPicked(null);
            setInitialFills(null);
            setTimeout(() => searchRef.current?.focus(), 0);
          }}
          onStart={onStart}
          onCancel={onCancel}
        />
      ) : (
        <TemplatePicker templates={templates} searchRef={searchRef} onPick={setPicked} onCancel={onCancel} />
      )}
    </section>
  );
}

function TemplatePicker({
  templates,
  searchRef,
  onPick,
  onCancel,
}: {
  templates: TemplatesApi;
  searchRef: React.RefObject<HTMLInputElement | null>;
  onPick(template: Template): void;
  onCancel(): void;
}) {
  const styles = useStyles();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [pages, setPages] = useState(1);
  const [state, setState] = useState<
    | { status: "loading" }
    | { status: "ready"; items: Template[]; totalCount: number; more: boolean }
    | { status: "failed"; error: unknown }
  >({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  // Typing settles for 250 ms before the service is asked.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPages(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [typed]);

  useEffect(() => {
    const abort = new AbortController();
    setState((s) => (s.status === "ready" && pages > 1 ? s : { status: "loading" }));
    void (async () => {
      try {
        const items: Template[] = [];
        let last = { totalCount: 0, totalPages: 0 };
        for (let page = 1; page <= pages; page++) {
          const list = await templates.list(
            { page, pageSize: PAGE_SIZE, ...(search ? { search } : {}) },
            { signal: abort.signal },
          );
          items.push(...list.items);
          last = list;
        }
        setState({ status: "ready", items, totalCount: last.totalCount, more: pages < last.totalPages });
      } catch (error) {
        if (!abort.signal.aborted) setState({ status: "failed", error });
      }
    })();
    return () => abort.abort();
  }, [search, pages, attempt, templates]);

  useEffect(() => searchRef.current?.focus(), []);

  return (
    <>
      <Field label="Search templates">
        <SearchBox ref={searchRef} value={typed} onChange={(_, data) => setTyped(data.value)} />
      </Field>
      {state.status === "loading" ? (
        <Spinner size="tiny" label="Loading the templates…" labelPosition="after" />
      ) : null}
      {state.status === "failed" ? (
        <>
          <ApiErrorMessage title="The templates could not be loaded" error={state.error} />
          <div className={styles.actions}>
            <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
          </div>
        </>
      ) : null}
      {state.status === "ready" ? (
        <>
          <Caption1 role="status" className={styles.muted}>
            {state.totalCount === 0
              ? search
                ? `No template's name contains “${search}”.`
                : "Your organisation has no templates yet."
              : search
                ? `${count(state.totalCount, "template")} ${state.totalCount === 1 ? "matches" : "match"} “${search}”.`
                : count(state.totalCount, "template")}
          </Caption1>
          {state.items.length > 0 ? (
            <ul className={styles.list} aria-label="Templates">
              {state.items.map((t) => (
                <li key={t.id}>
                  <Button
                    className={styles.pick}
                    appearance="subtle"
                    icon={<DocumentCopyRegular />}
                    onClick={() => onPick(t)}
                  >
                    <span className={styles.pickText}>
                      <span className={styles.name}>{t.name}</span>
                      <Caption1 className={styles.muted}>
                        {`${count(t.roleCount, "role")} · ${count(t.documentCount, "document")}`}
                      </Caption1>
                    </span>
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          {state.more ? <Button onClick={() => setPages((n) => n + 1)}>Show more templates</Button> : null}
        </>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </>
  );
}

function RoleMapping({
  template,
  templates,
  groups,
  people,
  kept,
  onBack,
  onStart,
  onCancel,
}: {
  template: Template;
  templates: TemplatesApi;
  groups: SigningGroupsApi;
  people: readonly SignerRow[];
  kept: RoleFills | null;
  onBack(): void;
  onStart: TemplateStartProps["onStart"];
  onCancel(): void;
}) {
  const styles = useStyles();
  const heading = useRef<HTMLSpanElement>(null);
  const [roles, setRoles] = useState<
    { status: "loading" } | { status: "ready"; roles: TemplateRole[] } | { status: "failed"; error: unknown }
  >({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [fills, setFills] = useState<RoleFills>({});
  const [groupOptions, setGroupOptions] = useState<Map<string, GroupOption>>(new Map());
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<null | "send" | "continue">(null);
  const [failure, setFailure] = useState<TemplateStartError | null>(null);
  const persons = useMemo(() => people.filter((r): r is PersonRow => r.kind === "person"), [people]);

  const addressKey = [...new Set(persons.map((p) => p.email.toLowerCase()))].slice(0, 500).join("\n");

  useEffect(() => heading.current?.focus(), []);

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

  // The groups offered: those the message's people are in, and the first 100 the service lists
  // (shown by name). Without them (no answer) people and typed addresses still work.
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

  const groupList = [...groupOptions.values()].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <>
      <div className={styles.intro}>
        <Subtitle2 as="h4" id="template-roles-heading" className={styles.heading}>
          <span ref={heading} tabIndex={-1}>{`“${template.name}”`}</span>
        </Subtitle2>
        <Body1 as="p" className={styles.introText}>
          {`${count(template.roleCount, "role")} · ${count(template.documentCount, "document")}. Choose who fills each role; they sign in the template's order.`}
        </Body1>
      </div>
      {roles.status === "loading" ? (
        <Spinner size="tiny" label="Loading the roles…" labelPosition="after" />
      ) : null}
      {roles.status === "failed" ? (
        <>
          <ApiErrorMessage title="The template's roles could not be loaded" error={roles.error} />
          <div className={styles.actions}>
            <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
          </div>
        </>
      ) : null}
      {roles.status === "ready" ? (
        roles.roles.length === 0 ? (
          <Body1>This template has no roles, so nobody would be asked to sign: add roles to it first.</Body1>
        ) : (
          <ol className={styles.list} aria-label="Roles">
            {roles.roles.map((role, i) => {
              const fill = fills[role.id] ?? { choice: "", email: "", name: "" };
              const typeLabel = (SIGNER_TYPE_LABELS as Record<string, string>)[role.type] ?? role.type;
              const other = fill.choice === OTHER;
              const problem = problems[role.id];
              return (
                <li key={role.id} className={styles.role} data-testid={`role-${role.name}`}>
                  <Field
                    className={styles.field}
                    label={`${i + 1}. ${role.name} (${typeLabel.toLowerCase()})`}
                    validationState={problem && !other ? "error" : "none"}
                    validationMessage={problem && !other ? problem : undefined}
                  >
                    <Select
                      className={styles.select}
                      select={{ className: styles.selectControl }}
                      id={fieldId(role.id)}
                      value={fill.choice}
                      disabled={busy !== null}
                      onChange={(_, data) => change(role.id, { choice: data.value })}
                    >
                      <option value="">Choose…</option>
                      {persons.length > 0 ? (
                        <optgroup label="On this message">
                          {persons.map((p) => (
                            <option key={p.key} value={personValue(p.email)}>
                              {p.name && p.name !== p.email ? `${p.name} <${p.email}>` : p.email}
                            </option>
                          ))}
                        </optgroup>
                      ) : null}
                      {groupList.length > 0 ? (
                        <optgroup label="Signing groups">
                          {groupList.map((g) => (
                            <option key={g.id} value={groupValue(g.id)}>
                              {`Group ${g.name} (${count(g.memberCount, "member")})`}
                            </option>
                          ))}
                        </optgroup>
                      ) : null}
                      <option value={OTHER}>Someone else…</option>
                    </Select>
                  </Field>
                  {other ? (
                    <>
                      <Field
                        label={`Email address for ${role.name}`}
                        required
                        validationState={problem ? "error" : "none"}
                        validationMessage={problem}
                      >
                        <Input
                          id={fieldId(role.id, fill)}
                          type="email"
                          value={fill.email}
                          disabled={busy !== null}
                          onChange={(_, data) => change(role.id, { email: data.value })}
                        />
                      </Field>
                      <Field label={`Name for ${role.name} (optional)`}>
                        <Input
                          value={fill.name}
                          disabled={busy !== null}
                          onChange={(_, data) => change(role.id, { name: data.value })}
                        />
                      </Field>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )
      ) : null}
      {failure ? (
        <ApiErrorMessage
          title={
            failure.stage === "send"
              ? "The package could not be sent"
              : "The package could not be made from the template"
          }
          error={failure.cause}
          fieldLabel={(field) => {
            // roles[i]... is the i-th role sent: named as the user sees it.
            const at = /^roles\[(\d+)\]/.exec(field)?.[1];
            const role = at !== undefined && roles.status === "ready" ? roles.roles[Number(at)] : undefined;
            return role ? `Role ${role.name}` : field;
          }}
          message={`${failure.message}${failure.stage === "use" ? "" : " Nothing was kept: your choices are still here, so you can try again."}`}
        />
      ) : null}
      {roles.status === "ready" && template.documentCount === 0 ? (
        <Caption1 id="template-no-documents" className={styles.muted}>
          This template has no documents: continue to add this message's attachments and fields.
        </Caption1>
      ) : null}
      <div className={styles.actions}>
        {template.documentCount > 0 ? (
          <Button
            appearance="primary"
            icon={<SendRegular />}
            disabled={roles.status !== "ready" || roles.roles.length === 0 || busy !== null}
            onClick={() => void start(true)}
          >
            {busy === "send" ? "Sending…" : "Send now"}
          </Button>
        ) : null}
        <Button
          appearance={template.documentCount > 0 ? "secondary" : "primary"}
          icon={<ArrowRightRegular />}
          iconPosition="after"
          disabled={roles.status !== "ready" || roles.roles.length === 0 || busy !== null}
          onClick={() => void start(false)}
        >
          {busy === "continue" ? "Preparing…" : "Continue"}
        </Button>
        <Button icon={<ArrowLeftRegular />} disabled={busy !== null} onClick={onBack}>
          Other templates
        </Button>
        <Button appearance="subtle" disabled={busy !== null} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}

/** The id of the field that holds a role's problem: the address typed, else the select. */
function fieldId(roleId: string, fill?: RoleFill): string {
  return fill?.choice === OTHER ? `template-role-${roleId}-email` : `template-role-${roleId}`;
}
