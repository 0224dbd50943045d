import { css } from '@emotion/react';

export function App() {
  return (
    <main css={{ padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1 css={{ fontSize: '2rem', color: '#2e5e4e' }}>Plantation</h1>
      <p
        css={css`
          color: #555;
        `}
      >
        Six drones are flying.
      </p>
      <p>Updated every hour.</p>
    </main>
  );
}
