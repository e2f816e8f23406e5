/**
 * Generated from the signing service's OpenAPI document by scripts/generate-api.ts: do not edit.
 * To update it after changing the service's routes or schemas, run: npm run generate:api
 */

export interface paths {
    "/connect/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange OAuth client credentials for an access token valid for 1 hour */
        post: operations["connectToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's tenant, credential kind and scopes
         * @description Needs any valid credential.
         */
        get: operations["apiV1MeGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tags/types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every annotation type the tag parser recognises
         * @description Needs any valid credential.
         */
        get: operations["listTagTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tags/build": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Build a tag in the Platform, DocuSign and AdobeSign formats
         * @description Needs any valid credential.
         */
        get: operations["buildTag"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tags/parse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Split a tag into type, signer, required flag, label, group and options
         * @description Needs any valid credential.
         */
        post: operations["parseTag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tags/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a tag; always 200, with isValid
         * @description Needs any valid credential.
         */
        post: operations["validateTag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tags/detect-format": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Name the format a tag looks like (a shape check, not a parse)
         * @description Needs any valid credential.
         */
        get: operations["detectTagFormat"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tags/convert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-encode a tag in another format, with a warning for each attribute the target cannot carry
         * @description Needs any valid credential.
         */
        post: operations["convertTag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signing-groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tenant's signing groups, a page at a time
         * @description Each item carries its member count, not its members. Needs scope sign.signinggroup.read.
         */
        get: operations["listSigningGroups"];
        put?: never;
        /**
         * Create a signing group, optionally with up to 100 members
         * @description All or nothing: a duplicate email (ignoring case) or any invalid member creates nothing. Needs scope sign.signinggroup.write.
         */
        post: operations["createSigningGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signing-groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A signing group with its member count (not its members)
         * @description Needs scope sign.signinggroup.read.
         */
        get: operations["getSigningGroup"];
        /**
         * Change a signing group's name or description
         * @description Omitted or null fields stay unchanged; members are never changed here. Needs scope sign.signinggroup.write.
         */
        put: operations["updateSigningGroup"];
        post?: never;
        /**
         * Delete a signing group and its members
         * @description Packages already sent with the group are not affected. Needs scope sign.signinggroup.write.
         */
        delete: operations["deleteSigningGroup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signing-groups/bulk-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete 1 to 50 signing groups, with a result per id
         * @description Each id is tried in order; a group that is not found (or was already deleted, also by a repeated id) is a per-item failure, not an error of the request. Needs scope sign.signinggroup.write.
         */
        post: operations["bulkDeleteSigningGroups"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signing-groups/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The groups that hold each of 1 to 500 email addresses
         * @description Addresses are compared ignoring case, as members are; an address in no group answers empty groups. One item per address given, in request order (a repeated address at each of its positions). 400 validation_failed names the position of an address that is not valid. Reads only: POST because the list is long. Needs scope sign.signinggroup.read.
         */
        post: operations["resolveSigningGroups"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signing-groups/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every member of a signing group, oldest first
         * @description Needs scope sign.signinggroup.read.
         */
        get: operations["listSigningGroupMembers"];
        put?: never;
        /**
         * Add a member to a signing group
         * @description 400 duplicate_member when the email (ignoring case) is already a member; 400 member_limit_reached at 1,000 members. A member added after a package was sent is included only in future sends. Needs scope sign.signinggroup.write.
         */
        post: operations["addSigningGroupMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signing-groups/{id}/members/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove the member with this email (URL-encoded, matched ignoring case)
         * @description 404 member_not_found when no member has that email. Needs scope sign.signinggroup.write.
         */
        delete: operations["removeSigningGroupMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List packages, a page at a time (newest first by default)
         * @description conversationId and internetMessageId find the packages made from an Outlook thread or mail; senderEmail the packages a user sent. Answers an ETag, and 304 to If-None-Match when the page is unchanged. Needs scope sign.package.read.
         */
        get: operations["listPackages"];
        put?: never;
        /**
         * Create a Draft package
         * @description Needs scope sign.package.create.
         */
        post: operations["createPackage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A package; answers an ETag, and 304 to If-None-Match when unchanged
         * @description Needs scope sign.package.read.
         */
        get: operations["getPackage"];
        /**
         * Change a Draft package (null or omitted fields stay unchanged)
         * @description Needs scope sign.package.create.
         */
        put: operations["updatePackage"];
        post?: never;
        /**
         * Delete a Draft package with its documents, signers and annotations
         * @description Needs scope sign.package.create.
         */
        delete: operations["deletePackage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a Draft package (Scheduled when scheduledSendOn is in the future)
         * @description Needs scope sign.package.send.
         */
        post: operations["sendPackage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/overage/confirm-and-send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a Draft package (no billing here: the same as send)
         * @description Needs scope sign.package.send.
         */
        post: operations["confirmOverageAndSendPackage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/cancel-schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A Scheduled package back to Draft
         * @description Needs scope sign.package.send.
         */
        post: operations["cancelSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Notify again everyone whose turn it is and who has not finished
         * @description Needs scope sign.package.send.
         */
        post: operations["resendPackage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a finished package (Completed, Declined, Voided, Expired)
         * @description Needs scope sign.package.create.
         */
        post: operations["archivePackage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/unarchive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unarchive a package
         * @description Needs scope sign.package.create.
         */
        post: operations["unarchivePackage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/clone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new Draft with the package's settings, documents, signers and annotations
         * @description Needs scope sign.package.create.
         */
        post: operations["clonePackage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void a package on its way; those already notified are told
         * @description Needs scope sign.package.send.
         */
        post: operations["voidPackage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/reminders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Turn reminders on or off and set their days
         * @description Needs scope sign.package.send.
         */
        patch: operations["updatePackageReminders"];
        trace?: never;
    };
    "/api/v1/packages/{id}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What stands in the way of sending, and warnings
         * @description Needs scope sign.package.read.
         */
        post: operations["validatePackage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/send-impact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is notified when the package is sent, and who later (group slots expanded)
         * @description Needs scope sign.package.read.
         */
        get: operations["getPackageSendImpact"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/bulk-archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive 1-50 finished packages, each on its own
         * @description An id that is no UUID makes the request invalid (400 naming it); others fail per item. Needs scope sign.package.create.
         */
        post: operations["bulkArchivePackages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/bulk-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete 1-50 Draft packages, each on its own
         * @description An id that is no UUID makes the request invalid (400 naming it); others fail per item. Needs scope sign.package.create.
         */
        post: operations["bulkDeletePackages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/audit-trail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The package's audit events, oldest first, each hash-chained to the one before
         * @description Needs scope sign.package.read.
         */
        get: operations["getAuditTrail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/audit-trail/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recomputes the hash chain of the audit trail
         * @description Needs scope sign.package.read.
         */
        get: operations["verifyAuditIntegrity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/signers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The package's signers in routing order (ties by when they were added)
         * @description Answers an ETag, and 304 to If-None-Match when unchanged. Needs scope sign.package.read.
         */
        get: operations["listSigners"];
        put?: never;
        /**
         * Add a person or a signing-group slot
         * @description One email per package among people (400 duplicate_signer). Draft packages only (400 invalid_state naming the state otherwise). Needs scope sign.package.create.
         */
        post: operations["addSigner"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/signers/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add 1-50 signers, all or nothing
         * @description Draft packages only (400 invalid_state naming the state otherwise). Needs scope sign.package.create.
         */
        post: operations["addSignersBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/signers/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the routing order of some or all signers
         * @description Draft packages only (400 invalid_state naming the state otherwise). Needs scope sign.package.create.
         */
        put: operations["reorderSigners"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/signers/resend-bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Notify several signers again, each on its own
         * @description A signer whose turn it is not yet fails with not_your_turn. Needs scope sign.package.send.
         */
        post: operations["resendToSignersBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/signers/{signerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A signer (a group slot with its members once sent)
         * @description Answers an ETag, and 304 to If-None-Match when unchanged. Needs scope sign.package.read.
         */
        get: operations["getSigner"];
        /**
         * Change a signer (null or omitted fields stay unchanged)
         * @description Draft packages only (400 invalid_state naming the state otherwise). Needs scope sign.package.create.
         */
        put: operations["updateSigner"];
        post?: never;
        /**
         * Remove a signer and their fields
         * @description Draft packages only (400 invalid_state naming the state otherwise). Needs scope sign.package.create.
         */
        delete: operations["removeSigner"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/signers/{signerId}/reassign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give an unfinished slot of a sent package to someone else
         * @description The new person is notified when it is their turn; the old links stop working. Needs scope sign.package.send.
         */
        post: operations["reassignSigner"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/signers/{signerId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Notify a signer again (their turn, not finished)
         * @description Needs scope sign.package.send.
         */
        post: operations["resendToSigner"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/annotation-field-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The field types an annotation can have, with the size a new one gets
         * @description Needs scope sign.package.read.
         */
        get: operations["getAnnotationFieldTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/annotations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The package's annotations in the order they were placed
         * @description Needs scope sign.package.read.
         */
        get: operations["listAnnotations"];
        put?: never;
        /**
         * Place a field on a document for a signer
         * @description Its document and signer must be this package's (400 naming which otherwise) and it must lie inside its page. Draft packages only (400 invalid_state naming the state otherwise). Needs scope sign.package.create.
         */
        post: operations["createAnnotation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/annotations/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Place 1-500 fields, all or nothing
         * @description Each as addAnnotation; errors name the item (annotations[3].page). Its document and signer must be this package's (400 naming which otherwise) and it must lie inside its page. Draft packages only (400 invalid_state naming the state otherwise). Needs scope sign.package.create.
         */
        post: operations["createAnnotationsBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/annotations/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Package validation for annotations only
         * @description Each signer who signs has a field; each field's document and signer exist and it lies inside its page. Needs scope sign.package.read.
         */
        post: operations["validateAnnotations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/annotations/{annotationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An annotation
         * @description Needs scope sign.package.read.
         */
        get: operations["getAnnotation"];
        /**
         * Move, resize or change an annotation (null or omitted fields stay unchanged)
         * @description Its document and signer must be this package's (400 naming which otherwise) and it must lie inside its page. Draft packages only (400 invalid_state naming the state otherwise). Needs scope sign.package.create.
         */
        put: operations["updateAnnotation"];
        post?: never;
        /**
         * Remove an annotation
         * @description Draft packages only. Needs scope sign.package.create.
         */
        delete: operations["deleteAnnotation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/annotations/{annotationId}/attachment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A link to the file a signer attached to a completed Attachment field
         * @description The link needs no credential and works for 5 minutes. Another type of field is 400; a field with no file yet (not completed) is 404. Needs scope sign.package.read.
         */
        get: operations["getAnnotationAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The package's documents in order
         * @description Needs scope sign.package.read.
         */
        get: operations["listDocuments"];
        put?: never;
        /**
         * Upload a document in one request (multipart/form-data)
         * @description One `file` part (PDF, PNG or JPEG, at most 50 MB) and an optional `name` field before it; a second file part, a file part of another name or a `name` after the file is 400 validation_failed naming it, with nothing stored. Images become one-page PDFs; text tags are detected. A broken, encrypted or mislabeled file is 400 invalid_document saying which. Draft packages only (400 invalid_state naming the state otherwise). Needs scope sign.package.create.
         */
        post: operations["uploadDocumentDirect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/documents/import-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch a document from an https URL
         * @description Public addresses only (private, loopback, link-local and metadata addresses are refused after DNS and on every redirect), at most 50 MB and 30 seconds; then as an upload. Draft packages only (400 invalid_state naming the state otherwise). Needs scope sign.package.create.
         */
        post: operations["importDocumentFromUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/documents/{documentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A document: pages, sizes and how many tags were found
         * @description Needs scope sign.package.read.
         */
        get: operations["getDocument"];
        put?: never;
        post?: never;
        /**
         * Delete a document and its annotations
         * @description See removal-impact first. Draft packages only (400 invalid_state naming the state otherwise). Needs scope sign.package.create.
         */
        delete: operations["deleteDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/documents/{documentId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A link to the document as it was uploaded
         * @description The link needs no credential and works for 5 minutes. Needs scope sign.package.read.
         */
        get: operations["getOriginalDownloadUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/documents/{documentId}/download-pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A link to the document as a PDF (an image's PDF)
         * @description The link needs no credential and works for 5 minutes. Needs scope sign.package.read.
         */
        get: operations["getPdfDownloadUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/documents/{documentId}/removal-impact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What deleting the document would take with it
         * @description Needs scope sign.package.read.
         */
        get: operations["getDocumentRemovalImpact"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/documents/{documentId}/detected-tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The text tags found in the document when it was stored
         * @description Positions in points from the page's visible top-left. Needs scope sign.package.read.
         */
        get: operations["getDetectedTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/documents/{documentId}/detect-tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Scan the document for text tags again and keep the result
         * @description Needs scope sign.package.create.
         */
        post: operations["detectDocumentTags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/apply-detected-tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn the documents' detected tags into annotations
         * @description Each tag goes to the signer whose position in routing order (ties by when added) is the tag's signer index; tags without such a signer, unreadable tags and tags applied before are skipped with a reason. Applying twice creates nothing new. Draft packages only (400 invalid_state naming the state otherwise). Needs scope sign.package.create.
         */
        post: operations["applyDetectedTags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a chunked upload (blocks of 4 MiB, 24 hours)
         * @description Then PUT each block, and commit. Draft packages only (400 invalid_state naming the state otherwise). Needs scope sign.package.create.
         */
        post: operations["initiateDocumentUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/uploads/{uploadId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which blocks have arrived
         * @description A committed, aborted or expired upload is 404. Needs scope sign.package.read.
         */
        get: operations["getDocumentUploadStatus"];
        put?: never;
        post?: never;
        /**
         * Abort an upload and drop its blocks
         * @description Needs scope sign.package.create.
         */
        delete: operations["abortDocumentUpload"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/uploads/{uploadId}/commit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join the blocks into a document
         * @description Missing blocks, or bytes whose size or sha256 differ from those announced, are 400 saying which. A commit that waits 30 s in vain for a block request still under way is 400 invalid_state with Retry-After (the upload stays open, without that block); a block body that sends nothing for 20 s is cut off. Draft packages only (400 invalid_state naming the state otherwise). Needs scope sign.package.create.
         */
        post: operations["commitDocumentUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/uploads/{uploadId}/blocks/{block}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Stage one block (raw bytes; 0-based; again replaces it)
         * @description The body is the block's bytes, whatever its Content-Type (application/octet-stream is usual). Each block is exactly blockSize bytes but the last. Needs scope sign.package.create.
         */
        put: operations["stageDocumentBlock"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/create-and-send/json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a package with its documents (base64), signers and fields, and send it
         * @description All or nothing: the package, its documents, signers and annotations are made, the detected text tags applied (unless applyTextTags is false) and the package sent in one transaction; on any error nothing is left (no package, no stored file). Answers the package as sent (Scheduled with scheduledSendOn in the future). With signYourself the caller is the one signer: no mail is sent, and the answer's signingUrl is their link to sign (open it in a dialog, a window or a frame of allowedOrigins). Annotations name their document and signer by place in the request (documentIndex, signerIndex, from 0). The body is at most 75497472 bytes (one 50 MB document in base64); send larger sets as multipart to create-and-send. Needs scope sign.package.create and sign.package.send.
         */
        post: operations["createAndSendPackageJson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/create-and-send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a package with its documents (file parts), signers and fields, and send it
         * @description multipart/form-data: a `package` field (CreateAndSendPackageApiRequest as JSON) and one `file` part per document (PDF, PNG or JPEG, at most 50 MB each, 25 and 200 MB a package), in order; each file's name is its document's name. Send `package` first: then a bad request is refused before any file is read. All or nothing: the package, its documents, signers and annotations are made, the detected text tags applied (unless applyTextTags is false) and the package sent in one transaction; on any error nothing is left (no package, no stored file). Answers the package as sent (Scheduled with scheduledSendOn in the future). With signYourself the caller is the one signer: no mail is sent, and the answer's signingUrl is their link to sign (open it in a dialog, a window or a frame of allowedOrigins). Annotations name their document and signer by place (documentIndex: the file parts in order, signerIndex: signers, from 0). Needs scope sign.package.create and sign.package.send.
         */
        post: operations["createAndSendPackageMultipart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/downloads/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The file a download link serves
         * @description The url of `{ url, expiresOn }` from a `download` operation. No credential is needed: the link is the credential, so keep it to yourself. It lasts 5 minutes and may be used again until then. Answers the bytes with the file's Content-Type, Content-Length and Content-Disposition: attachment (filename and filename*), or inline for a PDF with inline=1; HEAD answers the headers alone. Every answer is sandboxed (Content-Security-Policy: sandbox), never cached and sent with X-Content-Type-Options: nosniff. An unknown or expired link, or one whose file no longer exists, is 404.
         */
        get: operations["getDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/documents/{documentId}/download-signed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A link to the final document of a Completed package: values drawn in, sealed
         * @description The link needs no credential and works for 5 minutes. Before the package is Completed, and while its documents are being sealed just after, the answer is 400 invalid_state saying which. Needs scope sign.package.read.
         */
        get: operations["getSignedDownloadUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A link to one zip of every signed document, the certificate of completion and the audit trail
         * @description The link needs no credential and works for 5 minutes. Before the package is Completed, and while its documents are being sealed just after, the answer is 400 invalid_state saying which. Needs scope sign.package.read.
         */
        get: operations["getPackageDownloadUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/signed-files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Links to every signed document of a Completed package (and its certificate), with names and sizes
         * @description One short-lived download link per file, in one answer: what the add-in needs to attach the signed documents to a reply (Outlook downloads them from the links) or to see that they are too large to. Each link needs no credential and works for 5 minutes. Before the package is Completed, and while its documents are being sealed just after, the answer is 400 invalid_state saying which. Needs scope sign.package.read.
         */
        post: operations["getSignedFileLinks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/certificate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A link to the certificate of completion (PDF: signers, times, IP addresses, document hashes)
         * @description The link needs no credential and works for 5 minutes. Before the package is Completed, and while its documents are being sealed just after, the answer is 400 invalid_state saying which. Needs scope sign.package.read.
         */
        get: operations["getCertificateDownloadUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/audit-trail/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit trail as a PDF, with the result of its verification on top
         * @description The trail as it is now, of a package in any state. Needs scope sign.package.read.
         */
        get: operations["exportAuditTrail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signing/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the link's holder sees: the session and its state
         * @description Opened Ready the first time, marks the signer (and a Sent package) Viewed. Without a valid X-Signing-Grant an access-code signer's session is AccessCodeRequired. No credential: the link's token is the credential. A malformed, unknown or tampered token is 404.
         */
        get: operations["getSigningSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signing/{token}/access-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give the access code; answers a grant for the link's other calls
         * @description A wrong code is 400 invalid_access_code; after 5 wrong codes in 15 minutes for one person's slot, 429 rate_limited with Retry-After. No credential: the link's token is the credential. A malformed, unknown or tampered token is 404.
         */
        post: operations["verifySigningAccessCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signing/{token}/documents/{documentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A document's PDF as this signer is shown it (Range supported)
         * @description The uploaded PDF without its text tags, with the values other signers have completed drawn where the signed document will have them (this signer's own fields are not drawn). It changes as they complete: ETag is the hash of the bytes answered, and a Range with If-Range naming another ETag answers the whole current PDF. Only in states Ready, NotYourTurn and Completed (else 400 invalid_state). Answers 206 with Content-Range for a single bytes= range. With authMethod AccessCode, send the grant of access-code as X-Signing-Grant (without it: 403 access_code_required). No credential: the link's token is the credential. A malformed, unknown or tampered token is 404.
         */
        get: operations["getSigningDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signing/{token}/fields/{fieldId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Save one field's value as the signer goes (null clears it)
         * @description A value the field's type does not take is 400 validation_failed naming the field; a link that is not Ready is 400 invalid_state naming its state. With authMethod AccessCode, send the grant of access-code as X-Signing-Grant (without it: 403 access_code_required). No credential: the link's token is the credential. A malformed, unknown or tampered token is 404.
         */
        put: operations["saveSigningFieldValue"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signing/{token}/fields/{fieldId}/attachment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach a file to an Attachment field (raw body, PDF, PNG or JPEG)
         * @description At most 10 MB (413 over); the type is read from the bytes (415 for others). The file name comes from X-File-Name (percent-encoded UTF-8 allowed) and becomes the field's value. With authMethod AccessCode, send the grant of access-code as X-Signing-Grant (without it: 403 access_code_required). No credential: the link's token is the credential. A malformed, unknown or tampered token is 404.
         */
        post: operations["attachSigningFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signing/{token}/finish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish: every required field must have a value
         * @description Fills the automatic fields and completes the signer's slot (a group slot: by this member); the next routing order is invited when the order is enforced; the package becomes InProgress, or Completed when every slot is done. Missing required fields are 400 validation_failed with one error per field (field = the field's id). Finishing twice answers the Completed session. With authMethod AccessCode, send the grant of access-code as X-Signing-Grant (without it: 403 access_code_required). No credential: the link's token is the credential. A malformed, unknown or tampered token is 404.
         */
        post: operations["finishSigning"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signing/{token}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decline with a reason: the package becomes Declined and the sender is told
         * @description With authMethod AccessCode, send the grant of access-code as X-Signing-Grant (without it: 403 access_code_required). No credential: the link's token is the credential. A malformed, unknown or tampered token is 404.
         */
        post: operations["declineSigning"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/signers/{signerId}/signing-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A single signer's link to the signing page, for a few minutes
         * @description Contract §6.3: { url, expiresOn }; refused with 400 not_your_turn before the signer's routing order is reached, and for a signing-group slot (each member signs from their own mail). After finish or decline the page goes to returnUrl; the page of this link (and only of it) may be shown in a frame by allowedOrigins (its Content-Security-Policy's frame-ancestors; every other link's page is frame-ancestors 'none'). Needs scope sign.package.send.
         */
        post: operations["getSigningUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/{id}/share-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A link to the package's signed documents, evidence or certificate, for someone without an account
         * @description The url is answered this once (only its hash is kept). SignedDocument, AllSignedDocuments and CertificateOfCompletion need a Completed package; EvidencePack a package that was sent. Needs scope sign.package.send.
         */
        post: operations["mintShareLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/share-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's share links that are not revoked, newest first, without their urls
         * @description Needs scope sign.package.read.
         */
        get: operations["listShareLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/share-links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a share link: it opens nothing from now on
         * @description Needs scope sign.package.send.
         */
        delete: operations["revokeShareLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/shared/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a share link serves
         * @description The url of a minted share link. No credential: the link is the credential. Each answer counts one use; a revoked, expired or used-up link is 404. A link to signed documents or a certificate whose completion is still in progress is 400 invalid_state and counts no use.
         */
        get: operations["openShareLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's templates, newest first
         * @description Needs scope sign.template.read.
         */
        get: operations["listTemplates"];
        put?: never;
        /**
         * Create a template
         * @description Needs scope sign.package.create.
         */
        post: operations["createTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/bulk-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete 1 to 50 templates; each item succeeds or fails on its own
         * @description Needs scope sign.package.create.
         */
        post: operations["bulkDeleteTemplates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A template
         * @description Needs scope sign.template.read.
         */
        get: operations["getTemplate"];
        /**
         * Change a template's name or description
         * @description Needs scope sign.package.create.
         */
        put: operations["updateTemplate"];
        post?: never;
        /**
         * Delete a template with its roles (packages made from it stay)
         * @description Needs scope sign.package.create.
         */
        delete: operations["deleteTemplate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The template's roles in routing order (ties: in the order they were added)
         * @description Needs scope sign.template.read.
         */
        get: operations["listTemplateRoles"];
        put?: never;
        /**
         * Add a role (a signer slot filled when the template is used)
         * @description At most 100 roles a template; names unique in the template, any case. Needs scope sign.package.create.
         */
        post: operations["addTemplateRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/roles/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * New routing orders for some roles, all or none; answers the roles in their new order
         * @description Needs scope sign.package.create.
         */
        put: operations["reorderTemplateRoles"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/roles/{roleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a role; null or omitted fields stay unchanged
         * @description Needs scope sign.package.create.
         */
        put: operations["updateTemplateRole"];
        post?: never;
        /**
         * Remove a role
         * @description Needs scope sign.package.create.
         */
        delete: operations["removeTemplateRole"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/use": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A package from the template, each role filled with a person or a signing group
         * @description Every role is filled once; each becomes a signer with the role's routing order, type and name (roleName). A Draft, or sent at once with send (then the package must be valid to send: 400 validation_failed otherwise, and nothing is made). All or nothing. send also needs sign.package.send. Needs scope sign.package.create.
         */
        post: operations["createPackageFromTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/bulk-send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One package a row from the template, each sent, by a job in the background
         * @description 1 to 1000 rows, each filling every role of the template with a person (role id -> { email, name }). Answers 202 with the job, all rows Pending; the service makes and sends their packages in the background, also across a restart, never one twice. A row whose people or package are not right Failed on its own (its error in the job's items); retry-failed runs those again. Body up to 8 MB. Needs scope sign.package.create and sign.package.send.
         */
        post: operations["bulkSendFromTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bulk-send-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's bulk send jobs, newest first, without their rows
         * @description Needs scope sign.package.read.
         */
        get: operations["listBulkSendJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bulk-send-jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A bulk send job with every row's result
         * @description Needs scope sign.package.read.
         */
        get: operations["getBulkSendJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bulk-send-jobs/{id}/retry-failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run the job's Failed rows again (Sent rows are never sent again)
         * @description The Failed rows become Pending and the job Queued; a job without Failed rows is answered as it is. Needs scope sign.package.create and sign.package.send.
         */
        post: operations["retryBulkSendFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The template's documents in order
         * @description Needs scope sign.template.read.
         */
        get: operations["listTemplateDocuments"];
        put?: never;
        /**
         * Upload a document to the template in one request (multipart/form-data)
         * @description As a package's direct upload: one `file` part (PDF, PNG or JPEG, at most 50 MB; 25 documents and 200 MB a template) and an optional `name` field before it (anything more is 400, nothing stored). Each parsed tag whose signer index N names a role (the role at position N in routing order, ties by when added) becomes a TextTag annotation of that role, once. A PDF whose pages read but whose text does not is kept with processingStatus Failed (retry reads it again). Needs scope sign.package.create.
         */
        post: operations["uploadTemplateDocumentDirect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/documents/{documentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A template's document: pages, tags found, how its processing went
         * @description Needs scope sign.template.read.
         */
        get: operations["getTemplateDocument"];
        put?: never;
        post?: never;
        /**
         * Remove a document and its annotations from the template
         * @description See removal-impact first. Packages made from the template keep their copies. Needs scope sign.package.create.
         */
        delete: operations["removeTemplateDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/documents/{documentId}/removal-impact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What removing the document would take with it
         * @description Needs scope sign.template.read.
         */
        get: operations["getTemplateDocumentRemovalImpact"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/documents/{documentId}/detected-tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The text tags found in the document, each with the role it names
         * @description Positions in points from the page's visible top-left. Needs scope sign.template.read.
         */
        get: operations["getTemplateDetectedTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/documents/{documentId}/detect-tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Scan the document for text tags again, keep them and apply them to roles
         * @description Each parsed tag whose signer index N names a role (the role at position N in routing order, ties by when added) becomes a TextTag annotation of that role, once. A document that cannot be read is 400 invalid_document (and marked Failed). Needs scope sign.package.create.
         */
        post: operations["detectTemplateDocumentTags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/documents/{documentId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Process again a document whose processing failed
         * @description Reads its text again as detect-tags does; answers the document (Ready when it worked). A document that did not fail is 400 invalid_state. Needs scope sign.package.create.
         */
        post: operations["retryTemplateDocumentProcessing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove the template's annotations and detected tags
         * @description Documents and roles stay; detect-tags reads a document's tags again. Needs scope sign.package.create.
         */
        post: operations["resetTemplateConfiguration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a chunked upload of a template document (blocks of 4 MiB, 24 hours)
         * @description Then PUT each block, and commit. Needs scope sign.package.create.
         */
        post: operations["initiateTemplateUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/uploads/{uploadId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which blocks of a template upload have arrived
         * @description A committed, aborted or expired upload is 404. Needs scope sign.template.read.
         */
        get: operations["getTemplateUploadStatus"];
        put?: never;
        post?: never;
        /**
         * Abort a template upload and drop its blocks
         * @description Needs scope sign.package.create.
         */
        delete: operations["abortTemplateUpload"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/uploads/{uploadId}/commit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join the blocks into a template document
         * @description Missing blocks, or bytes whose size or sha256 differ from those announced, are 400 saying which. A commit that waits 30 s in vain for a block request still under way is 400 invalid_state with Retry-After (the upload stays open, without that block); a block body that sends nothing for 20 s is cut off. Each parsed tag whose signer index N names a role (the role at position N in routing order, ties by when added) becomes a TextTag annotation of that role, once. Needs scope sign.package.create.
         */
        post: operations["commitTemplateUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/annotations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The template's annotations, in the order they were added
         * @description Needs scope sign.template.read.
         */
        get: operations["listTemplateAnnotations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/documents/{documentId}/annotations/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Place 1 to 500 fields on the document for roles, all or none
         * @description Its role and document must be this template's (400 naming which otherwise) and it must lie inside its page; the rules of a package's annotation otherwise. Errors name annotations[i].field. Needs scope sign.package.create.
         */
        post: operations["bulkAddTemplateAnnotations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/annotations/{annotationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a template annotation; null or omitted fields stay unchanged
         * @description Its role and document must be this template's (400 naming which otherwise) and it must lie inside its page; the rules of a package's annotation otherwise. Needs scope sign.package.create.
         */
        put: operations["updateTemplateAnnotation"];
        post?: never;
        /**
         * Remove a template annotation
         * @description Needs scope sign.package.create.
         */
        delete: operations["removeTemplateAnnotation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/uploads/{uploadId}/blocks/{block}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Stage one block (raw bytes; 0-based; again replaces it)
         * @description The body is the block's bytes, whatever its Content-Type (application/octet-stream is usual). Each block is exactly blockSize bytes but the last. Needs scope sign.package.create.
         */
        put: operations["stageTemplateBlock"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/telemetry/outlook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store a batch of the Outlook add-in's usage events
         * @description Counts, durations, codes and the add-in's host, platform and version only; an anonymous install id, no personal data. Answers 202 with whether the tenant takes telemetry (when it does not, the batch is dropped and the add-in stops sending). Each credential may send a number of batches a minute (the service's SIGN_TELEMETRY_PER_MIN, 60 by default), then gets 429 with Retry-After. Needs any valid credential.
         */
        post: operations["apiV1TelemetryOutlookPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/telemetry/outlook/beacon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The add-in's last telemetry batch, sent with navigator.sendBeacon
         * @description For a pane that closes in a browser without keepalive fetch. No credential: the body's `beaconKey` (from a previous 202 of POST /api/v1/telemetry/outlook, valid an hour) names the tenant. Otherwise as POST /api/v1/telemetry/outlook; text/plain bodies are read as JSON.
         */
        post: operations["apiV1TelemetryOutlookBeaconPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/outlook-addin/manifest-fingerprint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The fingerprint and version of the add-in manifest this service serves
         * @description The task pane compares it with the fingerprint built into its bundle; when they differ, a newer add-in is deployed. 404 when the service serves no manifest. Needs any valid credential.
         */
        get: operations["apiV1OutlookAddinManifestFingerprintGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        SignFieldError: {
            /** @description The request property at fault, e.g. `members[2].email`. */
            field: string;
            message: string;
        };
        SignErrorResponse: {
            /** @description A URI naming the kind of problem (RFC 9457). */
            type: string;
            title: string;
            status: number;
            /** @description What went wrong, in words fit to show a user. */
            detail: string;
            /** @description A stable machine-readable code (contract §3). */
            code: string;
            /** @description Quote it when asking for help: it finds the request in the service log. */
            traceId: string;
            errors?: components["schemas"]["SignFieldError"][];
        };
        MeApiResponse: {
            /** Format: uuid */
            tenantId: string;
            tenantName: string;
            /** @description How the caller signed in. */
            credentialKind: "personal_access_token" | "client_credentials" | "external";
            scopes: string[];
            /** @description The user or client behind the credential (`sub` of an external token, the client id, or null). */
            subject: string | null;
        };
        TagTypeInfo: {
            type: "Signature" | "Initials" | "DateSigned" | "Name" | "Email" | "Company" | "Title" | "Text" | "Date" | "Number" | "Checkbox" | "RadioGroup" | "Dropdown" | "Attachment";
            /** @description The Platform code. */
            code: string;
            description: string;
            /** @description False for types filled in automatically (DateSigned, Name, Email). */
            acceptsInput: boolean;
            docuSignCode: string;
            adobeSignType: string;
        };
        TagBuildResponse: {
            platform: string;
            docuSign: string;
            adobeSign: string;
            /** @description Each attribute a format could not carry. */
            warnings: string[];
        };
        ParsedTagDto: {
            /** @description Platform, DocuSign or AdobeSign. */
            format: "Platform" | "DocuSign" | "AdobeSign";
            type: "Signature" | "Initials" | "DateSigned" | "Name" | "Email" | "Company" | "Title" | "Text" | "Date" | "Number" | "Checkbox" | "RadioGroup" | "Dropdown" | "Attachment";
            signerIndex: number;
            required: boolean;
            label: string | null;
            group: string | null;
            options: string[] | null;
        };
        TagProblemDto: {
            message: string;
            /** @description 0-based character offset in the tag. */
            position: number | null;
        };
        ParseTagApiRequest: {
            /** @description The tag text, e.g. {{sig:1:req}}. */
            tag: string;
            /** @description Platform, DocuSign or AdobeSign, in any case; detected when absent. */
            format?: string | null;
        };
        ValidateTagApiRequest: {
            /** @description The tag text. Any string: an empty or overlong (over 10000 characters) tag is reported as invalid. */
            tag: string;
            /** @description Platform, DocuSign or AdobeSign, in any case; detected when absent. */
            format?: string | null;
        };
        TagValidationResponse: {
            isValid: boolean;
            format: ("Platform" | "DocuSign" | "AdobeSign") | (never | null);
            parsed: components["schemas"]["ParsedTagDto"] | (never | null);
            errors: components["schemas"]["TagProblemDto"][];
        };
        DetectFormatResponse: {
            format: ("Platform" | "DocuSign" | "AdobeSign") | (never | null);
        };
        ConvertTagApiRequest: {
            /** @description The tag text, e.g. {{sig:1:req}}. */
            tag: string;
            /** @description Platform, DocuSign or AdobeSign, in any case. */
            targetFormat: string;
            /** @description Platform, DocuSign or AdobeSign, in any case; detected when absent. */
            sourceFormat?: string | null;
        };
        ConvertTagResponse: {
            tag: string;
            /** @description Platform, DocuSign or AdobeSign. */
            sourceFormat: "Platform" | "DocuSign" | "AdobeSign";
            /** @description Platform, DocuSign or AdobeSign. */
            targetFormat: "Platform" | "DocuSign" | "AdobeSign";
            warnings: string[];
        };
        SigningGroupMemberInputDto: {
            /** @description The member's email address, at most 254 characters; kept as given (trimmed), compared ignoring case. */
            email: string;
            /** @description The member's display name, at most 200 characters. */
            name?: string | null;
        };
        CreateSigningGroupApiRequest: {
            /** @description 1 to 200 characters after trimming. */
            name: string;
            /** @description At most 2000 characters; empty or null for none. */
            description?: string | null;
            /** @description The initial members, in the order the members list answers them. */
            members?: components["schemas"]["SigningGroupMemberInputDto"][] | (never | null);
        };
        /** @description Changes only the fields given; members are changed with the member operations, never here. */
        UpdateSigningGroupApiRequest: {
            /** @description Omitted or null: unchanged. Otherwise 1 to 200 characters after trimming. */
            name?: string | null;
            /** @description Omitted or null: unchanged. "" clears it. Otherwise at most 2000 characters. */
            description?: string | null;
        };
        AddSigningGroupMemberApiRequest: {
            /** @description At most 254 characters; kept as given (trimmed), compared ignoring case. */
            email: string;
            /** @description The member's display name, at most 200 characters. */
            name?: string | null;
        };
        BulkDeleteApiRequest: {
            /** @description 1 to 50 ids, each tried in order. */
            ids: string[];
        };
        SigningGroupApiResponse: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            memberCount: number;
            /**
             * Format: date-time
             * @description When the group was created (ISO 8601, UTC).
             */
            createdOn: string;
            /**
             * Format: date-time
             * @description When the group or its members last changed (ISO 8601, UTC); moves forward on every change.
             */
            updatedOn: string;
        };
        SigningGroupListApiResponse: {
            items: components["schemas"]["SigningGroupApiResponse"][];
            page: number;
            pageSize: number;
            /** @description Groups matching the query, on all pages. */
            totalCount: number;
            totalPages: number;
        };
        SigningGroupMemberApiResponse: {
            /** @description As it was given when the member was added. */
            email: string;
            name: string | null;
            /**
             * Format: date-time
             * @description When the member was added (ISO 8601, UTC).
             */
            addedOn: string;
        };
        BulkDeleteItemApiResponse: {
            /** @description The id as given in the request. */
            id: string;
            success: boolean;
            error: {
                /** @description not_found: no such group of the tenant, or already deleted. */
                code: string;
                message: string;
            } | null;
        };
        BulkDeleteApiResponse: {
            /** @description One per requested id, in request order. */
            results: components["schemas"]["BulkDeleteItemApiResponse"][];
            successCount: number;
            failureCount: number;
        };
        ResolveSigningGroupsApiRequest: {
            /** @description 1 to 500 addresses; a repeated address is answered at each of its positions. */
            emails: string[];
        };
        ResolvedSigningGroupDto: {
            /** Format: uuid */
            id: string;
            name: string;
            memberCount: number;
        };
        ResolvedAddressApiResponse: {
            /** @description The address as given (trimmed). */
            email: string;
            /** @description The tenant's groups that hold the address (ignoring case), by name; empty when none. */
            groups: components["schemas"]["ResolvedSigningGroupDto"][];
        };
        ResolveSigningGroupsApiResponse: {
            /** @description One per requested address, in request order: items[i] answers emails[i]. */
            items: components["schemas"]["ResolvedAddressApiResponse"][];
        };
        PackageSource: {
            /** @description Always "outlook": the package came from a mail. */
            kind: string;
            /** @description Outlook's conversation id of the thread. */
            conversationId?: string | null;
            /** @description The mail's Internet message id. */
            internetMessageId?: string | null;
            /** @description The mail's subject when the package was made. */
            subject?: string | null;
        };
        CreatePackageApiRequest: {
            /** @description 1 to 200 characters after trimming. */
            name: string;
            /** @description At most 200 characters. */
            emailSubject?: string | null;
            /** @description At most 10000 characters. */
            emailMessage?: string | null;
            /** @description Default false: everyone is asked at once. */
            enforceSigningOrder?: boolean | null;
            /** @description RFC 3339 date-time in the future; "" clears it. */
            expirationDate?: string | null;
            /** @description RFC 3339 date-time in the future: send then; "" clears it. */
            scheduledSendOn?: string | null;
            source?: components["schemas"]["PackageSource"] | (never | null);
            /** @description The sender's address: told when a signer declines and when it completes; "" clears it. */
            senderEmail?: string | null;
            /** @description The sender's name, shown to signers. At most 200 characters. */
            senderName?: string | null;
        };
        /** @description Null or omitted fields stay unchanged. */
        UpdatePackageApiRequest: {
            /** @description 1 to 200 characters after trimming. */
            name?: string;
            /** @description At most 200 characters. */
            emailSubject?: string | null;
            /** @description At most 10000 characters. */
            emailMessage?: string | null;
            /** @description Default false: everyone is asked at once. */
            enforceSigningOrder?: boolean | null;
            /** @description RFC 3339 date-time in the future; "" clears it. */
            expirationDate?: string | null;
            /** @description RFC 3339 date-time in the future: send then; "" clears it. */
            scheduledSendOn?: string | null;
            source?: components["schemas"]["PackageSource"] | (never | null);
            /** @description The sender's address: told when a signer declines and when it completes; "" clears it. */
            senderEmail?: string | null;
            /** @description The sender's name, shown to signers. At most 200 characters. */
            senderName?: string | null;
        };
        PackageResponse: {
            /** Format: uuid */
            id: string;
            name: string;
            status: "Draft" | "Scheduled" | "Queued" | "Sent" | "Viewed" | "InProgress" | "Completed" | "Declined" | "Voided" | "Expired";
            /** Format: date-time */
            createdOn: string;
            /** Format: date-time */
            updatedOn: string;
            /**
             * Format: date-time
             * @description When it was sent.
             */
            sentOn: string | null;
            /**
             * Format: date-time
             * @description When every signer finished.
             */
            completedOn: string | null;
            enforceSigningOrder: boolean;
            /**
             * Format: date-time
             * @description After it, an unfinished package is Expired.
             */
            expirationDate: string | null;
            /**
             * Format: date-time
             * @description When a Scheduled package is sent.
             */
            scheduledSendOn: string | null;
            /** @description Subject of the invitations. */
            emailSubject: string | null;
            /** @description Message of the invitations. */
            emailMessage: string | null;
            documentCount: number;
            signerCount: number;
            completedSignerCount: number;
            isArchived: boolean;
            /** @description Why it was voided. */
            voidedReason: string | null;
            source: components["schemas"]["PackageSource"] | (never | null);
            reminders: {
                enabled: boolean;
                firstAfterDays: number | null;
                everyDays: number | null;
            };
            /** @description Who sent it: told when a signer declines. */
            senderEmail: string | null;
            /** @description The sender's name, shown to signers. */
            senderName: string | null;
            /** @description Ours. A Completed package's signed documents, certificate and zip: being made (InProgress: the download operations answer 400 until Done), made (Done), or given up (Failed). Null before Completed. */
            sealing: "InProgress" | "Done" | "Failed" | (never | null);
        };
        PackageValidationIssue: {
            code: string;
            message: string;
            signerId?: string;
            documentId?: string;
        };
        PackageValidationResponse: {
            isValid: boolean;
            errors: components["schemas"]["PackageValidationIssue"][];
            warnings: components["schemas"]["PackageValidationIssue"][];
        };
        SendImpactResponse: {
            packageId: string;
            status: string;
            /** @description People notified when the package is sent (or now, if it is). */
            notifiedNow: number;
            /** @description People notified when their routing order comes. */
            notifiedLater: number;
            signers: {
                signerId: string;
                name: string;
                routingOrder: number;
                signingGroupId: string | null;
                notified: "now" | "later" | "never";
                /** @description The signer, or a group slot's members (its snapshot once sent). */
                recipients: {
                    email: string;
                    name: string | null;
                }[];
            }[];
        };
        VoidPackageApiRequest: {
            /** @description 1 to 500 characters. */
            reason: string;
        };
        UpdateRemindersApiRequest: {
            enabled: boolean;
            firstAfterDays?: number | null;
            everyDays?: number | null;
        };
        PackageBulkApiRequest: {
            ids: string[];
        };
        BulkItemResult: {
            id: string;
            success: boolean;
            error: {
                code: string;
                message: string;
            } | null;
        };
        BulkResultResponse: {
            results: components["schemas"]["BulkItemResult"][];
            successCount: number;
            failureCount: number;
        };
        AuditEventResponse: {
            id: string;
            /** Format: date-time */
            at: string;
            action: string;
            actor: {
                type: string;
                email: string | null;
                name: string | null;
            };
            ip: string | null;
            details: {
                [key: string]: unknown;
            };
            hash: string;
            previousHash: string | null;
        };
        AuditVerifyResponse: {
            isValid: boolean;
            eventCount: number;
            /** @description The first event that does not follow from those before it; null for a trail cut short. */
            firstBrokenEventId: string | null;
            /** @description Why the trail is not valid (null when it is): an event breaks the chain, or events are missing from its end (fewer than the package recorded). */
            reason: string | null;
        };
        CreateSignerApiRequest: {
            /** @description A person's address; omit with signingGroupId. */
            email?: string | null;
            /** @description Display name; a group slot defaults to the group's name, a person to the address. */
            name?: string | null;
            /** @description Signer, Approver, InPersonSigner, CarbonCopy (default Signer). */
            type?: string | null;
            /** @description 1 to 100, default 1. */
            routingOrder?: number | null;
            /** @description A signing group of the tenant: its members are copied in when the package is sent. */
            signingGroupId?: string | null;
            /** @description Email, AccessCode, Sms, Kba, IdVerification; Sms, Kba and IdVerification answer 400 not_supported. */
            authMethod?: string | null;
            /** @description Required with AccessCode: 4 to 50 characters, never answered back. */
            accessCode?: string | null;
            /** @description Marks an embedded signer. */
            clientUserId?: string | null;
            /** @description A role name. */
            roleName?: string | null;
        };
        /** @description Null or omitted fields stay unchanged; signingGroupId 00000000-0000-0000-0000-000000000000 turns a group slot back into a person (email then required). */
        UpdateSignerApiRequest: {
            /** @description A person's address; omit with signingGroupId. */
            email?: string | null;
            /** @description Display name; a group slot defaults to the group's name, a person to the address. */
            name?: string | null;
            /** @description Signer, Approver, InPersonSigner, CarbonCopy (default Signer). */
            type?: string | null;
            /** @description 1 to 100, default 1. */
            routingOrder?: number | null;
            /** @description A signing group of the tenant: its members are copied in when the package is sent. */
            signingGroupId?: string | null;
            /** @description Email, AccessCode, Sms, Kba, IdVerification; Sms, Kba and IdVerification answer 400 not_supported. */
            authMethod?: string | null;
            /** @description Required with AccessCode: 4 to 50 characters, never answered back. */
            accessCode?: string | null;
            /** @description Marks an embedded signer. */
            clientUserId?: string | null;
            /** @description A role name. */
            roleName?: string | null;
        };
        BulkSignersApiRequest: {
            signers: components["schemas"]["CreateSignerApiRequest"][];
        };
        SignerApiResponse: {
            id: string;
            email: string | null;
            name: string;
            type: string;
            routingOrder: number;
            status: string;
            authMethod: string;
            isEmbedded: boolean;
            clientUserId: string | null;
            signingGroupId: string | null;
            roleName: string | null;
            /** Format: date-time */
            viewedOn: string | null;
            /** Format: date-time */
            completedOn: string | null;
            /** Format: date-time */
            createdOn: string;
            /** Format: date-time */
            declinedOn: string | null;
            declineReason: string | null;
            remindersSentCount: number;
            /** Format: date-time */
            lastReminderSentOn: string | null;
            /** @description A group slot's members as copied when the package was sent ([] before); null for a person. */
            groupMembers: {
                email: string;
                name: string | null;
            }[] | null;
            /** @description Which member finished a group slot. */
            completedBy: string | null;
        };
        SignerListApiResponse: {
            items: components["schemas"]["SignerApiResponse"][];
            page: number;
            pageSize: number;
            totalCount: number;
            totalPages: number;
        };
        PackageListItemResponse: {
            /** Format: uuid */
            id: string;
            name: string;
            status: "Draft" | "Scheduled" | "Queued" | "Sent" | "Viewed" | "InProgress" | "Completed" | "Declined" | "Voided" | "Expired";
            /** Format: date-time */
            createdOn: string;
            /** Format: date-time */
            updatedOn: string;
            /**
             * Format: date-time
             * @description When it was sent.
             */
            sentOn: string | null;
            /**
             * Format: date-time
             * @description When every signer finished.
             */
            completedOn: string | null;
            enforceSigningOrder: boolean;
            /**
             * Format: date-time
             * @description After it, an unfinished package is Expired.
             */
            expirationDate: string | null;
            /**
             * Format: date-time
             * @description When a Scheduled package is sent.
             */
            scheduledSendOn: string | null;
            /** @description Subject of the invitations. */
            emailSubject: string | null;
            /** @description Message of the invitations. */
            emailMessage: string | null;
            documentCount: number;
            signerCount: number;
            completedSignerCount: number;
            isArchived: boolean;
            /** @description Why it was voided. */
            voidedReason: string | null;
            source: components["schemas"]["PackageSource"] | (never | null);
            reminders: {
                enabled: boolean;
                firstAfterDays: number | null;
                everyDays: number | null;
            };
            /** @description Who sent it: told when a signer declines. */
            senderEmail: string | null;
            /** @description The sender's name, shown to signers. */
            senderName: string | null;
            /** @description Ours. A Completed package's signed documents, certificate and zip: being made (InProgress: the download operations answer 400 until Done), made (Done), or given up (Failed). Null before Completed. */
            sealing: "InProgress" | "Done" | "Failed" | (never | null);
            /** @description Only with includeSigners=true: the package's signers as GET /packages/{id}/signers answers them (routing order). */
            signers?: components["schemas"]["SignerApiResponse"][];
        };
        PackageListApiResponse: {
            items: components["schemas"]["PackageListItemResponse"][];
            page: number;
            pageSize: number;
            totalCount: number;
            totalPages: number;
        };
        ReorderSignersApiRequest: {
            order: {
                signerId: string;
                routingOrder: number;
            }[];
        };
        ReassignSignerApiRequest: {
            email: string;
            /** @description The new person's name. */
            name?: string | null;
            /** @description Why, for the audit trail. */
            reason?: string | null;
        };
        ResendSignersApiRequest: {
            signerIds: string[];
        };
        CreateAnnotationApiRequest: {
            /** @description A document of this package. */
            documentId: string;
            /** @description A signer of this package. */
            signerId: string;
            /** @description Signature, Initials, DateSigned, Name, Email, Company, Title, Text, Date, Number, Checkbox, RadioGroup, Dropdown, Attachment (any case). */
            type: string;
            /** @description 1-based page of the document. */
            page: number;
            /** @description Points from the page's visible left edge. */
            x: number;
            /** @description Points from the page's visible top edge (y grows downwards). */
            y: number;
            /** @description Points; default the type's defaultWidth (annotation-field-types). */
            width?: number | null;
            /** @description Points; default the type's defaultHeight. */
            height?: number | null;
            /** @description Default true. */
            required?: boolean | null;
            /** @description At most 100 characters. */
            label?: string | null;
            /** @description At most 100 characters; fields of one group are checked together. */
            group?: string | null;
            /** @description Dropdown and RadioGroup only, and required there: 1 or more distinct options. */
            options?: string[] | null;
            /** @description A prefilled value (at most 4000 characters): true/false for a Checkbox, one of the options for a choice, YYYY-MM-DD for a Date; none for fields filled at signing. */
            value?: string | null;
        };
        /** @description Null or omitted fields stay unchanged; the result must still lie inside its page. */
        UpdateAnnotationApiRequest: {
            /** @description A document of this package. */
            documentId?: string | (never | null);
            /** @description A signer of this package. */
            signerId?: string | (never | null);
            /** @description Signature, Initials, DateSigned, Name, Email, Company, Title, Text, Date, Number, Checkbox, RadioGroup, Dropdown, Attachment (any case). */
            type?: string | (never | null);
            /** @description 1-based page of the document. */
            page?: number | (never | null);
            /** @description Points from the page's visible left edge. */
            x?: number | (never | null);
            /** @description Points from the page's visible top edge (y grows downwards). */
            y?: number | (never | null);
            /** @description Points; default the type's defaultWidth (annotation-field-types). */
            width?: number | null;
            /** @description Points; default the type's defaultHeight. */
            height?: number | null;
            /** @description Default true. */
            required?: boolean | null;
            /** @description At most 100 characters. */
            label?: string | null;
            /** @description At most 100 characters; fields of one group are checked together. */
            group?: string | null;
            /** @description Dropdown and RadioGroup only, and required there: 1 or more distinct options. */
            options?: string[] | null;
            /** @description A prefilled value (at most 4000 characters): true/false for a Checkbox, one of the options for a choice, YYYY-MM-DD for a Date; none for fields filled at signing. */
            value?: string | null;
        };
        BulkAnnotationsApiRequest: {
            annotations: components["schemas"]["CreateAnnotationApiRequest"][];
        };
        AnnotationApiResponse: {
            id: string;
            documentId: string;
            signerId: string;
            type: string;
            page: number;
            x: number;
            y: number;
            width: number;
            height: number;
            required: boolean;
            label: string | null;
            group: string | null;
            options: string[] | null;
            value: string | null;
            source: "Manual" | "TextTag";
            isCompleted: boolean;
            /**
             * Format: date-time
             * @description When the signer filled it in.
             */
            completedOn: string | null;
            /** Format: date-time */
            createdOn: string;
        };
        AnnotationListApiResponse: {
            items: components["schemas"]["AnnotationApiResponse"][];
            page: number;
            pageSize: number;
            totalCount: number;
            totalPages: number;
        };
        AnnotationFieldTypeResponse: {
            type: string;
            description: string;
            /** @description False for fields the service fills in (date signed, name, email). */
            acceptsInput: boolean;
            /** @description Dropdown and RadioGroup: options are required. */
            takesOptions: boolean;
            /** @description Points. */
            defaultWidth: number;
            /** @description Points. */
            defaultHeight: number;
        };
        /** @description A page's visible size, after its rotation and crop box. */
        DocumentPage: {
            /** @description Points. */
            width: number;
            /** @description Points. */
            height: number;
        };
        DocumentApiResponse: {
            id: string;
            name: string;
            fileName: string;
            /** @description As uploaded; images are also kept as a one-page PDF. */
            contentType: string;
            /** @description Bytes, as uploaded. */
            size: number;
            sha256: string;
            pageCount: number;
            pages: components["schemas"]["DocumentPage"][];
            order: number;
            /** Format: date-time */
            createdOn: string;
            detectedTagCount: number;
        };
        DocumentListApiResponse: {
            items: components["schemas"]["DocumentApiResponse"][];
            page: number;
            pageSize: number;
            totalCount: number;
            totalPages: number;
        };
        InitiateUploadApiRequest: {
            /** @description At most 255 characters; a path is cut to its last part. */
            fileName: string;
            /** @description Shown name; the file name when omitted. */
            name?: string | null;
            /** @description application/pdf, image/png, image/jpeg (else 415). */
            contentType: string;
            /** @description Bytes, 1 to 52428800 (else 413). */
            size: number;
            /** @description Lowercase hex; when given, commit checks the bytes against it. */
            sha256?: string | null;
        };
        ImportUrlApiRequest: {
            /** @description https only; no private, loopback or link-local address (checked after DNS, on every redirect). */
            url: string;
            /** @description Shown name; the file's name when omitted. */
            name?: string | null;
        };
        DownloadLinkResponse: {
            /** @description Our link (a path on this service); needs no credential. */
            url: string;
            /**
             * Format: date-time
             * @description 5 minutes after it was made.
             */
            expiresOn: string;
        };
        UploadSessionResponse: {
            id: string;
            fileName: string;
            contentType: string;
            size: number;
            /** @description 4 MiB: every block but the last is exactly this long. */
            blockSize: number;
            blockCount: number;
            /** @description 0-based numbers of the blocks staged. */
            receivedBlocks: number[];
            /** @enum {string} */
            status: "Open";
            /** Format: date-time */
            createdOn: string;
            /**
             * Format: date-time
             * @description 24 hours after it was opened.
             */
            expiresOn: string;
        };
        DetectedTagResponse: {
            text: string;
            format: "Platform" | "DocuSign" | "AdobeSign";
            type: ("Signature" | "Initials" | "DateSigned" | "Name" | "Email" | "Company" | "Title" | "Text" | "Date" | "Number" | "Checkbox" | "RadioGroup" | "Dropdown" | "Attachment") | (never | null);
            signerIndex: number | null;
            required: boolean | null;
            label: string | null;
            group: string | null;
            options: string[] | null;
            page: number;
            /** @description Points from the page's visible top-left. */
            x: number;
            y: number;
            /** @description x, y, width and height are the tag's own text box. */
            width: number;
            height: number;
            /** @description The box of the field the tag makes (points from the page's visible top-left): its bottom on the tag's line, at least as wide as the tag and growing right to the next text or the type's usual width, a Signature or Initials growing up into empty space; it covers no other text of the page. apply-detected-tags places its annotations exactly here. */
            field: {
                x: number;
                y: number;
                width: number;
                height: number;
            };
            /** @description Font size (points) of the document's text beside the tag on its line (e.g. its label), else the tag's own; at most 1.4 times the tag's text height. */
            textSize: number;
            /** @description The y of the tag's baseline, points from the page's visible top. */
            baseline: number;
            /** @description Why the tag does not parse; the rest is null then. */
            error: string | null;
        };
        RemovalImpactResponse: {
            /** @description Annotations on the document, deleted with it. */
            annotationCount: number;
            /** @description Signers whose every field is on this document. */
            signersLeftWithoutFields: string[];
        };
        ApplyDetectedTagsApiRequest: {
            /** @description Only these documents; all when omitted. */
            documentIds?: string[] | null;
        };
        ApplyDetectedTagsResponse: {
            created: components["schemas"]["AnnotationApiResponse"][];
            skipped: {
                text: string;
                page: number;
                reason: "no_signer_for_index" | "already_applied" | "invalid_tag" | "does_not_fit";
                message: string;
            }[];
        };
        TelemetryClientInfoDto: {
            /**
             * Format: uuid
             * @description A random id made once per install of the add-in; it names no person or mailbox.
             */
            installId: string;
            /**
             * @description Office's host name (Office.context.diagnostics.host).
             * @enum {string}
             */
            host: "Outlook" | "OutlookWebApp" | "OutlookIOS" | "OutlookAndroid" | "other";
            /**
             * @description Office's platform (Office.context.platform).
             * @enum {string}
             */
            platform: "PC" | "OfficeOnline" | "Mac" | "iOS" | "Android" | "Universal" | "other";
            hostVersion: string;
            addinVersion: string;
        };
        /** @description At most 50 events and 65536 bytes. Unlike elsewhere in the API, unknown properties are refused: every value is enumerated, a bounded integer or a short code, so that no personal data can be sent. */
        TelemetryBatchApiRequest: {
            client: components["schemas"]["TelemetryClientInfoDto"];
            events: ({
                /** @enum {string} */
                name: "pane_opened";
                /**
                 * Format: date-time
                 * @description When it happened (client clock).
                 */
                at: string;
                props: {
                    loadMs: number;
                    /** @enum {string} */
                    view: "send" | "groups" | "tags" | "status" | "settings" | "sign";
                    /** @enum {string} */
                    mode: "read" | "compose" | "none";
                };
            } | {
                /** @enum {string} */
                name: "view_shown";
                /**
                 * Format: date-time
                 * @description When it happened (client clock).
                 */
                at: string;
                props: {
                    /** @enum {string} */
                    view: "send" | "groups" | "tags" | "status" | "settings" | "sign";
                };
            } | {
                /** @enum {string} */
                name: "action_started";
                /**
                 * Format: date-time
                 * @description When it happened (client clock).
                 */
                at: string;
                props: {
                    /** @enum {string} */
                    action: "settings.sign_in" | "settings.sign_out" | "settings.verify" | "tags.copy" | "tags.insert" | "groups.list" | "groups.resolve" | "groups.create" | "groups.update" | "groups.delete" | "groups.bulk_delete" | "groups.members.add" | "groups.members.remove" | "send.prepare" | "send.submit" | "status.refresh" | "status.remind" | "status.void" | "status.download" | "status.certificate" | "status.reply_signed" | "status.audit_trail" | "status.signing_link";
                };
            } | {
                /** @enum {string} */
                name: "action_succeeded";
                /**
                 * Format: date-time
                 * @description When it happened (client clock).
                 */
                at: string;
                props: {
                    /** @enum {string} */
                    action: "settings.sign_in" | "settings.sign_out" | "settings.verify" | "tags.copy" | "tags.insert" | "groups.list" | "groups.resolve" | "groups.create" | "groups.update" | "groups.delete" | "groups.bulk_delete" | "groups.members.add" | "groups.members.remove" | "send.prepare" | "send.submit" | "status.refresh" | "status.remind" | "status.void" | "status.download" | "status.certificate" | "status.reply_signed" | "status.audit_trail" | "status.signing_link";
                    durationMs: number;
                };
            } | {
                /** @enum {string} */
                name: "action_failed";
                /**
                 * Format: date-time
                 * @description When it happened (client clock).
                 */
                at: string;
                props: {
                    /** @enum {string} */
                    action: "settings.sign_in" | "settings.sign_out" | "settings.verify" | "tags.copy" | "tags.insert" | "groups.list" | "groups.resolve" | "groups.create" | "groups.update" | "groups.delete" | "groups.bulk_delete" | "groups.members.add" | "groups.members.remove" | "send.prepare" | "send.submit" | "status.refresh" | "status.remind" | "status.void" | "status.download" | "status.certificate" | "status.reply_signed" | "status.audit_trail" | "status.signing_link";
                    durationMs: number;
                    /** @enum {string} */
                    errorCode: "validation_failed" | "duplicate_member" | "member_limit_reached" | "not_found" | "member_not_found" | "unauthorized" | "legacy_api_key" | "insufficient_scope" | "unsupported_media_type" | "payload_too_large" | "tag_unparseable" | "invalid_format" | "rate_limited" | "internal_error" | "invalid_state" | "duplicate_signer" | "not_supported" | "not_your_turn" | "invalid_document" | "network_error" | "timeout" | "cancelled" | "invalid_response" | "invalid_service_url" | "forbidden" | "service_unavailable" | "http_error" | "blocked" | "in_progress" | "consent" | "setup" | "network" | "bad_response" | "failed" | "error" | "type_error" | "range_error" | "reference_error" | "syntax_error" | "eval_error" | "uri_error" | "aggregate_error" | "abort_error" | "timeout_error" | "not_allowed_error" | "security_error" | "quota_exceeded_error" | "data_clone_error" | "chunk_load_error" | "api_error" | "outlook_error" | "unsupported_attachment_error" | "sign_in_error" | "auth_error" | "browser_auth_error" | "client_auth_error" | "interaction_required_auth_error" | "server_error" | "tag_parse_error" | "tag_spec_error" | "other";
                    status?: number;
                };
            } | {
                /** @enum {string} */
                name: "unexpected_error";
                /**
                 * Format: date-time
                 * @description When it happened (client clock).
                 */
                at: string;
                props: {
                    /** @enum {string} */
                    source: "window_error" | "unhandled_rejection" | "render";
                    /** @enum {string} */
                    errorCode: "validation_failed" | "duplicate_member" | "member_limit_reached" | "not_found" | "member_not_found" | "unauthorized" | "legacy_api_key" | "insufficient_scope" | "unsupported_media_type" | "payload_too_large" | "tag_unparseable" | "invalid_format" | "rate_limited" | "internal_error" | "invalid_state" | "duplicate_signer" | "not_supported" | "not_your_turn" | "invalid_document" | "network_error" | "timeout" | "cancelled" | "invalid_response" | "invalid_service_url" | "forbidden" | "service_unavailable" | "http_error" | "blocked" | "in_progress" | "consent" | "setup" | "network" | "bad_response" | "failed" | "error" | "type_error" | "range_error" | "reference_error" | "syntax_error" | "eval_error" | "uri_error" | "aggregate_error" | "abort_error" | "timeout_error" | "not_allowed_error" | "security_error" | "quota_exceeded_error" | "data_clone_error" | "chunk_load_error" | "api_error" | "outlook_error" | "unsupported_attachment_error" | "sign_in_error" | "auth_error" | "browser_auth_error" | "client_auth_error" | "interaction_required_auth_error" | "server_error" | "tag_parse_error" | "tag_spec_error" | "other";
                };
            })[];
        };
        /** @description A telemetry batch sent with navigator.sendBeacon (as text/plain, which a beacon may send across origins), authenticated by the beacon key in the body instead of a credential. */
        TelemetryBeaconApiRequest: {
            /** @description From the previous 202's `beaconKey`. */
            beaconKey: string;
            client: components["schemas"]["TelemetryClientInfoDto"];
            events: ({
                /** @enum {string} */
                name: "pane_opened";
                /**
                 * Format: date-time
                 * @description When it happened (client clock).
                 */
                at: string;
                props: {
                    loadMs: number;
                    /** @enum {string} */
                    view: "send" | "groups" | "tags" | "status" | "settings" | "sign";
                    /** @enum {string} */
                    mode: "read" | "compose" | "none";
                };
            } | {
                /** @enum {string} */
                name: "view_shown";
                /**
                 * Format: date-time
                 * @description When it happened (client clock).
                 */
                at: string;
                props: {
                    /** @enum {string} */
                    view: "send" | "groups" | "tags" | "status" | "settings" | "sign";
                };
            } | {
                /** @enum {string} */
                name: "action_started";
                /**
                 * Format: date-time
                 * @description When it happened (client clock).
                 */
                at: string;
                props: {
                    /** @enum {string} */
                    action: "settings.sign_in" | "settings.sign_out" | "settings.verify" | "tags.copy" | "tags.insert" | "groups.list" | "groups.resolve" | "groups.create" | "groups.update" | "groups.delete" | "groups.bulk_delete" | "groups.members.add" | "groups.members.remove" | "send.prepare" | "send.submit" | "status.refresh" | "status.remind" | "status.void" | "status.download" | "status.certificate" | "status.reply_signed" | "status.audit_trail" | "status.signing_link";
                };
            } | {
                /** @enum {string} */
                name: "action_succeeded";
                /**
                 * Format: date-time
                 * @description When it happened (client clock).
                 */
                at: string;
                props: {
                    /** @enum {string} */
                    action: "settings.sign_in" | "settings.sign_out" | "settings.verify" | "tags.copy" | "tags.insert" | "groups.list" | "groups.resolve" | "groups.create" | "groups.update" | "groups.delete" | "groups.bulk_delete" | "groups.members.add" | "groups.members.remove" | "send.prepare" | "send.submit" | "status.refresh" | "status.remind" | "status.void" | "status.download" | "status.certificate" | "status.reply_signed" | "status.audit_trail" | "status.signing_link";
                    durationMs: number;
                };
            } | {
                /** @enum {string} */
                name: "action_failed";
                /**
                 * Format: date-time
                 * @description When it happened (client clock).
                 */
                at: string;
                props: {
                    /** @enum {string} */
                    action: "settings.sign_in" | "settings.sign_out" | "settings.verify" | "tags.copy" | "tags.insert" | "groups.list" | "groups.resolve" | "groups.create" | "groups.update" | "groups.delete" | "groups.bulk_delete" | "groups.members.add" | "groups.members.remove" | "send.prepare" | "send.submit" | "status.refresh" | "status.remind" | "status.void" | "status.download" | "status.certificate" | "status.reply_signed" | "status.audit_trail" | "status.signing_link";
                    durationMs: number;
                    /** @enum {string} */
                    errorCode: "validation_failed" | "duplicate_member" | "member_limit_reached" | "not_found" | "member_not_found" | "unauthorized" | "legacy_api_key" | "insufficient_scope" | "unsupported_media_type" | "payload_too_large" | "tag_unparseable" | "invalid_format" | "rate_limited" | "internal_error" | "invalid_state" | "duplicate_signer" | "not_supported" | "not_your_turn" | "invalid_document" | "network_error" | "timeout" | "cancelled" | "invalid_response" | "invalid_service_url" | "forbidden" | "service_unavailable" | "http_error" | "blocked" | "in_progress" | "consent" | "setup" | "network" | "bad_response" | "failed" | "error" | "type_error" | "range_error" | "reference_error" | "syntax_error" | "eval_error" | "uri_error" | "aggregate_error" | "abort_error" | "timeout_error" | "not_allowed_error" | "security_error" | "quota_exceeded_error" | "data_clone_error" | "chunk_load_error" | "api_error" | "outlook_error" | "unsupported_attachment_error" | "sign_in_error" | "auth_error" | "browser_auth_error" | "client_auth_error" | "interaction_required_auth_error" | "server_error" | "tag_parse_error" | "tag_spec_error" | "other";
                    status?: number;
                };
            } | {
                /** @enum {string} */
                name: "unexpected_error";
                /**
                 * Format: date-time
                 * @description When it happened (client clock).
                 */
                at: string;
                props: {
                    /** @enum {string} */
                    source: "window_error" | "unhandled_rejection" | "render";
                    /** @enum {string} */
                    errorCode: "validation_failed" | "duplicate_member" | "member_limit_reached" | "not_found" | "member_not_found" | "unauthorized" | "legacy_api_key" | "insufficient_scope" | "unsupported_media_type" | "payload_too_large" | "tag_unparseable" | "invalid_format" | "rate_limited" | "internal_error" | "invalid_state" | "duplicate_signer" | "not_supported" | "not_your_turn" | "invalid_document" | "network_error" | "timeout" | "cancelled" | "invalid_response" | "invalid_service_url" | "forbidden" | "service_unavailable" | "http_error" | "blocked" | "in_progress" | "consent" | "setup" | "network" | "bad_response" | "failed" | "error" | "type_error" | "range_error" | "reference_error" | "syntax_error" | "eval_error" | "uri_error" | "aggregate_error" | "abort_error" | "timeout_error" | "not_allowed_error" | "security_error" | "quota_exceeded_error" | "data_clone_error" | "chunk_load_error" | "api_error" | "outlook_error" | "unsupported_attachment_error" | "sign_in_error" | "auth_error" | "browser_auth_error" | "client_auth_error" | "interaction_required_auth_error" | "server_error" | "tag_parse_error" | "tag_spec_error" | "other";
                };
            })[];
        };
        TelemetryAcceptedApiResponse: {
            /** @description Events stored (0 when the tenant has telemetry off). */
            accepted: number;
            /** @description False when the tenant has turned telemetry off: the add-in stops sending. */
            telemetryEnabled: boolean;
            /** @description While telemetry is on: a key for POST /api/v1/telemetry/outlook/beacon, valid for an hour, for the one request a closing pane can still make (navigator.sendBeacon cannot send a credential). */
            beaconKey?: string;
        };
        ManifestFingerprintApiResponse: {
            /** @description SHA-256 (hex) of the canonical manifest the service serves for the current add-in build. */
            fingerprint: string;
            /** @description The manifest's <Version>. */
            version: string;
        };
        SigningField: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            documentId: string;
            type: "Signature" | "Initials" | "DateSigned" | "Name" | "Email" | "Company" | "Title" | "Text" | "Date" | "Number" | "Checkbox" | "RadioGroup" | "Dropdown" | "Attachment";
            page: number;
            x: number;
            y: number;
            width: number;
            height: number;
            required: boolean;
            label: string | null;
            group: string | null;
            options: string[] | null;
            /** @description What the person has put in it so far (or the sender's prefilled value). */
            value: string | null;
            /** @description True once the slot is finished and the value is final. */
            isCompleted: boolean;
            /** @description Filled by the service at finish; shown read-only. */
            auto: ("Name" | "Email" | "DateSigned") | (never | null);
        };
        SigningSession: {
            state: "Ready" | "AccessCodeRequired" | "NotYourTurn" | "Completed" | "CompletedByOther" | "Declined" | "Voided" | "Expired" | "Reassigned";
            package: {
                /** Format: uuid */
                id: string;
                name: string;
                status: "Draft" | "Scheduled" | "Queued" | "Sent" | "Viewed" | "InProgress" | "Completed" | "Declined" | "Voided" | "Expired";
                emailMessage: string | null;
                senderName: string | null;
                senderEmail: string | null;
                /** Format: date-time */
                expirationDate: string | null;
            };
            signer: {
                id: string;
                /** @description The person following the link (a group slot: the member). */
                name: string;
                email: string;
                type: "Signer" | "Approver" | "InPersonSigner" | "CarbonCopy";
                status: string;
                routingOrder: number;
                isGroupSlot: boolean;
                groupName: string | null;
            };
            /** @description The member who finished a group slot. */
            completedBy: {
                name: string;
                email: string;
                /** Format: date-time */
                completedOn: string | null;
            } | null;
            declineReason: string | null;
            voidedReason: string | null;
            /**
             * Format: uri
             * @description A signing-url link's returnUrl: the page goes there once the signer finishes or declines.
             */
            returnUrl: string | null;
            /** @description Empty unless the state is Ready, NotYourTurn or Completed. */
            documents: {
                /** Format: uuid */
                id: string;
                name: string;
                pageCount: number;
                pages: {
                    width: number;
                    height: number;
                }[];
            }[];
            /** @description This signer's fields in signing order. */
            fields: components["schemas"]["SigningField"][];
        };
        SigningAccessCodeRequest: {
            /** @description The code the sender gave the signer. */
            accessCode: string;
        };
        SigningAccessCodeGrant: {
            /** @description Send it as X-Signing-Grant on every other call of this link. */
            grant: string;
            /** Format: date-time */
            expiresOn: string;
        };
        SigningFieldValueRequest: {
            /** @description A string checked by the field's type (text at most 4000 characters; Number a decimal; Date YYYY-MM-DD; Checkbox "true" or "false"; RadioGroup and Dropdown one of the options; Signature and Initials a data:image/png;base64 URL of at most 512 KB); null clears it. */
            value: string | null;
        };
        SigningDeclineRequest: {
            /** @description 1 to 500 characters. */
            reason: string;
        };
        GetSigningUrlApiRequest: {
            /** @description Where the page sends the signer after they finish or decline: an absolute https URL (http only for localhost), an RFC 3986 URI (spaces, quotes and braces percent-encoded). */
            returnUrl?: string | null;
            /** @description Default 5, at most 60. */
            expiresInMinutes?: number | null;
            /** @description At most 25 origins (such as https://app.example.com; http only for localhost) that may show this link's page in a frame: its Content-Security-Policy's frame-ancestors. */
            allowedOrigins?: string[] | null;
        };
        SigningUrlResponse: {
            url: string;
            /** Format: date-time */
            expiresOn: string;
        };
        MintShareLinkApiRequest: {
            /** @description One of SignedDocument, AllSignedDocuments, EvidencePack, CertificateOfCompletion: one signed document, all of them (a zip), the evidence pack (documents and audit trail, a zip) or the certificate of completion. */
            scope: string;
            /** @description The document, for the SignedDocument scope only (required there). */
            documentId?: string | null;
            /** @description 1 to 90; default 7. */
            expiresInDays?: number | null;
            /** @description How many times it may be opened, 1 to 10000; omitted or null: any number until it expires. */
            maxUses?: number | null;
        };
        ShareLinkApiResponse: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            packageId: string;
            /** Format: uuid */
            documentId: string | null;
            scope: "SignedDocument" | "AllSignedDocuments" | "EvidencePack" | "CertificateOfCompletion";
            /** @description Revoked links are not listed. */
            status: "Active" | "Expired" | "UsedUp";
            /** Format: date-time */
            createdOn: string;
            /** Format: date-time */
            expiresOn: string;
            maxUses: number | null;
            useCount: number;
            /** Format: date-time */
            lastUsedOn: string | null;
        };
        MintedShareLinkApiResponse: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            packageId: string;
            /** Format: uuid */
            documentId: string | null;
            scope: "SignedDocument" | "AllSignedDocuments" | "EvidencePack" | "CertificateOfCompletion";
            /** @description Revoked links are not listed. */
            status: "Active" | "Expired" | "UsedUp";
            /** Format: date-time */
            createdOn: string;
            /** Format: date-time */
            expiresOn: string;
            maxUses: number | null;
            useCount: number;
            /** Format: date-time */
            lastUsedOn: string | null;
            /** @description Where the link opens, relative to the service's address. Shown this once: only its hash is kept. */
            url: string;
        };
        ShareLinkListApiResponse: {
            items: components["schemas"]["ShareLinkApiResponse"][];
            page: number;
            pageSize: number;
            totalCount: number;
            totalPages: number;
        };
        SignedFilesApiRequest: {
            /** @description Also the certificate of completion (last). Default false. */
            includeCertificate?: boolean;
        };
        SignedFileApiResponse: {
            kind: "SignedDocument" | "CertificateOfCompletion";
            /**
             * Format: uuid
             * @description The document a SignedDocument is the final form of; null for the certificate.
             */
            documentId: string | null;
            /** @description The name the link answers it under. */
            fileName: string;
            contentType: string;
            /** @description Bytes. */
            size: number;
            /** @description A download link (a path on this service): no credential, 5 minutes, contract §6.2. */
            url: string;
            /** Format: date-time */
            expiresOn: string;
        };
        SignedFilesApiResponse: {
            /** @description The signed documents in the package's order, then the certificate when asked for. */
            files: components["schemas"]["SignedFileApiResponse"][];
            /** @description The bytes of all files together. */
            totalSize: number;
            /**
             * Format: date-time
             * @description When the links stop working (5 minutes).
             */
            expiresOn: string;
        };
        CreateAndSendAnnotationApiRequest: {
            /** @description The document's place in the request, from 0 (documents, or the file parts in order). */
            documentIndex: number;
            /** @description The signer's place in signers, from 0. */
            signerIndex: number;
            /** @description Signature, Initials, DateSigned, Name, Email, Company, Title, Text, Date, Number, Checkbox, RadioGroup, Dropdown, Attachment (any case). */
            type: string;
            /** @description 1-based page of the document. */
            page: number;
            /** @description Points from the page's visible left edge. */
            x: number;
            /** @description Points from the page's visible top edge (y grows downwards). */
            y: number;
            /** @description Points; default the type's defaultWidth (annotation-field-types). */
            width?: number | null;
            /** @description Points; default the type's defaultHeight. */
            height?: number | null;
            /** @description Default true. */
            required?: boolean | null;
            /** @description At most 100 characters. */
            label?: string | null;
            /** @description At most 100 characters; fields of one group are checked together. */
            group?: string | null;
            /** @description Dropdown and RadioGroup only, and required there: 1 or more distinct options. */
            options?: string[] | null;
            /** @description A prefilled value (at most 4000 characters): true/false for a Checkbox, one of the options for a choice, YYYY-MM-DD for a Date; none for fields filled at signing. */
            value?: string | null;
        };
        CreateAndSendPackageApiRequest: {
            /** @description 1 to 200 characters after trimming. */
            name: string;
            /** @description At most 200 characters. */
            emailSubject?: string | null;
            /** @description At most 10000 characters. */
            emailMessage?: string | null;
            /** @description Default false: everyone is asked at once. */
            enforceSigningOrder?: boolean | null;
            /** @description RFC 3339 date-time in the future; "" clears it. */
            expirationDate?: string | null;
            /** @description RFC 3339 date-time in the future: send then; "" clears it. */
            scheduledSendOn?: string | null;
            source?: components["schemas"]["PackageSource"] | (never | null);
            /** @description The sender's address: told when a signer declines and when it completes; "" clears it. */
            senderEmail?: string | null;
            /** @description The sender's name, shown to signers. At most 200 characters. */
            senderName?: string | null;
            /** @description In routing order as given; a tag's `signer N` is the signer at routing position N. At least one, unless signYourself (then none). */
            signers?: components["schemas"]["CreateSignerApiRequest"][];
            /** @description Ours. The caller signs it themselves: leave signers out; the one signer is the caller (the signed-in person's address and name; for a credential without a person, senderEmail and senderName), an embedded signer who gets no mail. The answer's signingUrl is their link, made as signing-url makes one (these are its options). */
            signYourself?: components["schemas"]["GetSigningUrlApiRequest"] | (never | null);
            annotations?: components["schemas"]["CreateAndSendAnnotationApiRequest"][] | null;
            /** @description Default true: the documents' text tags become fields before sending. */
            applyTextTags?: boolean | null;
        };
        CreateAndSendDocument: {
            /** @description Shown name; also the file name when fileName is omitted. */
            name: string;
            /** @description Default name. */
            fileName?: string | null;
            /** @description application/pdf, image/png or image/jpeg; default from the file name's extension. */
            contentType?: string | null;
            /** @description The file's bytes, base64 (at most 50 MB decoded). */
            contentBase64: string;
        };
        CreateAndSendJsonApiRequest: {
            /** @description 1 to 200 characters after trimming. */
            name: string;
            /** @description At most 200 characters. */
            emailSubject?: string | null;
            /** @description At most 10000 characters. */
            emailMessage?: string | null;
            /** @description Default false: everyone is asked at once. */
            enforceSigningOrder?: boolean | null;
            /** @description RFC 3339 date-time in the future; "" clears it. */
            expirationDate?: string | null;
            /** @description RFC 3339 date-time in the future: send then; "" clears it. */
            scheduledSendOn?: string | null;
            source?: components["schemas"]["PackageSource"] | (never | null);
            /** @description The sender's address: told when a signer declines and when it completes; "" clears it. */
            senderEmail?: string | null;
            /** @description The sender's name, shown to signers. At most 200 characters. */
            senderName?: string | null;
            documents: components["schemas"]["CreateAndSendDocument"][];
            /** @description In routing order as given; a tag's `signer N` is the signer at routing position N. At least one, unless signYourself (then none). */
            signers?: components["schemas"]["CreateSignerApiRequest"][];
            /** @description Ours. The caller signs it themselves: leave signers out; the one signer is the caller (the signed-in person's address and name; for a credential without a person, senderEmail and senderName), an embedded signer who gets no mail. The answer's signingUrl is their link, made as signing-url makes one (these are its options). */
            signYourself?: components["schemas"]["GetSigningUrlApiRequest"] | (never | null);
            annotations?: components["schemas"]["CreateAndSendAnnotationApiRequest"][] | null;
            /** @description Default true: the documents' text tags become fields before sending. */
            applyTextTags?: boolean | null;
        };
        CreateAndSendResponse: {
            /** Format: uuid */
            id: string;
            name: string;
            status: "Draft" | "Scheduled" | "Queued" | "Sent" | "Viewed" | "InProgress" | "Completed" | "Declined" | "Voided" | "Expired";
            /** Format: date-time */
            createdOn: string;
            /** Format: date-time */
            updatedOn: string;
            /**
             * Format: date-time
             * @description When it was sent.
             */
            sentOn: string | null;
            /**
             * Format: date-time
             * @description When every signer finished.
             */
            completedOn: string | null;
            enforceSigningOrder: boolean;
            /**
             * Format: date-time
             * @description After it, an unfinished package is Expired.
             */
            expirationDate: string | null;
            /**
             * Format: date-time
             * @description When a Scheduled package is sent.
             */
            scheduledSendOn: string | null;
            /** @description Subject of the invitations. */
            emailSubject: string | null;
            /** @description Message of the invitations. */
            emailMessage: string | null;
            documentCount: number;
            signerCount: number;
            completedSignerCount: number;
            isArchived: boolean;
            /** @description Why it was voided. */
            voidedReason: string | null;
            source: components["schemas"]["PackageSource"] | (never | null);
            reminders: {
                enabled: boolean;
                firstAfterDays: number | null;
                everyDays: number | null;
            };
            /** @description Who sent it: told when a signer declines. */
            senderEmail: string | null;
            /** @description The sender's name, shown to signers. */
            senderName: string | null;
            /** @description Ours. A Completed package's signed documents, certificate and zip: being made (InProgress: the download operations answer 400 until Done), made (Done), or given up (Failed). Null before Completed. */
            sealing: "InProgress" | "Done" | "Failed" | (never | null);
            /** @description Ours, with signYourself only: the caller's link to the signing page. */
            signingUrl?: components["schemas"]["SigningUrlResponse"] | (never | null);
        };
        TemplateDocumentApiResponse: {
            id: string;
            name: string;
            fileName: string;
            /** @description As uploaded; images are also kept as a one-page PDF. */
            contentType: string;
            /** @description Bytes, as uploaded. */
            size: number;
            sha256: string;
            pageCount: number;
            pages: components["schemas"]["DocumentPage"][];
            order: number;
            /** Format: date-time */
            createdOn: string;
            detectedTagCount: number;
            /** @description Failed: its pages were read but its text was not (no tags); retry reads it again. */
            processingStatus: "Ready" | "Failed";
            /** @description Why it failed. */
            processingError: string | null;
        };
        TemplateDocumentListApiResponse: {
            items: components["schemas"]["TemplateDocumentApiResponse"][];
            page: number;
            pageSize: number;
            totalCount: number;
            totalPages: number;
        };
        TemplateDetectedTagResponse: {
            text: string;
            format: "Platform" | "DocuSign" | "AdobeSign";
            type: ("Signature" | "Initials" | "DateSigned" | "Name" | "Email" | "Company" | "Title" | "Text" | "Date" | "Number" | "Checkbox" | "RadioGroup" | "Dropdown" | "Attachment") | (never | null);
            signerIndex: number | null;
            required: boolean | null;
            label: string | null;
            group: string | null;
            options: string[] | null;
            page: number;
            /** @description Points from the page's visible top-left. */
            x: number;
            y: number;
            /** @description x, y, width and height are the tag's own text box. */
            width: number;
            height: number;
            /** @description The box of the field the tag makes (points from the page's visible top-left): its bottom on the tag's line, at least as wide as the tag and growing right to the next text or the type's usual width, a Signature or Initials growing up into empty space; it covers no other text of the page. apply-detected-tags places its annotations exactly here. */
            field: {
                x: number;
                y: number;
                width: number;
                height: number;
            };
            /** @description Font size (points) of the document's text beside the tag on its line (e.g. its label), else the tag's own; at most 1.4 times the tag's text height. */
            textSize: number;
            /** @description The y of the tag's baseline, points from the page's visible top. */
            baseline: number;
            /** @description Why the tag does not parse; the rest is null then. */
            error: string | null;
            /** @description The role at the tag's signer index in routing order; null when there is none. */
            roleId: string | null;
        };
        TemplateRemovalImpactResponse: {
            /** @description Annotations on the document, removed with it. */
            annotationCount: number;
            /** @description Roles whose every field is on this document. */
            rolesLeftWithoutFields: string[];
        };
        /** @description On the document of the path. */
        CreateTemplateAnnotationApiRequest: {
            /** @description A role of this template. */
            roleId: string;
            /** @description Signature, Initials, DateSigned, Name, Email, Company, Title, Text, Date, Number, Checkbox, RadioGroup, Dropdown, Attachment (any case). */
            type: string;
            /** @description 1-based page of the document. */
            page: number;
            /** @description Points from the page's visible left edge. */
            x: number;
            /** @description Points from the page's visible top edge (y grows downwards). */
            y: number;
            /** @description Points; default the type's defaultWidth (annotation-field-types). */
            width?: number | null;
            /** @description Points; default the type's defaultHeight. */
            height?: number | null;
            /** @description Default true. */
            required?: boolean | null;
            /** @description At most 100 characters. */
            label?: string | null;
            /** @description At most 100 characters; fields of one group are checked together. */
            group?: string | null;
            /** @description Dropdown and RadioGroup only, and required there: 1 or more distinct options. */
            options?: string[] | null;
            /** @description A prefilled value (at most 4000 characters): true/false for a Checkbox, one of the options for a choice, YYYY-MM-DD for a Date; none for fields filled at signing. */
            value?: string | null;
        };
        BulkTemplateAnnotationsApiRequest: {
            annotations: components["schemas"]["CreateTemplateAnnotationApiRequest"][];
        };
        /** @description Null or omitted fields stay unchanged; the result must still lie inside its page. */
        UpdateTemplateAnnotationApiRequest: {
            /** @description A document of this package. */
            documentId?: string | (never | null);
            /** @description Signature, Initials, DateSigned, Name, Email, Company, Title, Text, Date, Number, Checkbox, RadioGroup, Dropdown, Attachment (any case). */
            type?: string | (never | null);
            /** @description 1-based page of the document. */
            page?: number | (never | null);
            /** @description Points from the page's visible left edge. */
            x?: number | (never | null);
            /** @description Points from the page's visible top edge (y grows downwards). */
            y?: number | (never | null);
            /** @description Points; default the type's defaultWidth (annotation-field-types). */
            width?: number | null;
            /** @description Points; default the type's defaultHeight. */
            height?: number | null;
            /** @description Default true. */
            required?: boolean | null;
            /** @description At most 100 characters. */
            label?: string | null;
            /** @description At most 100 characters; fields of one group are checked together. */
            group?: string | null;
            /** @description Dropdown and RadioGroup only, and required there: 1 or more distinct options. */
            options?: string[] | null;
            /** @description A prefilled value (at most 4000 characters): true/false for a Checkbox, one of the options for a choice, YYYY-MM-DD for a Date; none for fields filled at signing. */
            value?: string | null;
            /** @description A role of this template. */
            roleId?: string | null;
        };
        TemplateAnnotationApiResponse: {
            id: string;
            documentId: string;
            type: string;
            page: number;
            x: number;
            y: number;
            width: number;
            height: number;
            required: boolean;
            label: string | null;
            group: string | null;
            options: string[] | null;
            value: string | null;
            source: "Manual" | "TextTag";
            /** Format: date-time */
            createdOn: string;
            roleId: string;
        };
        TemplateAnnotationListApiResponse: {
            items: components["schemas"]["TemplateAnnotationApiResponse"][];
            page: number;
            pageSize: number;
            totalCount: number;
            totalPages: number;
        };
        UseTemplateApiRequest: {
            /** @description The package's name; default the template's. */
            name?: string | null;
            roles: {
                /** @description A role of the template; every role is filled once. */
                roleId: string;
                /** @description A person's address (omit with signingGroupId). */
                email?: string | null;
                /** @description The person's name; a group slot defaults to the group's name. */
                name?: string | null;
                /** @description A signing group of the tenant instead of a person. */
                signingGroupId?: string | null;
            }[];
            /** @description Default false (a Draft); true sends at once and needs sign.package.send. */
            send?: boolean | null;
        };
        CreateTemplateApiRequest: {
            /** @description 1 to 200 characters after trimming. */
            name: string;
            /** @description At most 2000 characters. */
            description?: string | null;
        };
        /** @description Null or omitted fields stay unchanged. */
        UpdateTemplateApiRequest: {
            /** @description 1 to 200 characters after trimming. */
            name?: string | null;
            /** @description At most 2000 characters. */
            description?: string | null;
        };
        TemplateApiResponse: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            /** Format: date-time */
            createdOn: string;
            /** Format: date-time */
            updatedOn: string;
            roleCount: number;
            documentCount: number;
        };
        TemplateListApiResponse: {
            items: components["schemas"]["TemplateApiResponse"][];
            page: number;
            pageSize: number;
            totalCount: number;
            totalPages: number;
        };
        CreateTemplateRoleApiRequest: {
            /** @description 1 to 100 characters, unique in the template (any case). */
            name: string;
            /** @description 1 to 100, default 1. */
            routingOrder?: number | null;
            /** @description Signer, Approver, InPersonSigner, CarbonCopy (default Signer). */
            type?: string | null;
        };
        /** @description Null or omitted fields stay unchanged. */
        UpdateTemplateRoleApiRequest: {
            /** @description 1 to 100 characters, unique in the template. */
            name?: string | null;
            /** @description 1 to 100, default 1. */
            routingOrder?: number | null;
            /** @description Signer, Approver, InPersonSigner, CarbonCopy (default Signer). */
            type?: string | null;
        };
        TemplateRoleApiResponse: {
            /** Format: uuid */
            id: string;
            name: string;
            routingOrder: number;
            type: string;
            /** Format: date-time */
            createdOn: string;
        };
        ReorderTemplateRolesApiRequest: {
            order: {
                roleId: string;
                routingOrder: number;
            }[];
        };
        TemplateBulkApiRequest: {
            ids: string[];
        };
        BulkSendApiRequest: {
            rows: {
                [key: string]: {
                    /** @description The person's address; checked when the row's package is made (a bad one fails the row). */
                    email: string;
                    /** @description The person's name. */
                    name?: string | null;
                };
            }[];
            /** @description The packages' name, at most 200 characters; default the template's. */
            name?: string | null;
        };
        BulkSendRowError: {
            /** @description As an error answer's code (contract §3), e.g. validation_failed. */
            code: string;
            message: string;
            /** @description Fields of the row at fault: `<roleId>.email`, `<roleId>` (not a role), `row` (a role left unfilled). */
            errors?: components["schemas"]["SignFieldError"][];
        };
        BulkSendItem: {
            /** @description The row's place in the request, from 1. */
            row: number;
            status: "Pending" | "Sent" | "Failed";
            /**
             * Format: uuid
             * @description The package made and sent for the row, once it is Sent.
             */
            packageId: string | null;
            /** @description Why the row Failed. */
            error: components["schemas"]["BulkSendRowError"] | (never | null);
        };
        BulkSendJobApiResponse: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            templateId: string;
            name: string | null;
            /** @description Completed: every row Sent; CompletedWithErrors: every row Sent or Failed, some Failed. */
            status: "Queued" | "Running" | "Completed" | "CompletedWithErrors";
            total: number;
            /** @description Rows not made yet. */
            pending: number;
            succeeded: number;
            failed: number;
            /** Format: date-time */
            createdOn: string;
            /** Format: date-time */
            updatedOn: string;
            /** Format: date-time */
            completedOn: string | null;
            /** @description Every row, in request order. */
            items: components["schemas"]["BulkSendItem"][];
        };
        /** @description A job without its rows (get the job for them). */
        BulkSendJobSummary: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            templateId: string;
            name: string | null;
            /** @description Completed: every row Sent; CompletedWithErrors: every row Sent or Failed, some Failed. */
            status: "Queued" | "Running" | "Completed" | "CompletedWithErrors";
            total: number;
            /** @description Rows not made yet. */
            pending: number;
            succeeded: number;
            failed: number;
            /** Format: date-time */
            createdOn: string;
            /** Format: date-time */
            updatedOn: string;
            /** Format: date-time */
            completedOn: string | null;
        };
        BulkSendJobListApiResponse: {
            items: components["schemas"]["BulkSendJobSummary"][];
            page: number;
            pageSize: number;
            totalCount: number;
            totalPages: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    connectToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    grant_type?: string;
                    client_id?: string;
                    client_secret?: string;
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                        expires_in: number;
                        scope: string;
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description?: string;
                    };
                };
            };
        };
    };
    apiV1MeGet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeApiResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    listTagTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagTypeInfo"][];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    buildTag: {
        parameters: {
            query?: {
                /** @description A type name from listTagTypes, case-insensitive. */
                type?: string;
                /** @description 1-based signer index (routing order), 1 to 99. */
                signer?: string;
                required?: boolean;
                label?: string;
                group?: string;
                /** @description Comma-separated options for Dropdown or RadioGroup; `\,` is a literal comma. */
                options?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagBuildResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    parseTag: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ParseTagApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ParsedTagDto"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    validateTag: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValidateTagApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagValidationResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    detectTagFormat: {
        parameters: {
            query: {
                tag: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetectFormatResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    convertTag: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConvertTagApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConvertTagResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    listSigningGroups: {
        parameters: {
            query?: {
                /** @description 1-based. */
                page?: number;
                pageSize?: number;
                /** @description Case-insensitive substring of the name, the description or any member's email. */
                search?: string;
                /** @description Any case. Ties are ordered by id, in the same direction. */
                sortBy?: "name" | "createdOn" | "updatedOn" | "memberCount";
                descending?: boolean;
                /** @description ISO 8601 date (midnight UTC) or date-time (UTC when it has no offset): only groups whose updatedOn is at or after it. */
                updatedSince?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningGroupListApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    createSigningGroup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSigningGroupApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningGroupApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getSigningGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signing group's id (a UUID); anything else answers 404 like a missing group. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningGroupApiResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    updateSigningGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signing group's id (a UUID); anything else answers 404 like a missing group. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSigningGroupApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningGroupApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    deleteSigningGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signing group's id (a UUID); anything else answers 404 like a missing group. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    bulkDeleteSigningGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkDeleteApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkDeleteApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    resolveSigningGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResolveSigningGroupsApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResolveSigningGroupsApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    listSigningGroupMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signing group's id (a UUID); anything else answers 404 like a missing group. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningGroupMemberApiResponse"][];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    addSigningGroupMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signing group's id (a UUID); anything else answers 404 like a missing group. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddSigningGroupMemberApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningGroupMemberApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    removeSigningGroupMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signing group's id (a UUID). */
                id: string;
                /** @description The member's email, URL-encoded; matched ignoring case. */
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    listPackages: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                /** @description Repeatable: status=Sent&status=Viewed. */
                status?: ("Draft" | "Scheduled" | "Queued" | "Sent" | "Viewed" | "InProgress" | "Completed" | "Declined" | "Voided" | "Expired")[];
                /** @description Part of the name, ignoring case. */
                search?: string;
                /** @description Packages made from this Outlook thread. */
                conversationId?: string;
                /** @description Packages made from this mail. */
                internetMessageId?: string;
                /** @description Packages whose senderEmail is this address, ignoring case: a user's own packages (the add-in's All packages). */
                senderEmail?: string;
                includeArchived?: boolean;
                /** @description ISO 8601 date or date-time. */
                updatedSince?: string;
                sortBy?: "createdOn" | "updatedOn" | "sentOn" | "name";
                descending?: boolean;
                /** @description Ours: each item carries its signers (as GET /packages/{id}/signers answers them), so a page and its signers are one request and one ETag (the add-in's Status view polls a thread so). */
                includeSigners?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageListApiResponse"];
                };
            };
            /** @description Default Response */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    createPackage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePackageApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getPackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageResponse"];
                };
            };
            /** @description Default Response */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    updatePackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePackageApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    deletePackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    sendPackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    confirmOverageAndSendPackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    cancelSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    resendPackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    archivePackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    unarchivePackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    clonePackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    voidPackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VoidPackageApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    updatePackageReminders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateRemindersApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    validatePackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageValidationResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getPackageSendImpact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SendImpactResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    bulkArchivePackages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PackageBulkApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkResultResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    bulkDeletePackages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PackageBulkApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkResultResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getAuditTrail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEventResponse"][];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    verifyAuditIntegrity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditVerifyResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    listSigners: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignerListApiResponse"];
                };
            };
            /** @description Default Response */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    addSigner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSignerApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignerApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    addSignersBulk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkSignersApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignerApiResponse"][];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    reorderSigners: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReorderSignersApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignerApiResponse"][];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    resendToSignersBulk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResendSignersApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkResultResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getSigner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                signerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignerApiResponse"];
                };
            };
            /** @description Default Response */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    updateSigner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                signerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSignerApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignerApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    removeSigner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                signerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    reassignSigner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                signerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReassignSignerApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignerApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    resendToSigner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                signerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkResultResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getAnnotationFieldTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnnotationFieldTypeResponse"][];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    listAnnotations: {
        parameters: {
            query?: {
                /** @description Only this document's annotations. */
                documentId?: string;
                /** @description Only this signer's annotations. */
                signerId?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnnotationListApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    createAnnotation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAnnotationApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnnotationApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    createAnnotationsBulk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkAnnotationsApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnnotationApiResponse"][];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    validateAnnotations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageValidationResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getAnnotation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                annotationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnnotationApiResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    updateAnnotation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                annotationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAnnotationApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnnotationApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    deleteAnnotation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                annotationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getAnnotationAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                annotationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DownloadLinkResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    listDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentListApiResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    uploadDocumentDirect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    importDocumentFromUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportUrlApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentApiResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    deleteDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getOriginalDownloadUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DownloadLinkResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getPdfDownloadUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DownloadLinkResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getDocumentRemovalImpact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemovalImpactResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getDetectedTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetectedTagResponse"][];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    detectDocumentTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetectedTagResponse"][];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    applyDetectedTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplyDetectedTagsApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplyDetectedTagsResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    initiateDocumentUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InitiateUploadApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadSessionResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getDocumentUploadStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                uploadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadSessionResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    abortDocumentUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                uploadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    commitDocumentUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                uploadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    stageDocumentBlock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                uploadId: string;
                block: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadSessionResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    createAndSendPackageJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAndSendJsonApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAndSendResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    createAndSendPackageMultipart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAndSendResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getDownload: {
        parameters: {
            query?: {
                /** @description 1: a PDF is answered Content-Disposition: inline, so that a browser shows it in its viewer; any other file is an attachment whatever this says. */
                inline?: string;
            };
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file's bytes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getSignedDownloadUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DownloadLinkResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getPackageDownloadUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DownloadLinkResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getSignedFileLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignedFilesApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedFilesApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getCertificateDownloadUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DownloadLinkResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    exportAuditTrail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getSigningSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningSession"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    verifySigningAccessCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SigningAccessCodeRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningAccessCodeGrant"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getSigningDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    saveSigningFieldValue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
                fieldId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SigningFieldValueRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningField"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    attachSigningFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
                fieldId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningField"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    finishSigning: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningSession"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    declineSigning: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SigningDeclineRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningSession"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getSigningUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                signerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GetSigningUrlApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningUrlResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    mintShareLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MintShareLinkApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MintedShareLinkApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    listShareLinks: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                /** @description Only the links of this package. */
                packageId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShareLinkListApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    revokeShareLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    openShareLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (a PDF or a zip). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    listTemplates: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                /** @description Part of the name, any case. */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateListApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    createTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTemplateApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    bulkDeleteTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TemplateBulkApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkResultResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateApiResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    updateTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTemplateApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    deleteTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    listTemplateRoles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateRoleApiResponse"][];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    addTemplateRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTemplateRoleApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateRoleApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    reorderTemplateRoles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReorderTemplateRolesApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateRoleApiResponse"][];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    updateTemplateRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
                /** @description The role's id (UUID). */
                roleId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTemplateRoleApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateRoleApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    removeTemplateRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
                /** @description The role's id (UUID). */
                roleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    createPackageFromTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UseTemplateApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    bulkSendFromTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkSendApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkSendJobApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    listBulkSendJobs: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                /** @description Only the jobs of this template. */
                templateId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkSendJobListApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getBulkSendJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkSendJobApiResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    retryBulkSendFailed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkSendJobApiResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    listTemplateDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateDocumentListApiResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    uploadTemplateDocumentDirect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateDocumentApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getTemplateDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
                /** @description The document's id (UUID). */
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateDocumentApiResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    removeTemplateDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
                /** @description The document's id (UUID). */
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getTemplateDocumentRemovalImpact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
                /** @description The document's id (UUID). */
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateRemovalImpactResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getTemplateDetectedTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
                /** @description The document's id (UUID). */
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateDetectedTagResponse"][];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    detectTemplateDocumentTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
                /** @description The document's id (UUID). */
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateDetectedTagResponse"][];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    retryTemplateDocumentProcessing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
                /** @description The document's id (UUID). */
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateDocumentApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    resetTemplateConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateApiResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    initiateTemplateUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InitiateUploadApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadSessionResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    getTemplateUploadStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
                /** @description The upload's id (UUID). */
                uploadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadSessionResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    abortTemplateUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
                /** @description The upload's id (UUID). */
                uploadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    commitTemplateUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
                /** @description The upload's id (UUID). */
                uploadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateDocumentApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    listTemplateAnnotations: {
        parameters: {
            query?: {
                /** @description Only this document's annotations. */
                documentId?: string;
                /** @description Only this role's annotations. */
                roleId?: string;
            };
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateAnnotationListApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    bulkAddTemplateAnnotations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
                /** @description The document's id (UUID). */
                documentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkTemplateAnnotationsApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateAnnotationApiResponse"][];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    updateTemplateAnnotation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
                /** @description The annotation's id (UUID). */
                annotationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTemplateAnnotationApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateAnnotationApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    removeTemplateAnnotation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
                /** @description The annotation's id (UUID). */
                annotationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    stageTemplateBlock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id (UUID). */
                id: string;
                /** @description The upload's id (UUID). */
                uploadId: string;
                /** @description 0-based. */
                block: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadSessionResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    apiV1TelemetryOutlookPost: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TelemetryBatchApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelemetryAcceptedApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    apiV1TelemetryOutlookBeaconPost: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TelemetryBeaconApiRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelemetryAcceptedApiResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
    apiV1OutlookAddinManifestFingerprintGet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ManifestFingerprintApiResponse"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignErrorResponse"];
                };
            };
        };
    };
}
