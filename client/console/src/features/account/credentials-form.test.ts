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

  it('accepts any non-empty pair, but not a password of nothing but spaces (the rules are the contract\'s)', () => {
    expect(validateCredentials({ username: 'a', password: ' a ' })).toEqual({});
    expect(validateCredentials({ username: 'a', password: ' ' })).toEqual({ password: 'Mật khẩu không được chỉ gồm khoảng trắng' });
  });
});
