/** Accounts an import created (docs/behaviour.md §import, decision 114). */

/**
 * The password hash of an account that has none (imported authors, decision
 * 114): no password verifies against it, so it cannot sign in until its
 * person chooses one through an invitation.
 */
export const NO_PASSWORD = "!";
/** Imported authors without a usable e-mail get `<login>@imported.invalid`. */
export const IMPORTED_DOMAIN = "imported.invalid";
