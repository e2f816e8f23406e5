/**
 * The clientUserId the service gives the one signer of a package its sender signs themselves
 * (create-and-send's signYourself); the pane's Status knows that package by it.
 */
export const SELF_SIGNER_CLIENT_ID = "sign-yourself";
