import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { DocumentCopyRegular } from "@fluentui/react-icons";
import type { SigningGroupsApi } from "../../../api/signing-groups";
import { ApiErrorMessage } from "../../components/ApiErrorMessage";
import type { SendDocument } from "../../send/documents";
import type { SignerRow } from "../../send/signers";
import type { TemplateChoice } from "../../send/template";
import { DocumentsStep } from "./DocumentsStep";
import { SignersStep } from "./SignersStep";
import { TemplateSummary } from "./TemplateSummary";

const useStyles = makeStyles({
  nav: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
});

/** Steps 1–2: the documents and the signers, or the template the draft started from. */
export function SetupStep({
  template,
  documents,
  rows,
  signInOrder,
  groups,
  busy,
  templateError,
  onPickTemplate,
  onLeaveTemplate,
  onDocuments,
  onSigners,
}: {
  template: TemplateChoice | null;
  documents: readonly SendDocument[];
  rows: SignerRow[];
  signInOrder: boolean;
  groups: SigningGroupsApi;
  busy: boolean;
  templateError: unknown;
  onPickTemplate(): void;
  /** Leaves the template; `reopen` to choose again who fills its roles. */
  onLeaveTemplate(reopen: boolean): void;
  onDocuments(documents: SendDocument[], added?: ReadonlyMap<string, File>): void;
  onSigners(rows: SignerRow[], signInOrder: boolean): void;
}) {
  const styles = useStyles();
  return (
    <>
      {template ? (
        <TemplateSummary
          template={template}
          rows={rows}
          busy={busy}
          onChangeRoles={() => onLeaveTemplate(true)}
          onLeave={() => onLeaveTemplate(false)}
        />
      ) : (
        <div className={styles.nav}>
          <Button icon={<DocumentCopyRegular />} onClick={onPickTemplate}>
            Start from a template
          </Button>
        </div>
      )}
      {templateError ? (
        <ApiErrorMessage title="The template's draft package could not be deleted" error={templateError} />
      ) : null}
      <DocumentsStep kept={template?.documents.length ?? 0} documents={documents} onChange={onDocuments} />
      {template ? null : (
        <SignersStep rows={rows} signInOrder={signInOrder} groups={groups} onChange={onSigners} />
      )}
    </>
  );
}
