/**
 * The demo account, apart from the mock's state so the CLI's banner can name it without loading the mock.
 */

/** The account every fresh mock has; documented in the README. */
export const DEMO_ACCOUNT = { username: 'demo', password: 'demo123', role: 'ADMIN' } as const;

/** scrypt of the demo password, worked out once: hashing it at every start would cost 50 ms of start-up. */
export const DEMO_PASSWORD_HASH =
  'scrypt$86a383a3a3303f40ec25975192c64948$c3bb5e1220d62ef7bf7446362b0b5fc75be4d16cac2ad3910c0403bbf3b73a6a';
