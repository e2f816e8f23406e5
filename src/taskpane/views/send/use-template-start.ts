import { useState } from "react";
import type { ApiClient } from "../../../api/client";
import { isNotFound } from "../../../api/errors";
import type { SigningGroupsApi } from "../../../api/signing-groups";
import type { RoleFillRequest, Template, TemplatesApi } from "../../../api/templates";
import { removeDraft } from "../../send/draft";
import { plainLine } from "../../send/plain-text";
import type { SignerRow } from "../../send/signers";
import {
  packageFromTemplate,
  rowsFromSigners,
  TemplateStartError,
  type RoleFills,
} from "../../send/template";
import { MESSAGE_MAX, SUBJECT_MAX } from "./SendStep";
import { useFormState } from "./use-form-state";
import type { SendDraftHook } from "./use-send-draft";
import { sentFrom } from "./use-submit";

/**
 * "Start from a template": a package made from the template, sent at once or kept as the draft
 * package; and leaving the template again (its package deleted, the message's people the signers).
 */
export function useTemplateStart({
  draft,
  api,
  templates,
  groups,
  messageRows,
}: {
  draft: SendDraftHook;
  api: ApiClient;
  templates: TemplatesApi;
  groups: SigningGroupsApi;
  /** The message's people as signer rows. */
  messageRows: SignerRow[];
}) {
  const { host, people, key, state, dispatch, storage, fileStore } = draft;
  const [error, setError] = useFormState<unknown>(state.generation, () => null);
  const [leaving, setLeaving] = useState(false);

  /** Deletes the draft package (one from a template, or an earlier try's); throws when it cannot. */
  const dropPackage = async () => {
    if (!state.packageId) return;
    try {
      await api.request("DELETE", "/api/v1/packages/{id}", { path: { id: state.packageId } });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    dispatch({ type: "packageDropped" });
  };

  const start = async (template: Template, roles: RoleFillRequest[], fills: RoleFills, sendNow: boolean) => {
    const { choices } = state;
    if (!choices || key === null || people.status !== "ready") return;
    setError(null);
    try {
      await dropPackage();
    } catch (error) {
      throw new TemplateStartError("prepare", error);
    }
    const outcome = await packageFromTemplate({
      api,
      templates,
      template,
      roles,
      send: sendNow,
      fields: {
        ...sentFrom(host, plainLine(people.subject)),
        emailSubject: (choices.subject.trim() || template.name).slice(0, SUBJECT_MAX),
        emailMessage: choices.message.slice(0, MESSAGE_MAX),
        expiresInDays: choices.expiresInDays,
      },
      reminders: choices.reminders,
    });
    // The service copies a group's members only when it sends: the check needs their count now.
    const groupIds = [
      ...new Set(outcome.signers.flatMap((s) => (s.signingGroupId ? [s.signingGroupId] : []))),
    ];
    const counts = new Map(
      await Promise.all(
        groupIds.map((id) =>
          groups.get(id).then(
            (g) => [id, g.memberCount] as const,
            () => [id, 1] as const, // unknown: the check asks again
          ),
        ),
      ),
    );
    const rows = rowsFromSigners(outcome.signers, counts);
    if (sendNow) {
      removeDraft(storage, key);
      void fileStore?.remove(key).catch(() => undefined);
      dispatch({
        type: "templateSent",
        rows,
        result: { pkg: outcome.pkg, signers: outcome.signers, documents: outcome.documents, skipped: [] },
      });
      return;
    }
    dispatch({
      type: "templateStarted",
      packageId: outcome.pkg.id,
      rows,
      template: {
        id: template.id,
        name: template.name,
        documents: outcome.documents.map((d) => ({ id: d.id, name: d.name, pageCount: d.pageCount })),
        roles: Object.fromEntries(
          outcome.signers.map((s, i) => [
            rows[i]!.key,
            { roleName: s.roleName ?? s.name, fieldCount: outcome.fieldCounts.get(s.id) ?? 0 },
          ]),
        ),
        fills,
      },
    });
  };

  /** Leaves the template (or reopens it to change who fills its roles): its package is deleted. */
  const leave = async (reopen: boolean) => {
    if (!state.choices?.template) return;
    setError(null);
    setLeaving(true);
    try {
      await dropPackage();
    } catch (error) {
      setError(error);
      return;
    } finally {
      setLeaving(false);
    }
    dispatch({ type: "templateLeft", rows: messageRows, reopen });
  };

  return { start, leave, error, leaving };
}
