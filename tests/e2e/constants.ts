/** The Administrator the e2e servers are started with. */
export const E2E_ADMIN = { email: "admin@inkwell.test", password: "e2e-Admin-password-1" };
