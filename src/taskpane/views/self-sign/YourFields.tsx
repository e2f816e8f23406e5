import { Suspense, lazy } from "react";
import { Spinner } from "@fluentui/react-components";
import type { FieldsStepProps } from "../send/FieldsStep";

// The Send view's fields step (pdf.js and pdf-lib) in its own chunk, as Send loads it.
const FieldsStep = lazy(() => import(/* webpackChunkName: "send-fields" */ "../send/FieldsStep"));

/**
 * Step 2: the user's own fields, placed with Send's fields step, without what only Send needs (the
 * tag format and switches, the step number): the pane writes this package's tags itself.
 */
export function YourFields(
  props: Pick<
    FieldsStepProps,
    "documents" | "rows" | "fields" | "onFieldsChange" | "layouts" | "onLayout" | "pdfBytes"
  >,
) {
  return (
    <Suspense fallback={<Spinner size="tiny" label="Loading the pages…" labelPosition="after" />}>
      <FieldsStep
        {...props}
        tagFormat="Platform"
        visibleTags={false}
        signatureBlock={false}
        onOptions={() => undefined}
        heading="Your fields"
        tagOptions={false}
        focusHeading
      />
    </Suspense>
  );
}
