import type { Config } from '@react-router/dev/config';

export default {
  // SPA mode: the app is prerendered to one HTML file at build time, and rendered in the browser.
  ssr: false,
} satisfies Config;
