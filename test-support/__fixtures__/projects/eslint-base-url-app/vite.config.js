import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Modules are imported from src/ by their path (`components/Badge`), as jsconfig.json's baseUrl says.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^(components|features)\//, replacement: '/src/$1/' }],
  },
});
