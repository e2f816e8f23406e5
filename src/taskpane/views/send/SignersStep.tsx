import { useEffect, useMemo, useRef, useState, type DragEvent } from "react";
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Checkbox,
  Combobox,
  Field,
  Input,
  Option,
  Select,
  Subtitle2,
  Switch,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import {
  ArrowDownRegular,
  ArrowUpRegular,
  PeopleTeamRegular,
  ReOrderDotsVerticalRegular,
} from "@fluentui/react-icons";
import { isApiError } from "../../../api/errors";
import type { ResolvedSigningGroup, SigningGroup, SigningGroupsApi } from "../../../api/signing-groups";
import { emailKey } from "../../groups/people";
import { useNavigation } from "../../navigation";
import { browserStorage } from "../../send/draft";
import { recentFirst, recentGroupIds, rememberGroup } from "../../send/recent-groups";
import {
  SIGNER_TYPES,
  SIGNER_TYPE_LABELS,
  addGroup,
  addPerson,
  moveRow,
  routingOrders,
  signersProblem,
  undoGroup,
  sendToGroupInstead,
  type SignerRow,
  type SignerType,
} from "../../send/signers";
import { plainList } from "./list-style";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  list: plainList,
  row: {
    display: "grid",
    gridTemplateColumns: "auto 1fr auto",
    alignItems: "start",
    columnGap: tokens.spacingHorizontalXS,
    padding: tokens.spacingVerticalXS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  who: { display: "flex", flexDirection: "column", minWidth: 0, gap: tokens.spacingVerticalXXS },
  text: { overflowWrap: "anywhere" },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  controls: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalXS },
  moves: { display: "flex", flexDirection: "column" },
  add: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  order: { fontWeight: tokens.fontWeightSemibold, minWidth: "1.5em" },
});

export interface SignersStepProps {
  rows: readonly SignerRow[];
  signInOrder: boolean;
  onChange(rows: SignerRow[], signInOrder: boolean): void;
  groups: SigningGroupsApi;
}

type Resolved = ReadonlyMap<string, ResolvedSigningGroup[]>;

const describe = (row: SignerRow) =>
  row.kind === "person" ? row.name || row.email : `Group ${row.groupName}`;

/**
 * Step 2: who signs, in which order. Each row is a person or a signing-group slot; a person who is
 * in groups is offered "send to the group instead". Rows move by drag and drop and by the buttons
 * (keyboard); each move is announced.
 */
export function SignersStep({ rows, signInOrder, onChange, groups }: SignersStepProps) {
  const styles = useStyles();
  const [resolved, setResolved] = useState<Resolved>(new Map());
  const [announcement, setAnnouncement] = useState("");
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [groupError, setGroupError] = useState<string | null>(null);
  const dragged = useRef<number | null>(null);
  const orders = routingOrders(rows, signInOrder);
  const problem = signersProblem(rows);

  // The groups each person is in: one request for every address on the list.
  const addresses = useMemo(
    () => [...new Set(rows.flatMap((r) => (r.kind === "person" ? [emailKey(r.email)] : [])))].sort(),
    [rows],
  );
  useEffect(() => {
    if (addresses.length === 0) return;
    const abort = new AbortController();
    groups.resolve(addresses.slice(0, 500), { signal: abort.signal }).then(
      (items) => setResolved(new Map(items.map((item) => [emailKey(item.email), item.groups]))),
      () => undefined, // Without it the list still works: only the "instead" offers are missing.
    );
    return () => abort.abort();
  }, [addresses.join("\n"), groups]);

  const change = (
    next: SignerRow[] | null,
    problemSetter?: (p: string | null) => void,
    problem?: string | null,
  ) => {
    problemSetter?.(problem ?? null);
    if (next) onChange(next, signInOrder);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length || from === to) return;
    onChange(moveRow(rows, from, to), signInOrder);
    setAnnouncement(`${describe(rows[from]!)} moved to position ${to + 1} of ${rows.length}.`);
  };
  const update = (key: string, patch: Partial<Pick<SignerRow, "included" | "type">>) =>
    onChange(
      rows.map((r) => (r.key === key ? ({ ...r, ...patch } as SignerRow) : r)),
      signInOrder,
    );
  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragged.current !== null) move(dragged.current, to);
    dragged.current = null;
  };
  const addTyped = () => {
    const result = addPerson(rows, email, name);
    if (result.rows === null) {
      setEmailError(result.problem);
      return;
    }
    setEmailError(null);
    setEmail("");
    setName("");
    onChange(result.rows, signInOrder);
  };

  return (
    <section className={styles.root} aria-labelledby="send-signers-heading">
      <Subtitle2 as="h3" id="send-signers-heading">
        2. Signers
      </Subtitle2>
      <Switch
        checked={signInOrder}
        onChange={(_, data) => onChange([...rows], data.checked)}
        label={
          signInOrder ? "Sign in order: each is asked after the one before" : "Everyone is asked at once"
        }
      />
      <ol className={styles.list} aria-label="Signers">
        {rows.map((row, index) => {
          const order = orders.get(row.key);
          const label = describe(row);
          const inGroups = row.kind === "person" ? (resolved.get(emailKey(row.email)) ?? []) : [];
          return (
            <li
              key={row.key}
              className={styles.row}
              draggable
              onDragStart={() => (dragged.current = index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDrop(event, index)}
              data-testid={`signer-${row.key}`}
            >
              <Checkbox
                checked={row.included}
                onChange={(_, data) => update(row.key, { included: data.checked === true })}
                aria-label={`Include ${label}`}
              />
              <div className={styles.who}>
                <Body1 className={styles.text}>
                  {order !== undefined ? <span className={styles.order}>{order}. </span> : null}
                  {row.kind === "person" ? (
                    <>
                      {row.name ? `${row.name} ` : null}
                      <span className={styles.muted}>{row.email}</span>
                      {row.isSelf ? (
                        <>
                          {" "}
                          <Badge appearance="tint" size="small" color="brand">
                            You
                          </Badge>
                        </>
                      ) : null}
                    </>
                  ) : (
                    <>
                      <PeopleTeamRegular aria-hidden /> {row.groupName}{" "}
                      <span className={styles.muted}>
                        (signing group, {row.memberCount} member{row.memberCount === 1 ? "" : "s"}: the first
                        to sign completes it)
                      </span>
                    </>
                  )}
                </Body1>
                <div className={styles.controls}>
                  <Select
                    size="small"
                    value={row.type}
                    aria-label={`What ${label} does`}
                    onChange={(_, data) => update(row.key, { type: data.value as SignerType })}
                  >
                    {SIGNER_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {SIGNER_TYPE_LABELS[type]}
                      </option>
                    ))}
                  </Select>
                  {row.kind === "group" ? (
                    <Button
                      size="small"
                      appearance="subtle"
                      onClick={() => onChange(undoGroup(rows, row.key), signInOrder)}
                    >
                      {row.replaced ? `Send to ${row.replaced.name || row.replaced.email} instead` : "Remove"}
                    </Button>
                  ) : null}
                </div>
                {inGroups.length > 0 ? (
                  <div className={styles.controls}>
                    <Caption1 className={styles.muted}>Send to a group instead:</Caption1>
                    {inGroups.map((group) => (
                      <Button
                        key={group.id}
                        size="small"
                        appearance="outline"
                        icon={<PeopleTeamRegular />}
                        onClick={() => {
                          rememberGroup(browserStorage(), group.id);
                          const result = sendToGroupInstead(rows, row.key, group);
                          change(result.rows, setGroupError, result.problem);
                        }}
                        aria-label={`Send to the group ${group.name} instead of ${label}`}
                      >
                        {group.name}
                      </Button>
                    ))}
                  </div>
                ) : null}
              </div>
              <div className={styles.moves}>
                <ReOrderDotsVerticalRegular aria-hidden className={styles.muted} />
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<ArrowUpRegular />}
                  aria-label={`Move ${label} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<ArrowDownRegular />}
                  aria-label={`Move ${label} down`}
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, index + 1)}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <div aria-live="polite" className={styles.muted}>
        <Caption1>{announcement}</Caption1>
      </div>
      <div className={styles.add}>
        <Field
          label="Add a person by address"
          validationMessage={emailError}
          validationState={emailError ? "error" : "none"}
        >
          <Input
            value={email}
            type="email"
            onChange={(_, data) => setEmail(data.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") addTyped();
            }}
            placeholder="name@example.com"
          />
        </Field>
        <Field label="Name (optional)">
          <Input value={name} onChange={(_, data) => setName(data.value)} />
        </Field>
        <Button size="small" onClick={addTyped}>
          Add person
        </Button>
        <GroupSearch
          groups={groups}
          error={groupError}
          onPick={(group) => {
            const result = addGroup(rows, group);
            change(result.rows, setGroupError, result.problem);
          }}
        />
      </div>
      {problem ? (
        <Caption1 role="status" className={styles.error}>
          {problem}
        </Caption1>
      ) : null}
    </section>
  );
}

const SEARCH_DELAY_MS = 250;

/**
 * Any of the tenant's signing groups as a slot of its own: listed as soon as it opens, the ones
 * the user chose lately first, then narrowed by typing; none at all is said, with the way to Groups.
 */
function GroupSearch({
  groups,
  error,
  onPick,
}: {
  groups: SigningGroupsApi;
  error: string | null;
  onPick(group: SigningGroup): void;
}) {
  const { navigate } = useNavigation();
  const storage = useMemo(() => browserStorage(), []);
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<{ query: string; items: SigningGroup[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Each opening lists afresh: the view stays mounted while the user makes groups in Groups.
  const [openings, setOpenings] = useState(0);
  useEffect(() => {
    const abort = new AbortController();
    const search = query.trim();
    // The first list (nothing typed) at once; what is typed once the user pauses.
    const timer = setTimeout(
      () => {
        groups.list({ search: search || undefined, pageSize: 50 }, { signal: abort.signal }).then(
          (list) => {
            setFound({ query: search, items: recentFirst(list.items, recentGroupIds(storage)) });
            setFailure(null);
          },
          (e: unknown) => {
            if (!(isApiError(e) && e.kind === "cancelled"))
              setFailure("The signing groups could not be listed. Try again.");
          },
        );
      },
      search === "" ? 0 : SEARCH_DELAY_MS,
    );
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [groups, query, storage, openings]);
  const message = error ?? failure;
  const items = found?.items ?? [];
  const noneAtAll = found !== null && found.query === "" && items.length === 0;
  return (
    <Field
      label="Add a signing group"
      validationMessage={message}
      validationState={message ? "error" : "none"}
      hint={
        noneAtAll ? (
          <>
            You have no signing groups yet.{" "}
            {/* A button, not a Link: Fluent's high-contrast link colour fails contrast on the hint. */}
            <Button size="small" onClick={() => navigate({ view: "groups" })}>
              Create one in Groups
            </Button>
          </>
        ) : undefined
      }
    >
      <Combobox
        freeform
        value={query}
        placeholder={noneAtAll ? "No signing groups yet" : "Choose a group, or type to search"}
        onChange={(event) => setQuery((event.target as HTMLInputElement).value)}
        onOpenChange={(_, data) => {
          if (data.open) setOpenings((n) => n + 1);
        }}
        onOptionSelect={(_, data) => {
          const group = items.find((g) => g.id === data.optionValue);
          if (group) {
            rememberGroup(storage, group.id);
            onPick(group);
          }
          setQuery("");
        }}
      >
        {found === null ? (
          <Option disabled value="" text="">
            Loading the groups…
          </Option>
        ) : items.length === 0 ? (
          <Option disabled value="" text="">
            {found.query === "" ? "No signing groups yet" : `No group matches “${found.query}”`}
          </Option>
        ) : (
          items.map((group) => (
            <Option key={group.id} value={group.id} text={group.name}>
              {`${group.name} (${group.memberCount} member${group.memberCount === 1 ? "" : "s"})`}
            </Option>
          ))
        )}
      </Combobox>
    </Field>
  );
}
