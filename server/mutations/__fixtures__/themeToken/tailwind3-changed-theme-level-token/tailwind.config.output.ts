import type { Config } from 'tailwindcss';

const config: Config = {
  content: ['./src/**/*.tsx'],
  theme: {
    colors: { ink: 'rgb(17 24 39)', paper: '#ffffff' },
    extend: {},
  },
};

export default config;
