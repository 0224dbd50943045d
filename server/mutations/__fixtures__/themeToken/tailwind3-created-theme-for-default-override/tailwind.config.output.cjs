/** @type {import('tailwindcss').Config} */
module.exports = {
  content: ['./src/**/*.jsx'],
  plugins: [],
  theme: {
    extend: {
      colors: {
        'slate-500': '#5b6b82',
      },
    },
  },
};
