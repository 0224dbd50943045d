/** @jsxImportSource @emotion/react */
import { css } from '@emotion/react';

const size = 4;

export function Refresh() {
  return (
    <button
      css={css`
        padding: ${size}px;
        color: white;
      `}
    >
      Refresh
    </button>
  );
}
