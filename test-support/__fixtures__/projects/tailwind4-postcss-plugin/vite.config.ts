import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { svgComponent } from './svg-component-plugin.ts';

export default defineConfig({
  plugins: [svgComponent(), react()],
});
