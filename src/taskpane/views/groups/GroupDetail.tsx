import { useId } from "react";
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
import type { SigningGroup } from "../../../api/signing-groups";
import { ApiErrorMessage } from "../../components/ApiErrorMessage";
import { LoadState } from "../../components/LoadState";
import { ConfirmDialog } from "./ConfirmDialog";
import { useGroups } from "./groups-context";
import { formatDate } from "./format-date";
import { plural } from "./MemberOutcomes";
import { useGroupDelete } from "./use-group-delete";
import { useGroupLoad } from "./use-group-load";
import { useGroupSave } from "./use-group-save";
import { useMemberEdit } from "./use-member-edit";

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
  const { canWrite } = useGroups();
  const { group, setGroup, members } = useGroupLoad(initial);
  const details = useGroupSave(group, setGroup);
  const edit = useMemberEdit(group.id);
  const deletion = useGroupDelete(group, onClose);
  const { saving } = details;
  const { adding, removing, removed } = edit;

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

      <form
        className={styles.section}
        onSubmit={(e) => void details.save(e)}
        noValidate
        aria-label="Group details"
      >
        <Field
          label="Name"
          required
          {...(details.problems.name
            ? { validationMessage: details.problems.name, validationState: "error" as const }
            : {})}
        >
          <Input value={details.name} onChange={(_, d) => details.setName(d.value)} disabled={!canWrite} />
        </Field>
        <Field
          label="Description"
          {...(details.problems.description
            ? { validationMessage: details.problems.description, validationState: "error" as const }
            : {})}
        >
          <Textarea
            value={details.description}
            onChange={(_, d) => details.setDescription(d.value)}
            disabled={!canWrite}
            resize="vertical"
          />
        </Field>
        {canWrite && (
          <div className={styles.actions}>
            <Button type="submit" appearance="primary" disabled={!details.dirty || saving.status === "busy"}>
              Save changes
            </Button>
          </div>
        )}
        {saving.status === "busy" && <Spinner size="tiny" label="Saving…" labelPosition="after" />}
        {saving.status === "done" && !details.dirty && (
          <MessageBar intent="success" role="status">
            <MessageBarBody>{saving.message}</MessageBarBody>
          </MessageBar>
        )}
        {saving.status === "failed" && <ApiErrorMessage title={saving.title} error={saving.error} />}
      </form>

      <div className={styles.section}>
        <Subtitle2 as="h3">Members</Subtitle2>
        {removed && (
          <MessageBar intent="info" role="status">
            <MessageBarBody>Removed {removed.email}.</MessageBarBody>
            <MessageBarActions>
              <Button onClick={() => void edit.undoRemove()}>Undo</Button>
            </MessageBarActions>
          </MessageBar>
        )}
        {removing.status === "failed" && <ApiErrorMessage title={removing.title} error={removing.error} />}
        <LoadState state={members} loading="Loading members…" failed="Could not load the members" />
        {members.status === "ready" && members.members.length === 0 && (
          <Body1 className={styles.muted}>No members yet.</Body1>
        )}
        {members.status === "ready" && members.members.length > 0 && (
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
                    disabled={removing.status === "busy"}
                    onClick={() => void edit.removeMember(m)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}

        {canWrite && (
          <form
            className={styles.section}
            onSubmit={(e) => void edit.addMember(e)}
            noValidate
            aria-label="Add a member"
          >
            <Field
              label="Email"
              required
              {...(edit.emailShown
                ? { validationMessage: edit.emailShown, validationState: "error" as const }
                : {})}
            >
              <Input type="email" value={edit.email} onChange={(_, d) => edit.setEmail(d.value)} />
            </Field>
            <Field label="Name" hint="Optional.">
              <Input value={edit.name} onChange={(_, d) => edit.setName(d.value)} />
            </Field>
            <div className={styles.actions}>
              <Button type="submit" icon={<PersonAddRegular />} disabled={adding.status === "busy"}>
                Add member
              </Button>
            </div>
            {adding.status === "done" && (
              <MessageBar intent="success" role="status">
                <MessageBarBody>{adding.message}</MessageBarBody>
              </MessageBar>
            )}
            {adding.status === "failed" && <ApiErrorMessage title={adding.title} error={adding.error} />}
          </form>
        )}
      </div>

      {canWrite && (
        <div className={styles.section}>
          <div className={styles.actions}>
            <Button
              icon={<DeleteRegular />}
              onClick={deletion.ask}
              disabled={deletion.deleting.status === "busy"}
            >
              Delete group
            </Button>
          </div>
          {deletion.deleting.status === "failed" && (
            <ApiErrorMessage title={deletion.deleting.title} error={deletion.deleting.error} />
          )}
        </div>
      )}
      <ConfirmDialog
        open={deletion.confirming}
        title={`Delete “${group.name}”?`}
        confirm="Delete group"
        onConfirm={() => void deletion.deleteGroup()}
        onCancel={deletion.cancel}
      >
        The group and its {plural(group.memberCount, "member")} will be deleted. This cannot be undone.
        Packages already sent are not affected.
      </ConfirmDialog>
    </section>
  );
}
