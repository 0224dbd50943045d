import type { Config } from 'tailwindcss';

const config: Config = {
  content: ['./src/**/*.tsx'],
  theme: {
    colors: { ink: '#111827', paper: '#ffffff' },
    extend: {},
  },
};

export default config;
