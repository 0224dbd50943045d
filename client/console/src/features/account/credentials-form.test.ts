import { describe, expect, it } from 'vitest';
import { validateCredentials } from './credentials-form';

describe('validateCredentials', () => {
  it('requires both fields, with the inline messages', () => {
    expect(validateCredentials({ username: '', password: '' })).toEqual({
      username: 'Tên đăng nhập là bắt buộc',
      password: 'Mật khẩu là bắt buộc',
    });
    expect(validateCredentials({ username: '   ', password: 'x' })).toEqual({ username: 'Tên đăng nhập là bắt buộc' });
    expect(validateCredentials({ username: 'demo', password: '' })).toEqual({ password: 'Mật khẩu là bắt buộc' });
  });

  it('accepts any non-empty pair (length and format rules are the server\'s)', () => {
    expect(validateCredentials({ username: 'a', password: ' ' })).toEqual({});
  });
});
