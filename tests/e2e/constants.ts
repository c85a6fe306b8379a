/** The Administrator the e2e servers are started with. */
export const E2E_ADMIN = { email: "admin@inkwell.test", password: "e2e-Admin-password-1" };

/**
 * First port of the e2e servers: no-js on BASE, js on BASE+1, the server
 * tests on BASE+20..22. `E2E_PORT_BASE` moves them, so two checkouts can run
 * their suites side by side.
 */
export const E2E_PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3611);
