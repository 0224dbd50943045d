module.exports = {
  content: ['./src/**/*.jsx'],
  theme: {
    extend: {
      fontSize: {
        base: ['1rem', { lineHeight: '1.5rem' }],
      },
    },
  },
  plugins: [],
};
