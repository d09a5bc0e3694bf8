// A value written in one arm of an `if` cannot reach a read in another arm of the same `if`
// (values.ts `inOtherArm`), unless a loop around the `if` brings it round. Each safe case has a
// near miss that must stay reported.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review taint engine: writes in another arm of an if', () => {
  it('PHP: input assigned in the if arm does not reach an echo in the else arm', async () => {
    const src = code`
      <?php
      function safe() {
        $v = 'fixed';
        if (rand()) {
          $v = $_GET['a'];
        } else {
          echo $v;
        }
      }
      function afterIf() {
        $v = 'fixed';
        if (rand()) {
          $v = $_GET['a'];
        } else {
          $w = 1;
        }
        echo $v;
      }
      function inLoop() {
        $v = 'fixed';
        foreach ([1, 2] as $i) {
          if ($i === 1) {
            $v = $_GET['a'];
          } else {
            echo $v;
          }
        }
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [17, 25]);
  });

  it('Python: the same holds for if/else and elif arms', async () => {
    const src = code`
      import os
      from flask import request
      def run(flag):
          cmd = "ls"
          if flag:
              cmd = request.args["c"]
          elif flag is None:
              os.system(cmd)
          else:
              os.system("ls " + cmd)
          os.system(cmd)
    `;
    assert.deepEqual(await linesOf('command-injection', src, 'python'), [11]);
  });
});
