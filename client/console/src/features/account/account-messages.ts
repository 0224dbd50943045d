/** The alerts of spec/console.md §8 for accounts, shown as notices. */
export const LOGIN_FAILED = 'Đăng nhập thất bại!';
export const LOGIN_SUCCEEDED = 'Đăng nhập thành công!';
export const REGISTER_FAILED = 'Đăng ký thất bại!';
export const REGISTER_SUCCEEDED = 'Đăng ký thành công!';
/** Spec §9: how long the logout screen shows before going to /login. */
export const LOGOUT_DELAY_MS = 2000;
