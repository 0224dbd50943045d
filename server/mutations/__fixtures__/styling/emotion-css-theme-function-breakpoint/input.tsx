/** @jsxImportSource @emotion/react */
import type { Theme } from '@emotion/react';

export function Total({ value }: { value: number }) {
  return <strong css={(theme: Theme) => ({ color: (theme as { accent?: string }).accent, fontSize: '1rem' })}>{value}</strong>;
}
