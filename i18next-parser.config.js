/**
 * `npm run i18n:extract` (i18next-parser): reads every `t('key', 'English', …)` of src and
 * writes the catalogs, English from the code, a new key in bn.json empty for the translator
 * (docs/decisions/045). tests/unit/languages/catalogs.test.ts fails while a catalog misses a message.
 */
export default {
  locales: ['en', 'bn'],
  input: ['src/**/*.{ts,tsx}'],
  output: 'src/shared/i18n/locales/$LOCALE.json',
  defaultNamespace: 'translation',
  namespaceSeparator: false,
  keySeparator: '.',
  lexers: {
    ts: [{ lexer: 'JavascriptLexer', functions: ['t'] }],
    tsx: [{ lexer: 'JsxLexer', functions: ['t'] }],
    default: ['JavascriptLexer'],
  },
  defaultValue: (locale, _namespace, _key, value) => (locale === 'en' ? value : ''),
  resetDefaultValueLocale: 'en',
  keepRemoved: false,
  sort: true,
  createOldCatalogs: false,
  indentation: 2,
  lineEnding: 'lf',
  failOnWarnings: false,
};
