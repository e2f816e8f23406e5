import { useEffect, useId, useMemo, useState } from "react";
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Checkbox,
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { ArrowClockwiseRegular, PeopleAddRegular, PersonAddRegular } from "@fluentui/react-icons";
import { isApiError } from "../../../api/errors";
import { LoadState } from "../../components/LoadState";
import type { GroupSummary } from "../../groups/membership-index";
import type { MessagePerson, PersonRole } from "../../groups/people";
import { AddToGroupForm } from "./AddToGroupForm";
import { CreateGroupForm } from "./CreateGroupForm";
import { useTelemetry } from "../../telemetry";
import { useGroups } from "./groups-context";
import { useMessagePeople } from "./use-message-people";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  header: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
  },
  list: {
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
  },
  person: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  label: { display: "flex", flexDirection: "column", overflowWrap: "anywhere" },
  badges: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalXS, paddingLeft: "32px" },
  groups: {
    display: "flex",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalXS,
    paddingLeft: "32px",
    minWidth: 0,
  },
  // A badge is one line high: a long group name is cut with an ellipsis (the full name is its title).
  groupBadge: { maxWidth: "100%", minWidth: 0, display: "inline-block", lineHeight: "20px" },
  groupName: { display: "block", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
  muted: { color: tokens.colorNeutralForeground3 },
  problem: { color: tokens.colorPaletteRedForeground1, paddingLeft: "32px" },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});

const ROLE_LABELS: Readonly<Record<PersonRole, string>> = { from: "From", to: "To", cc: "Cc", bcc: "Bcc" };

type Membership =
  | { status: "loading" }
  | { status: "ready"; groups: Map<string, GroupSummary[]> }
  | { status: "failed"; error: unknown };

/** The sender and recipients of the open message, the signing groups each is in, and what to do with them. */
export function MessagePeople() {
  const styles = useStyles();
  const headingId = useId();
  const { state, reload } = useMessagePeople();
  const { index, revision, canWrite } = useGroups();
  const track = useTelemetry();
  const people = useMemo(() => (state.status === "ready" ? state.people : []), [state]);
  const addresses = useMemo(() => people.filter((p) => p.address).map((p) => p.key), [people]);
  const [membership, setMembership] = useState<Membership>({ status: "loading" });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [action, setAction] = useState<"create" | "add" | null>(null);
  /** A refused address's reason, shown next to it (from a create the service turned down). */
  const [problems, setProblems] = useState<ReadonlyMap<string, string>>(new Map());
  const [attempt, setAttempt] = useState(0);

  // Another message: everyone with an address is picked, except the user.
  const peopleKey = addresses.join("\n");
  useEffect(() => {
    setSelected(new Set(people.filter((p) => p.address && !p.isSelf).map((p) => p.key)));
    setProblems(new Map());
    // Keyed by the addresses, not by the array (a new one on every read of the message).
  }, [peopleKey]);

  useEffect(() => {
    if (addresses.length === 0) {
      setMembership({ status: "ready", groups: new Map() });
      return;
    }
    const abort = new AbortController();
    setMembership((m) => (m.status === "ready" ? m : { status: "loading" }));
    const action = track.actionStarted("groups.resolve");
    index.resolve(addresses, { signal: abort.signal }).then(
      (groups) => {
        action.succeeded();
        setMembership({ status: "ready", groups });
      },
      (error: unknown) => {
        if (isApiError(error) && error.kind === "cancelled") return;
        action.failed(error);
        setMembership({ status: "failed", error });
      },
    );
    return () => abort.abort();
    // Keyed by the addresses, not by the array (a new one on every read of the message).
  }, [peopleKey, index, revision, attempt]);

  if (state.status === "no-item") {
    return (
      <section className={styles.root} aria-labelledby={headingId}>
        <Subtitle2 as="h2" id={headingId}>
          People on this message
        </Subtitle2>
        <Body1 className={styles.muted}>
          Open or select a message to see its people and their signing groups.
        </Body1>
      </section>
    );
  }

  const picked = people.filter((p) => selected.has(p.key));
  const toggle = (key: string, on: boolean): void =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <div className={styles.header}>
        <Subtitle2 as="h2" id={headingId}>
          People on this message
        </Subtitle2>
        <Button
          appearance="subtle"
          size="small"
          icon={<ArrowClockwiseRegular />}
          onClick={() => {
            reload();
            setAttempt((a) => a + 1);
          }}
        >
          Refresh
        </Button>
      </div>

      <LoadState state={state} loading="Reading the message…" failed="Could not read the message" />
      {state.status === "ready" && people.length === 0 && (
        <Body1 className={styles.muted}>This message has no recipients yet.</Body1>
      )}

      {people.length > 0 && (
        <>
          <LoadState
            state={membership}
            loading="Looking up their signing groups…"
            failed="Could not look up signing groups"
          />
          <ul className={styles.list} aria-label="People on this message">
            {people.map((person) => (
              <PersonRow
                key={person.key}
                person={person}
                checked={selected.has(person.key)}
                onCheck={(on) => toggle(person.key, on)}
                groups={membership.status === "ready" ? (membership.groups.get(person.key) ?? []) : null}
                problem={problems.get(person.key) ?? null}
              />
            ))}
          </ul>

          {canWrite ? (
            <div className={styles.actions}>
              <Button
                icon={<PeopleAddRegular />}
                appearance={action === "create" ? "primary" : "secondary"}
                aria-expanded={action === "create"}
                disabled={picked.length === 0}
                onClick={() => setAction(action === "create" ? null : "create")}
              >
                New group from {picked.length} selected
              </Button>
              <Button
                icon={<PersonAddRegular />}
                appearance={action === "add" ? "primary" : "secondary"}
                aria-expanded={action === "add"}
                disabled={picked.length === 0}
                onClick={() => setAction(action === "add" ? null : "add")}
              >
                Add {picked.length} to a group
              </Button>
            </div>
          ) : (
            <Caption1 className={styles.muted}>
              Your sign-in may not change signing groups (it lacks sign.signinggroup.write).
            </Caption1>
          )}
          {action === "create" && state.status === "ready" && (
            <CreateGroupForm picked={picked} subject={state.subject} onAddressProblems={setProblems} />
          )}
          {action === "add" && <AddToGroupForm picked={picked} />}
        </>
      )}
    </section>
  );
}

function PersonRow({
  person,
  checked,
  onCheck,
  groups,
  problem,
}: {
  person: MessagePerson;
  checked: boolean;
  onCheck(on: boolean): void;
  /** null while looking up. */
  groups: GroupSummary[] | null;
  problem: string | null;
}) {
  const styles = useStyles();
  const title = person.name || person.address || "(no name)";
  return (
    <li className={styles.person} data-testid="message-person">
      <Checkbox
        checked={checked}
        disabled={!person.address}
        onChange={(_, data) => onCheck(data.checked === true)}
        label={
          <span className={styles.label}>
            <Text weight="semibold">{title}</Text>
            {person.address && person.name && <Caption1>{person.address}</Caption1>}
            {!person.address && <Caption1>No email address: it cannot join a group.</Caption1>}
          </span>
        }
      />
      <span className={styles.badges}>
        {person.roles.map((role) => (
          <Badge key={role} appearance="outline" color="informative" size="small">
            {ROLE_LABELS[role]}
          </Badge>
        ))}
        {person.isSelf && (
          <Badge appearance="tint" color="brand" size="small">
            You
          </Badge>
        )}
        {person.isDistributionList && (
          <Badge appearance="tint" color="warning" size="small">
            Distribution list
          </Badge>
        )}
      </span>
      {person.address && groups !== null && (
        <span className={styles.groups} role="group" aria-label={`Signing groups of ${title}`}>
          {groups.length === 0 ? (
            <Caption1 className={styles.muted}>In no signing group</Caption1>
          ) : (
            groups.map((g) => (
              <Badge
                key={g.id}
                appearance="filled"
                color="brand"
                shape="rounded"
                className={styles.groupBadge}
                title={g.name}
              >
                <span className={styles.groupName}>{g.name}</span>
              </Badge>
            ))
          )}
        </span>
      )}
      {problem && (
        <Caption1 className={styles.problem} role="alert">
          {problem}
        </Caption1>
      )}
    </li>
  );
}
