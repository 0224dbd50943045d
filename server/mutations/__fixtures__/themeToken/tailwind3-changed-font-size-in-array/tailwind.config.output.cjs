module.exports = {
  content: ['./src/**/*.jsx'],
  theme: {
    extend: {
      fontSize: {
        base: ['1.0625rem', { lineHeight: '1.5rem' }],
      },
    },
  },
  plugins: [],
};
