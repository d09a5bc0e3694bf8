// Mocha adds the files named on the command line to a configured `spec` instead of replacing it,
// so `npx mocha test/x.test.ts` would run the whole suite as well. The default spec applies only
// when no test file is named.
const named = process.argv
  .slice(2)
  .some((arg) => !arg.startsWith('-') && /\.[cm]?[jt]s$|\*|^test\//.test(arg));

module.exports = {
  require: ['tsx/cjs'],
  extension: ['ts'],
  ...(named ? {} : { spec: ['test/**/*.test.ts'] }),
  ignore: ['test/fixtures/**'],
  timeout: 30000,
  reporter: 'spec',
};
