import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The project's JSX is compiled with emotion's, so every element takes the `css` prop.
export default defineConfig({
  plugins: [react({ jsxImportSource: '@emotion/react' })],
});
