/**
 * Step 3: the chosen PDFs page by page (pdf.js, loaded on first show), the tags already in them as
 * dashed boxes in their signer's colour, and fields the user drops: pick a signer and a type, then
 * click on the page (or "Add to this page" from the keyboard); drag to move, the corner to resize,
 * arrow keys to move and Shift+arrow keys to resize, Delete to remove. The parts are in fields-step/.
 */
import { useEffect, useId, useMemo, useState } from "react";
import {
  Body1,
  Button,
  Caption1,
  Field,
  Select,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { AddRegular } from "@fluentui/react-icons";
import type { TagFormat } from "../../../tags";
import type { SendDocument } from "../../send/documents";
import {
  DROPPABLE_TYPES,
  FIELD_TYPE_LABELS,
  chosenSigners,
  describeField,
  describeSigner,
  dropField,
  signerIndexes,
  type DroppableType,
  type PlacedField,
} from "../../send/fields";
import { FIT_WIDTH } from "../../send/page-geometry";
import type { SignerRow } from "../../send/signers";
import FieldList from "./fields-step/FieldList";
import PageThumbnails from "./fields-step/PageThumbnails";
import PageView from "./fields-step/PageView";
import TagOptions from "./fields-step/TagOptions";
import TagSummary from "./fields-step/TagSummary";
import { useOpenedPdfs, type LayoutState } from "./fields-step/use-opened-pdfs";
import ZoomBar from "./fields-step/ZoomBar";

export type { LayoutState };

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  row: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "flex-end" },
  grow: { flexGrow: 1, minWidth: "120px" },
  error: { color: tokens.colorPaletteRedForeground1 },
  live: { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)" },
});

export interface FieldsStepProps {
  documents: readonly SendDocument[];
  rows: readonly SignerRow[];
  fields: readonly PlacedField[];
  onFieldsChange(fields: PlacedField[]): void;
  layouts: ReadonlyMap<string, LayoutState>;
  onLayout(docKey: string, layout: LayoutState): void;
  /** The document's bytes as a PDF (an image made into one). */
  pdfBytes(doc: SendDocument): Promise<Uint8Array>;
  tagFormat: TagFormat;
  visibleTags: boolean;
  signatureBlock: boolean;
  onOptions(options: { tagFormat?: TagFormat; visibleTags?: boolean; signatureBlock?: boolean }): void;
  /** The step's heading (Send's: "3. Fields"). */
  heading?: string;
  /** The tag format and the two switches (default shown); Sign it yourself has no use for them. */
  tagOptions?: boolean;
  /** Focus the heading when the step is shown, so keyboard and screen-reader users keep their place. */
  focusHeading?: boolean;
}

let fieldSerial = 0;
const newFieldId = () => `fld-${Date.now().toString(36)}-${++fieldSerial}`;

export default function FieldsStep(props: FieldsStepProps) {
  const styles = useStyles();
  const { documents, rows, fields, onFieldsChange, layouts, onLayout, pdfBytes } = props;
  const [docKey, setDocKey] = useState<string | null>(documents[0]?.key ?? null);
  const [page, setPage] = useState(1);
  const signers = useMemo(() => chosenSigners(rows), [rows]);
  const indexes = useMemo(() => signerIndexes(rows), [rows]);
  const [signerKey, setSignerKey] = useState<string | null>(signers[0]?.key ?? null);
  const [type, setType] = useState<DroppableType>("Signature");
  const [selected, setSelected] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [zoom, setZoom] = useState<number>(FIT_WIDTH);
  const helpId = useId();
  useEffect(() => {
    if (props.focusHeading) document.getElementById("send-fields-heading")?.focus();
  }, []);

  // Keep the choices valid when documents or signers change.
  const doc = documents.find((d) => d.key === docKey) ?? documents[0] ?? null;
  const signer = signers.find((s) => s.key === signerKey) ?? signers[0] ?? null;
  const openedPdf = useOpenedPdfs({ documents, shown: doc, layouts, onLayout, pdfBytes });

  const layout = doc ? layouts.get(doc.key) : undefined;
  const pages = layout && !("error" in layout) ? layout.pages : [];
  const pageSize = pages[page - 1];
  useEffect(() => {
    if (page > pages.length && pages.length > 0) setPage(1);
  }, [pages.length]);

  const docFields = fields.filter((f) => doc && f.docKey === doc.key);
  const pageFields = docFields.filter((f) => f.page === page);
  const pageTags = layout && !("error" in layout) ? layout.tags.filter((t) => t.page === page) : [];

  const replaceField = (next: PlacedField) =>
    onFieldsChange(fields.map((f) => (f.id === next.id ? next : f)));
  const removeField = (id: string) => {
    const field = fields.find((f) => f.id === id);
    onFieldsChange(fields.filter((f) => f.id !== id));
    if (field) setAnnouncement(`Removed: ${describeField(field, rows)}.`);
    setSelected(null);
  };
  const addField = (at: { x: number; y: number }) => {
    if (!doc || !pageSize || !signer) return;
    const field = dropField(newFieldId(), doc.key, page, pageSize, at, type, signer.key);
    onFieldsChange([...fields, field]);
    setSelected(field.id);
    setAnnouncement(`Added: ${describeField(field, rows)}.`);
    return field;
  };

  if (documents.length === 0) {
    return (
      <section className={styles.root} aria-labelledby="send-fields-heading">
        <Subtitle2 as="h3" id="send-fields-heading" tabIndex={-1}>
          {props.heading ?? "3. Fields"}
        </Subtitle2>
        <Body1>Choose a document in step 1 first.</Body1>
      </section>
    );
  }

  return (
    <section className={styles.root} aria-labelledby="send-fields-heading">
      <Subtitle2 as="h3" id="send-fields-heading" tabIndex={-1}>
        {props.heading ?? "3. Fields"}
      </Subtitle2>
      <div className={styles.row}>
        <Field label="Document" className={styles.grow}>
          <Select
            value={doc?.key ?? ""}
            onChange={(_, data) => {
              setDocKey(data.value);
              setPage(1);
            }}
          >
            {documents.map((d) => (
              <option key={d.key} value={d.key}>
                {d.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {!layout ? (
        <Spinner size="tiny" label={`Opening ${doc?.name ?? "the document"}…`} labelPosition="after" />
      ) : "error" in layout ? (
        <Body1 className={styles.error} role="alert">
          {`“${doc?.name}” cannot be shown: ${layout.error}`}
        </Body1>
      ) : (
        <>
          <PageThumbnails
            pdf={openedPdf(doc?.key)}
            name={doc?.name}
            pages={pages}
            page={page}
            fields={docFields}
            onPage={setPage}
          />
          <div className={styles.row}>
            <Field label="Signer" className={styles.grow}>
              <Select value={signer?.key ?? ""} onChange={(_, data) => setSignerKey(data.value)}>
                {signers.map((s) => (
                  <option key={s.key} value={s.key}>
                    {`${indexes.get(s.key)}. ${describeSigner(s)}`}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Field type" className={styles.grow}>
              <Select value={type} onChange={(_, data) => setType(data.value as DroppableType)}>
                {DROPPABLE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {FIELD_TYPE_LABELS[t]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <div className={styles.row}>
            <Caption1 id={helpId} className={styles.grow}>
              {signer
                ? `Click on the page to add a ${FIELD_TYPE_LABELS[type].toLowerCase()} field for ${describeSigner(signer)}. Drag a field or use the arrow keys to move it; Shift with the arrow keys or its corner resizes it; Delete removes it.`
                : "Choose a signer in step 2 first."}
            </Caption1>
            <Button
              size="small"
              icon={<AddRegular />}
              disabled={!signer || !pageSize}
              onClick={() => {
                if (!pageSize) return;
                const field = addField({ x: pageSize.width / 2, y: pageSize.height / 2 });
                if (field) requestAnimationFrame(() => document.getElementById(field.id)?.focus());
              }}
            >
              Add to this page
            </Button>
          </div>
          {pageSize ? <ZoomBar zoom={zoom} onZoom={setZoom} /> : null}
          {pageSize ? (
            <PageView
              zoom={zoom}
              onZoom={setZoom}
              key={`${doc?.key}:${page}`}
              pdf={openedPdf(doc?.key)}
              page={page}
              size={pageSize}
              tags={pageTags}
              fields={pageFields}
              rows={rows}
              indexes={indexes}
              selected={selected}
              helpId={helpId}
              label={`Page ${page} of ${doc?.name}`}
              onDrop={(at) => addField(at)}
              onSelect={setSelected}
              onChange={replaceField}
              onRemove={removeField}
            />
          ) : null}
          <TagSummary tags={layout.tags} indexes={indexes} rows={rows} />
          <FieldList
            name={doc?.name}
            fields={docFields}
            rows={rows}
            indexes={indexes}
            onRemove={removeField}
          />
        </>
      )}
      {props.tagOptions === false ? null : (
        <TagOptions
          tagFormat={props.tagFormat}
          visibleTags={props.visibleTags}
          signatureBlock={props.signatureBlock}
          onOptions={props.onOptions}
        />
      )}
      <div aria-live="polite" className={styles.live}>
        {announcement}
      </div>
    </section>
  );
}
