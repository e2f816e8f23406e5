/** The template list to pick from: a search box, how many templates match, and "Show more". */
import { useEffect } from "react";
import { Button, Caption1, Field, SearchBox, makeStyles, tokens } from "@fluentui/react-components";
import { DocumentCopyRegular } from "@fluentui/react-icons";
import type { Template, TemplatesApi } from "../../../../api/templates";
import { LoadState } from "../../../components/LoadState";
import { count } from "../../../send/template";
import { useTemplateList } from "./use-template-list";
import { plainList } from "../list-style";

const useStyles = makeStyles({
  list: plainList,
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
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
});

export default function TemplatePicker({
  templates,
  searchRef,
  onPick,
  onCancel,
}: {
  templates: TemplatesApi;
  /** The search box, focused when shown (and by "Other templates" on the way back). */
  searchRef: React.RefObject<HTMLInputElement | null>;
  onPick(template: Template): void;
  onCancel(): void;
}) {
  const styles = useStyles();
  const { typed, setTyped, search, state, retry, showMore } = useTemplateList(templates);

  useEffect(() => searchRef.current?.focus(), []);

  return (
    <>
      <Field label="Search templates">
        <SearchBox ref={searchRef} value={typed} onChange={(_, data) => setTyped(data.value)} />
      </Field>
      <LoadState
        state={state}
        loading="Loading the templates…"
        failed="The templates could not be loaded"
        onRetry={retry}
      />
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
          {state.more ? <Button onClick={showMore}>Show more templates</Button> : null}
        </>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </>
  );
}
