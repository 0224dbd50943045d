import { describe, expect, it } from 'vitest';
import { writeRefusal } from './atomic-write.js';

const systemError = (code: string) => Object.assign(new Error(`${code}: the system refused`), { code });

describe('writeRefusal', () => {
  it.each(['ENOSPC', 'EDQUOT'])('answers %s (a full disk, a used-up quota) with 507 DISK_FULL naming the file', (code) => {
    const refusal = writeRefusal(systemError(code), 'src/page.tsx');
    expect([refusal?.statusCode, refusal?.code]).toEqual([507, 'DISK_FULL']);
    expect(refusal?.message).toContain('"src/page.tsx"');
    expect(refusal?.message).toContain('Nothing was written');
  });

  it.each(['EACCES', 'EPERM', 'EROFS'])('answers %s with 403 FILE_NOT_WRITABLE', (code) => {
    expect(writeRefusal(systemError(code), 'src/page.tsx')?.code).toBe('FILE_NOT_WRITABLE');
  });

  it('leaves any other failure to the caller', () => {
    expect(writeRefusal(systemError('EIO'), 'src/page.tsx')).toBeNull();
  });
});
