import { useState, type FormEvent } from "react";
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Textarea,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { isApiError } from "../../../api/errors";
import { characters } from "../../../shared/signing-group-rules";
import { SIGNING_GROUP_LIMITS, type SigningGroup } from "../../../api/signing-groups";
import { ApiErrorMessage } from "../../components/ApiErrorMessage";
import {
  createGroupWithMembers,
  memberIndexOfField,
  type MemberOutcome,
  type Progress,
  retryFailed,
} from "../../groups/add-members";
import { groupNameFromSubject, type MessagePerson } from "../../groups/people";
import { useTelemetry } from "../../telemetry";
import { useGroups } from "./groups-context";
import { MemberOutcomes, MemberProgress, plural } from "./MemberOutcomes";

/** A bordered panel under the people list, for the forms that act on the picked people. */
export const usePanelStyles = makeStyles({
  form: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  actions: { display: "flex", gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: "anywhere" },
});

/** The name a picked person has on the message, by the address as given; null when none. */
export const nameOf =
  (picked: readonly MessagePerson[]) =>
  (email: string): string | null =>
    picked.find((p) => p.address === email)?.name || null;

export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return "Enter a name for the group.";
  if (characters(trimmed) > SIGNING_GROUP_LIMITS.nameLength)
    return `Use at most ${SIGNING_GROUP_LIMITS.nameLength} characters (this is ${characters(trimmed)}).`;
  return null;
}

export function descriptionProblem(description: string): string | null {
  const length = characters(description.trim());
  return length > SIGNING_GROUP_LIMITS.descriptionLength
    ? `Use at most ${SIGNING_GROUP_LIMITS.descriptionLength} characters (this is ${length}).`
    : null;
}

/** The service's field errors for `name` and `description`, to show next to those fields. */
export function fieldErrors(error: unknown): { name?: string; description?: string } {
  if (!isApiError(error)) return {};
  const out: { name?: string; description?: string } = {};
  for (const e of error.errors) {
    if (e.field === "name" || e.field === "description") out[e.field] = e.message;
  }
  return out;
}

type Work =
  | { state: "idle" }
  | { state: "working"; progress: Progress }
  | { state: "failed"; error: unknown }
  | { state: "done"; group: SigningGroup; outcomes: MemberOutcome[] };

/** Makes a signing group of the picked people: name from the subject, optional description. */
export function CreateGroupForm({
  picked,
  subject,
  onAddressProblems,
}: {
  picked: readonly MessagePerson[];
  subject: string;
  onAddressProblems(problems: ReadonlyMap<string, string>): void;
}) {
  const styles = usePanelStyles();
  const { api, changed } = useGroups();
  const track = useTelemetry();
  const [name, setName] = useState(() => groupNameFromSubject(subject));
  const [description, setDescription] = useState("");
  const [shown, setShown] = useState<{ name?: string | null; description?: string | null }>({});
  const [work, setWork] = useState<Work>({ state: "idle" });
  const working = work.state === "working";

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const problems = { name: nameProblem(name), description: descriptionProblem(description) };
    setShown(problems);
    if (problems.name || problems.description || picked.length === 0) return;
    onAddressProblems(new Map());
    const members = picked.map((p) => ({ email: p.address, name: p.name || null }));
    setWork({ state: "working", progress: { done: 0, total: members.length } });
    const action = track.actionStarted("groups.create");
    try {
      const result = await createGroupWithMembers(
        api,
        { name: name.trim(), description: description.trim() || null },
        members,
        { onProgress: (progress) => setWork({ state: "working", progress }) },
      );
      setWork({ state: "done", ...result });
      action.succeeded();
      changed();
    } catch (error) {
      action.failed(error);
      setShown(fieldErrors(error));
      // A refused address is named by its position in the request: show the reason beside that person.
      if (isApiError(error)) {
        const byPerson = new Map<string, string>();
        for (const e of error.errors) {
          const index = memberIndexOfField(e.field);
          const person = index === null ? undefined : picked[index];
          if (person) byPerson.set(person.key, e.message);
        }
        onAddressProblems(byPerson);
      }
      setWork({ state: "failed", error });
    }
  };

  const retry = async (): Promise<void> => {
    if (work.state !== "done") return;
    const { group, outcomes } = work;
    setWork({ state: "working", progress: { done: 0, total: 0 } });
    const merged = await retryFailed(api, group.id, outcomes, nameOf(picked), {
      onProgress: (progress) => setWork({ state: "working", progress }),
    });
    setWork({ state: "done", group, outcomes: merged });
    changed();
  };

  // Made: the form gives way to what was made, so a second click cannot make the group twice.
  if (work.state === "done") {
    return (
      <div className={styles.form} role="group" aria-label="New signing group">
        <MemberOutcomes
          title={`Created “${work.group.name}”`}
          outcomes={work.outcomes}
          onRetry={() => void retry()}
        />
        <div className={styles.actions}>
          <Button
            onClick={() => {
              setName(groupNameFromSubject(subject));
              setDescription("");
              setShown({});
              setWork({ state: "idle" });
            }}
          >
            Create another group
          </Button>
        </div>
      </div>
    );
  }

  const lists = picked.filter((p) => p.isDistributionList);
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="New signing group">
      <Field
        label="Group name"
        required
        {...(shown.name ? { validationMessage: shown.name, validationState: "error" as const } : {})}
      >
        <Input
          value={name}
          onChange={(_, data) => {
            setName(data.value);
            if (shown.name) setShown((s) => ({ ...s, name: nameProblem(data.value) }));
          }}
          disabled={working}
        />
      </Field>
      <Field
        label="Description"
        hint="Optional: what the group signs, for whoever picks it later."
        {...(shown.description
          ? { validationMessage: shown.description, validationState: "error" as const }
          : {})}
      >
        <Textarea
          value={description}
          onChange={(_, data) => {
            setDescription(data.value);
            if (shown.description) setShown((s) => ({ ...s, description: descriptionProblem(data.value) }));
          }}
          disabled={working}
          resize="vertical"
        />
      </Field>
      {lists.length > 0 && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            {lists.map((l) => l.name || l.address).join(", ")}{" "}
            {lists.length === 1 ? "is a distribution list" : "are distribution lists"}: whoever reads mail
            sent to {lists.length === 1 ? "that address" : "those addresses"} may sign for the group, and one
            signature completes the group&apos;s part.
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={working || picked.length === 0}>
          Create group with {plural(picked.length, "person", "people")}
        </Button>
      </div>
      {work.state === "working" && <MemberProgress progress={work.progress} />}
      {work.state === "failed" && <ApiErrorMessage title="The group was not created" error={work.error} />}
    </form>
  );
}
