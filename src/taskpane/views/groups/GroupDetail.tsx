import { useEffect, useId, useState, type FormEvent } from "react";
import {
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Textarea,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { ArrowLeftRegular, DeleteRegular, DismissRegular, PersonAddRegular } from "@fluentui/react-icons";
import { isApiError } from "../../../api/errors";
import { characters } from "../../../shared/signing-group-rules";
import {
  SIGNING_GROUP_LIMITS,
  type SigningGroup,
  type SigningGroupMember,
} from "../../../api/signing-groups";
import { ApiErrorMessage } from "../../components/ApiErrorMessage";
import { ConfirmDialog } from "./ConfirmDialog";
import { descriptionProblem, fieldErrors, nameProblem } from "./CreateGroupForm";
import { useTelemetry } from "../../telemetry";
import { useGroups } from "./groups-context";
import { formatDate } from "./format-date";
import { plural } from "./MemberOutcomes";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  list: { listStyle: "none", margin: 0, padding: 0 },
  member: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  memberText: { display: "flex", flexDirection: "column", overflowWrap: "anywhere", minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
});

function emailProblem(email: string): string | null {
  const value = email.trim();
  if (!value) return "Enter an email address.";
  if (characters(value) > SIGNING_GROUP_LIMITS.emailLength)
    return `Use at most ${SIGNING_GROUP_LIMITS.emailLength} characters.`;
  const at = value.lastIndexOf("@");
  if (at <= 0 || at === value.length - 1 || /\s/.test(value))
    return "Enter an address like name@example.com.";
  return null;
}

type Members =
  | { state: "loading" }
  | { state: "ready"; members: SigningGroupMember[] }
  | { state: "failed"; error: unknown };
type Action =
  | { state: "idle" }
  | { state: "busy" }
  | { state: "failed"; title: string; error: unknown }
  | { state: "done"; message: string };

/** One group: its name and description to edit, its members to add and remove, and Delete. */
export function GroupDetail({
  group: initial,
  onClose,
}: {
  group: SigningGroup;
  onClose(message?: string): void;
}) {
  const styles = useStyles();
  const headingId = useId();
  const { api, changed, canWrite, revision } = useGroups();
  const track = useTelemetry();
  const [group, setGroup] = useState(initial);
  const [members, setMembers] = useState<Members>({ state: "loading" });
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description ?? "");
  const [detailProblems, setDetailProblems] = useState<{ name?: string | null; description?: string | null }>(
    {},
  );
  const [saving, setSaving] = useState<Action>({ state: "idle" });
  const [email, setEmail] = useState("");
  const [memberName, setMemberName] = useState("");
  const [emailShown, setEmailShown] = useState<string | null>(null);
  const [adding, setAdding] = useState<Action>({ state: "idle" });
  const [removed, setRemoved] = useState<SigningGroupMember | null>(null);
  const [removing, setRemoving] = useState<Action>({ state: "idle" });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState<Action>({ state: "idle" });

  useEffect(() => {
    const abort = new AbortController();
    api.members(group.id, { signal: abort.signal }).then(
      (list) => setMembers({ state: "ready", members: list }),
      (error: unknown) => {
        if (!(isApiError(error) && error.kind === "cancelled")) setMembers({ state: "failed", error });
      },
    );
    api.get(group.id, { signal: abort.signal }).then(setGroup, () => undefined);
    return () => abort.abort();
  }, [api, group.id, revision]);

  const dirty = name.trim() !== group.name || description.trim() !== (group.description ?? "");

  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const problems = { name: nameProblem(name), description: descriptionProblem(description) };
    setDetailProblems(problems);
    if (problems.name || problems.description) return;
    setSaving({ state: "busy" });
    const action = track.actionStarted("groups.update");
    try {
      // "" clears the description (contract §4).
      const updated = await api.update(group.id, { name: name.trim(), description: description.trim() });
      setGroup(updated);
      setName(updated.name);
      setDescription(updated.description ?? "");
      setSaving({ state: "done", message: "Saved." });
      action.succeeded();
      changed();
    } catch (error) {
      action.failed(error);
      setDetailProblems(fieldErrors(error));
      setSaving({ state: "failed", title: "Not saved", error });
    }
  };

  const addMember = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const problem = emailProblem(email);
    setEmailShown(problem);
    if (problem) return;
    setAdding({ state: "busy" });
    const action = track.actionStarted("groups.members.add");
    try {
      const added = await api.addMember(group.id, {
        email: email.trim(),
        ...(memberName.trim() ? { name: memberName.trim() } : {}),
      });
      setAdding({ state: "done", message: `Added ${added.email}.` });
      action.succeeded();
      setEmail("");
      setMemberName("");
      changed();
    } catch (error) {
      action.failed(error);
      // The service's reason belongs next to the address (duplicate, invalid, group full).
      const onEmail =
        isApiError(error) &&
        (error.code === "duplicate_member" ||
          error.code === "member_limit_reached" ||
          error.errors.some((e) => e.field === "email"));
      if (onEmail && isApiError(error)) {
        setEmailShown(error.errors.find((e) => e.field === "email")?.message ?? error.message);
        setAdding({ state: "idle" });
      } else {
        setAdding({ state: "failed", title: "Not added", error });
      }
    }
  };

  const removeMember = async (member: SigningGroupMember): Promise<void> => {
    setRemoving({ state: "busy" });
    const action = track.actionStarted("groups.members.remove");
    try {
      await api.removeMember(group.id, member.email);
      action.succeeded();
      setRemoved(member);
      setRemoving({ state: "idle" });
      changed();
    } catch (error) {
      action.failed(error);
      setRemoving({ state: "failed", title: `${member.email} was not removed`, error });
    }
  };

  const undoRemove = async (): Promise<void> => {
    if (!removed) return;
    const member = removed;
    setRemoved(null);
    try {
      await api.addMember(group.id, { email: member.email, ...(member.name ? { name: member.name } : {}) });
      changed();
    } catch (error) {
      setRemoving({ state: "failed", title: `${member.email} was not added back`, error });
    }
  };

  const deleteGroup = async (): Promise<void> => {
    setConfirmDelete(false);
    setDeleting({ state: "busy" });
    const action = track.actionStarted("groups.delete");
    try {
      await api.delete(group.id);
      action.succeeded();
      changed();
      onClose(`Deleted “${group.name}”.`);
    } catch (error) {
      action.failed(error);
      setDeleting({ state: "failed", title: "The group was not deleted", error });
    }
  };

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <div className={styles.actions}>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={() => onClose()}>
          All signing groups
        </Button>
      </div>
      <Subtitle2 as="h2" id={headingId}>
        {group.name}
      </Subtitle2>
      <Caption1 className={styles.muted}>
        {plural(group.memberCount, "member")} · created {formatDate(group.createdOn)} · changed{" "}
        {formatDate(group.updatedOn)}
      </Caption1>

      <form className={styles.section} onSubmit={(e) => void save(e)} noValidate aria-label="Group details">
        <Field
          label="Name"
          required
          {...(detailProblems.name
            ? { validationMessage: detailProblems.name, validationState: "error" as const }
            : {})}
        >
          <Input value={name} onChange={(_, d) => setName(d.value)} disabled={!canWrite} />
        </Field>
        <Field
          label="Description"
          {...(detailProblems.description
            ? { validationMessage: detailProblems.description, validationState: "error" as const }
            : {})}
        >
          <Textarea
            value={description}
            onChange={(_, d) => setDescription(d.value)}
            disabled={!canWrite}
            resize="vertical"
          />
        </Field>
        {canWrite && (
          <div className={styles.actions}>
            <Button type="submit" appearance="primary" disabled={!dirty || saving.state === "busy"}>
              Save changes
            </Button>
          </div>
        )}
        {saving.state === "busy" && <Spinner size="tiny" label="Saving…" labelPosition="after" />}
        {saving.state === "done" && !dirty && (
          <MessageBar intent="success" role="status">
            <MessageBarBody>{saving.message}</MessageBarBody>
          </MessageBar>
        )}
        {saving.state === "failed" && <ApiErrorMessage title={saving.title} error={saving.error} />}
      </form>

      <div className={styles.section}>
        <Subtitle2 as="h3">Members</Subtitle2>
        {removed && (
          <MessageBar intent="info" role="status">
            <MessageBarBody>Removed {removed.email}.</MessageBarBody>
            <MessageBarActions>
              <Button onClick={() => void undoRemove()}>Undo</Button>
            </MessageBarActions>
          </MessageBar>
        )}
        {removing.state === "failed" && <ApiErrorMessage title={removing.title} error={removing.error} />}
        {members.state === "loading" && (
          <Spinner size="tiny" label="Loading members…" labelPosition="after" />
        )}
        {members.state === "failed" && (
          <ApiErrorMessage title="Could not load the members" error={members.error} />
        )}
        {members.state === "ready" && members.members.length === 0 && (
          <Body1 className={styles.muted}>No members yet.</Body1>
        )}
        {members.state === "ready" && members.members.length > 0 && (
          <ul className={styles.list} aria-label={`Members of ${group.name}`}>
            {members.members.map((m) => (
              <li key={m.email} className={styles.member}>
                <span className={styles.memberText}>
                  <Body1>{m.name || m.email}</Body1>
                  {m.name && <Caption1 className={styles.muted}>{m.email}</Caption1>}
                </span>
                {canWrite && (
                  <Button
                    appearance="subtle"
                    icon={<DismissRegular />}
                    aria-label={`Remove ${m.email}`}
                    disabled={removing.state === "busy"}
                    onClick={() => void removeMember(m)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}

        {canWrite && (
          <form
            className={styles.section}
            onSubmit={(e) => void addMember(e)}
            noValidate
            aria-label="Add a member"
          >
            <Field
              label="Email"
              required
              {...(emailShown ? { validationMessage: emailShown, validationState: "error" as const } : {})}
            >
              <Input
                type="email"
                value={email}
                onChange={(_, d) => {
                  setEmail(d.value);
                  if (emailShown) setEmailShown(null);
                }}
              />
            </Field>
            <Field label="Name" hint="Optional.">
              <Input value={memberName} onChange={(_, d) => setMemberName(d.value)} />
            </Field>
            <div className={styles.actions}>
              <Button type="submit" icon={<PersonAddRegular />} disabled={adding.state === "busy"}>
                Add member
              </Button>
            </div>
            {adding.state === "done" && (
              <MessageBar intent="success" role="status">
                <MessageBarBody>{adding.message}</MessageBarBody>
              </MessageBar>
            )}
            {adding.state === "failed" && <ApiErrorMessage title={adding.title} error={adding.error} />}
          </form>
        )}
      </div>

      {canWrite && (
        <div className={styles.section}>
          <div className={styles.actions}>
            <Button
              icon={<DeleteRegular />}
              onClick={() => setConfirmDelete(true)}
              disabled={deleting.state === "busy"}
            >
              Delete group
            </Button>
          </div>
          {deleting.state === "failed" && <ApiErrorMessage title={deleting.title} error={deleting.error} />}
        </div>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete “${group.name}”?`}
        confirm="Delete group"
        onConfirm={() => void deleteGroup()}
        onCancel={() => setConfirmDelete(false)}
      >
        The group and its {plural(group.memberCount, "member")} will be deleted. This cannot be undone.
        Packages already sent are not affected.
      </ConfirmDialog>
    </section>
  );
}
