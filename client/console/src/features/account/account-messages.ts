/** The account messages (docs/console.md#session), shown as notices. */
export const LOGIN_FAILED = 'Đăng nhập thất bại!';
export const LOGIN_SUCCEEDED = 'Đăng nhập thành công!';
export const REGISTER_FAILED = 'Đăng ký thất bại!';
export const REGISTER_SUCCEEDED = 'Đăng ký thành công!';
/** How long the logout screen shows before going to /login (docs/console.md#session). */
export const LOGOUT_DELAY_MS = 2000;
