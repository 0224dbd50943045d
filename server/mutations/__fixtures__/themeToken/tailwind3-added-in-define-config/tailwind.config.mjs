import { defineConfig } from './define-config.mjs';

export default defineConfig({
  content: ['./src/**/*.jsx'],
  theme: { extend: { boxShadow: { soft: '0 1px 3px rgb(0 0 0 / 0.2)' } } },
});
