/** PostCSS: Panda CSS generates the styles used in src/ (see panda.config.ts). */
module.exports = {
  plugins: {
    '@pandacss/dev/postcss': {},
  },
};
