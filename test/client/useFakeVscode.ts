// Makes `require('vscode')` resolve to the fake module; import this before any client module.
import Module from 'node:module';

const fakePath = require.resolve('./fakeVscode');
const moduleInternals = Module as unknown as {
  _resolveFilename: (request: string, ...rest: unknown[]) => string;
};
const resolveFilename = moduleInternals._resolveFilename;
moduleInternals._resolveFilename = function (request: string, ...rest: unknown[]): string {
  return request === 'vscode' ? fakePath : resolveFilename.call(this, request, ...rest);
};
