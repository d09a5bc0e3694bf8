// The taint engine in every language: a parameter assigned anew before its use (always, not in a
// branch) no longer carries what the callers passed.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review taint engine: parameters assigned before their use', () => {
  it('Python: a parameter replaced by its basename is no path from input; one replaced in a branch is', async () => {
    const src = code`
      import os
      from flask import request

      def read(name):
          name = os.path.basename(name)
          return open("/srv/" + name).read()

      def read_maybe(name):
          if name.startswith("x"):
              name = os.path.basename(name)
          return open("/srv/" + name).read()

      def view():
          return read(request.args["n"]) + read_maybe(request.args["m"])
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'python'), [11]);
  });
});
