import { useEffect, useState } from "react";
import { Button, Caption1, Combobox, Field, Option, Spinner } from "@fluentui/react-components";
import { isApiError } from "../../../api/errors";
import type { SigningGroup } from "../../../api/signing-groups";
import { LoadState } from "../../components/LoadState";
import { addMembers, retryFailed, type MemberOutcome, type Progress } from "../../groups/add-members";
import { emailKey, type MessagePerson } from "../../groups/people";
import { nameOf, usePanelStyles } from "./CreateGroupForm";
import { useTelemetry } from "../../telemetry";
import { useGroups } from "./groups-context";
import { MemberOutcomes, MemberProgress, plural } from "./MemberOutcomes";

const SEARCH_DELAY_MS = 250;

type Found =
  | { status: "searching" }
  | { status: "ready"; groups: SigningGroup[]; total: number }
  | { status: "failed"; error: unknown };
type Members =
  | { status: "loading" }
  | { status: "ready"; keys: ReadonlySet<string> }
  | { status: "failed"; error: unknown };
type Work =
  | { status: "idle" }
  | { status: "working"; progress: Progress }
  | { status: "done"; outcomes: MemberOutcome[] };

/** Adds the picked people to a group found by name; those already in it are shown and skipped. */
export function AddToGroupForm({ picked }: { picked: readonly MessagePerson[] }) {
  const styles = usePanelStyles();
  const { api, changed, revision } = useGroups();
  const track = useTelemetry();
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Found>({ status: "searching" });
  const [group, setGroup] = useState<SigningGroup | null>(null);
  const [members, setMembers] = useState<Members>({ status: "loading" });
  const [work, setWork] = useState<Work>({ status: "idle" });

  useEffect(() => {
    const abort = new AbortController();
    setFound({ status: "searching" });
    const timer = setTimeout(() => {
      api.list({ search: query.trim() || undefined, pageSize: 20 }, { signal: abort.signal }).then(
        (list) => setFound({ status: "ready", groups: list.items, total: list.totalCount }),
        (error: unknown) => {
          if (!(isApiError(error) && error.kind === "cancelled")) setFound({ status: "failed", error });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [api, query]);

  useEffect(() => {
    if (!group) return;
    const abort = new AbortController();
    setMembers({ status: "loading" });
    api.members(group.id, { signal: abort.signal }).then(
      (list) => setMembers({ status: "ready", keys: new Set(list.map((m) => emailKey(m.email))) }),
      (error: unknown) => {
        if (!(isApiError(error) && error.kind === "cancelled")) setMembers({ status: "failed", error });
      },
    );
    return () => abort.abort();
  }, [api, group, revision]);

  const already = members.status === "ready" ? picked.filter((p) => members.keys.has(p.key)) : [];
  const toAdd = members.status === "ready" ? picked.filter((p) => !members.keys.has(p.key)) : [];

  /** Adds the people to add, or (retry) the failed ones of the last outcomes. */
  const add = async (retry: boolean): Promise<void> => {
    if (!group) return;
    const earlier = retry && work.status === "done" ? work.outcomes : null;
    setWork({ status: "working", progress: { done: 0, total: 0 } });
    const action = track.actionStarted("groups.members.add");
    const onProgress = (progress: Progress) => setWork({ status: "working", progress });
    const outcomes = earlier
      ? await retryFailed(api, group.id, earlier, nameOf(picked), { onProgress })
      : await addMembers(
          api,
          group.id,
          toAdd.map((p) => ({ email: p.address, name: p.name || null })),
          { onProgress },
        );
    const failure = outcomes.find((o) => o.status === "failed");
    if (failure?.status === "failed") action.failed(failure.error);
    else action.succeeded();
    setWork({ status: "done", outcomes });
    changed();
  };

  const options = found.status === "ready" ? found.groups : [];
  return (
    <div className={styles.form} role="group" aria-label="Add to a signing group">
      <Field
        label="Signing group"
        hint="Type part of a group's name, description or a member's address."
        {...(found.status === "failed"
          ? {
              validationMessage: found.error instanceof Error ? found.error.message : String(found.error),
              validationState: "error" as const,
            }
          : {})}
      >
        <Combobox
          freeform
          placeholder="Search signing groups"
          value={query}
          onChange={(e) => setQuery((e.target as HTMLInputElement).value)}
          onOptionSelect={(_, data) => {
            const chosen = options.find((g) => g.id === data.optionValue) ?? null;
            setGroup(chosen);
            setWork({ status: "idle" });
            if (chosen) setQuery(chosen.name);
          }}
        >
          {options.map((g) => (
            <Option key={g.id} value={g.id} text={g.name}>
              {g.name} ({plural(g.memberCount, "member")})
            </Option>
          ))}
          {found.status === "ready" && options.length === 0 && (
            <Option disabled value="" text="">
              No group matches
            </Option>
          )}
        </Combobox>
      </Field>
      {found.status === "searching" && <Spinner size="extra-tiny" label="Searching…" labelPosition="after" />}

      {group && (
        <LoadState
          state={members}
          loading={`Reading the members of ${group.name}…`}
          failed={`Could not read the members of ${group.name}`}
        />
      )}
      {group && members.status === "ready" && (
        <>
          {already.length > 0 && (
            <Caption1 className={styles.muted}>
              Already in {group.name} (skipped): {already.map((p) => p.address).join(", ")}
            </Caption1>
          )}
          <Button
            appearance="primary"
            disabled={toAdd.length === 0 || work.status === "working"}
            onClick={() => void add(false)}
          >
            {toAdd.length === 0
              ? "Everyone picked is already in this group"
              : `Add ${plural(toAdd.length, "person", "people")} to ${group.name}`}
          </Button>
        </>
      )}
      {work.status === "working" && <MemberProgress progress={work.progress} />}
      {work.status === "done" && group && (
        <MemberOutcomes
          title={`Added to “${group.name}”`}
          outcomes={work.outcomes}
          onRetry={() => void add(true)}
        />
      )}
    </div>
  );
}
