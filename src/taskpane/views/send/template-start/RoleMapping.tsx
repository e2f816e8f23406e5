/**
 * The picked template's roles, each filled with one of the message's people, a signing group or an
 * address typed in; then "Send now" (when the template has documents) or "Continue" into the send flow.
 * The template's name takes the focus when shown, so keyboard and screen-reader users keep their place.
 */
import { useEffect, useRef } from "react";
import { Body1, Button, Caption1, Subtitle2, makeStyles, tokens } from "@fluentui/react-components";
import { ArrowLeftRegular, ArrowRightRegular, SendRegular } from "@fluentui/react-icons";
import type { SigningGroupsApi } from "../../../../api/signing-groups";
import type { Template, TemplatesApi } from "../../../../api/templates";
import { LoadState } from "../../../components/LoadState";
import type { SignerRow } from "../../../send/signers";
import { count, type RoleFills } from "../../../send/template";
import RoleChoice from "./RoleChoice";
import StartFailure from "./StartFailure";
import { useRoleFills, type StartFromTemplate } from "./use-role-fills";
import { plainList } from "../list-style";

const useStyles = makeStyles({
  list: plainList,
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
  heading: { overflowWrap: "anywhere" },
  intro: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  introText: { margin: 0, color: tokens.colorNeutralForeground3 },
});

export default function RoleMapping({
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
  /** The choices of an earlier visit to this template, kept where they still apply. */
  kept: RoleFills | null;
  onBack(): void;
  onStart: StartFromTemplate;
  onCancel(): void;
}) {
  const styles = useStyles();
  const heading = useRef<HTMLSpanElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const roleFills = useRoleFills({ template, templates, groups, people, kept, onStart });
  const { roles, retry, fills, persons, groupOptions, problems, busy, failure, change, start } = roleFills;

  const groupList = [...groupOptions.values()].sort((a, b) => a.name.localeCompare(b.name));
  const cannotStart = roles.status !== "ready" || roles.roles.length === 0 || busy !== null;
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
      <LoadState
        state={roles}
        loading="Loading the roles…"
        failed="The template's roles could not be loaded"
        onRetry={retry}
      />
      {roles.status === "ready" ? (
        roles.roles.length === 0 ? (
          <Body1>This template has no roles, so nobody would be asked to sign: add roles to it first.</Body1>
        ) : (
          <ol className={styles.list} aria-label="Roles">
            {roles.roles.map((role, i) => (
              <RoleChoice
                key={role.id}
                role={role}
                index={i}
                fill={fills[role.id]}
                problem={problems[role.id]}
                persons={persons}
                groupList={groupList}
                disabled={busy !== null}
                onChange={(patch) => change(role.id, patch)}
              />
            ))}
          </ol>
        )
      ) : null}
      {failure ? (
        <StartFailure failure={failure} roles={roles.status === "ready" ? roles.roles : []} />
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
            disabled={cannotStart}
            onClick={() => void start(true)}
          >
            {busy === "send" ? "Sending…" : "Send now"}
          </Button>
        ) : null}
        <Button
          appearance={template.documentCount > 0 ? "secondary" : "primary"}
          icon={<ArrowRightRegular />}
          iconPosition="after"
          disabled={cannotStart}
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
