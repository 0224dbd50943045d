/** @jsxImportSource @emotion/react */
import { css } from '@emotion/react';

const size = 4;

export function Refresh() {
  return (
    <button
      css={css`
        padding: ${size}px;
        color: white;

        &:hover {
          background-color: #2e5e4e;
        }
      `}
    >
      Refresh
    </button>
  );
}
