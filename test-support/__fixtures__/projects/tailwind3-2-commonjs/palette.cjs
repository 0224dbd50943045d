module.exports = {
  primary: '#00040f',
  secondary: '#00f6ff',
};
