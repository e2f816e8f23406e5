// The document operations of one kind of owner, bound to it once: `packageDocuments` for a package's
// (contract §6.2), `documentsOf(TEMPLATE_OWNER)` for a template's (templates/owner.ts). Each
// operation keeps its own file's arguments after the owner; the access checks are the owner's own.
import { commitUpload } from "./commit-upload";
import { deleteDocument } from "./delete";
import { recordDocument, storeDocument } from "./intake";
import { PACKAGE_OWNER, type DocumentOwner, type Owned } from "./owner";
import { requireDocument } from "./read";
import { stageBlock } from "./stage-block";
import { abortUpload, getUpload, initiateUpload } from "./uploads";

export function documentsOf<O extends Owned>(owner: DocumentOwner<O>) {
  return {
    /** A document from a stream or a spooled file (intake.ts). */
    store: bind(storeDocument<O>, owner),
    /** The row of a prepared document, in the caller's transaction (intake.ts). */
    record: bind(recordDocument<O>, owner),
    require: bind(requireDocument<O>, owner),
    delete: bind(deleteDocument<O>, owner),
    initiateUpload: bind(initiateUpload<O>, owner),
    getUpload: bind(getUpload<O>, owner),
    stageBlock: bind(stageBlock<O>, owner),
    commitUpload: bind(commitUpload<O>, owner),
    abortUpload: bind(abortUpload<O>, owner),
  };
}

export const packageDocuments = documentsOf(PACKAGE_OWNER);

function bind<O, A extends unknown[], R>(f: (owner: O, ...rest: A) => R, owner: O): (...rest: A) => R {
  return (...rest) => f(owner, ...rest);
}
