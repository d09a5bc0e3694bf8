// Function summaries per call site (taint/summaries.ts): a call's result follows its function's
// returns with the parameters bound to that call's own arguments (named functions, closures held in
// variables, `call_user_func`, methods with `self`), while a sink in the body still sees what every
// call passes. Each clean call has a near miss that stays reported.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review taint engine: summaries per call site', () => {
  it('gives each call of a PHP function what its own arguments carry', async () => {
    const src = code`
      <?php
      function pass($x) { return $x; }
      function outer($y) { return pass($y); }
      function shown($p, $q) { echo $p; return $q; }
      echo pass('fixed');
      echo pass($_GET['a']);
      echo outer('fixed');
      echo outer($_GET['b']);
      echo shown($_GET['c'], 'fixed');
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [4, 6, 8]);
  });

  it('binds closures called directly or through call_user_func to that call', async () => {
    const src = code`
      <?php
      $esc = function ($x) { return htmlspecialchars($x); };
      $through = function ($x) { return $x; };
      echo $through('fixed');
      echo $through($_GET['a']);
      echo call_user_func($through, 'fixed');
      echo call_user_func($through, $_GET['b']);
      echo $through($esc($_GET['c']));
      function named($v) { return $v; }
      echo call_user_func('named', 'fixed');
      echo call_user_func_array('named', [$_GET['d']]);
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [5, 7, 11]);
  });

  it('maps a Python method called on its object past `self`', async () => {
    const src = code`
      import os
      from flask import Flask, request
      app = Flask(__name__)
      class Runner:
          def same(self, cmd):
              return cmd
      @app.route('/run')
      def run():
          r = Runner()
          os.system(r.same("ls"))
          os.system(r.same(request.args["c"]))
          return "ok"
    `;
    assert.deepEqual(await linesOf('command-injection', src, 'python'), [11]);
  });

  it('follows a recursive call into what the function returns', async () => {
    const src = code`
      <?php
      function later() {
        if (rand()) {
          echo later();
          return 'safe';
        }
        return $_GET['x'];
      }
      function constant() {
        if (rand()) {
          echo constant();
        }
        return 'safe';
      }
      function escaped($depth) {
        if ($depth > 0) {
          echo escaped($depth - 1);
        }
        return htmlspecialchars($_GET['y']);
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [4]);
  });

  it("takes another object's method of the same name inside a function for that method, not recursion", async () => {
    // `thing.doSomething(param)` inside `doSomething`: a method of a class the file does not declare,
    // which passes its argument on; `this.level(...)` inside `level` is the function itself.
    const src = code`
      class S {
          void run(javax.servlet.http.HttpServletRequest request, javax.servlet.http.HttpServletResponse response) throws Exception {
              response.getWriter().println(doSomething(request.getParameter("a")));
              response.getWriter().println(this.level(request.getParameter("b"), 3));
          }
          private static String doSomething(String param) {
              Thing thing = ThingFactory.createThing();
              String bar = thing.doSomething(param);
              return bar;
          }
          private String level(String param, int depth) {
              if (depth > 0) return this.level(param, depth - 1);
              return "fixed";
          }
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'java'), [3]);
    const php = code`
      <?php
      class P {
        function show($v) { $o = new Other(); return $o->show($v); }
        function same($v, $n) { if ($n > 0) { return $this->same($v, $n - 1); } return 'fixed'; }
      }
      $p = new P();
      echo $p->show($_GET['a']);
      echo $p->same($_GET['b'], 2);
    `;
    assert.deepEqual(await linesOf('xss', php, 'php'), [7]);
  });

  it('summarises PHP arrow functions, which read the variables around their definition', async () => {
    const src = code`
      <?php
      $escape = fn ($x) => htmlspecialchars($x);
      echo $escape($_GET['a']);
      $pass = fn ($x) => $x;
      echo $pass('fixed');
      echo $pass($_GET['b']);
      function inner() {
        $in = $_GET['c'];
        $show = fn () => '<p>' . $in;
        echo $show();
        $x = $_GET['d'];
        $own = fn ($x) => $x;
        echo $own('fixed');
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [6, 10]);
  });

  it('does not take a call through a variable for the function declared under its name', async () => {
    const src = code`
      <?php
      function label() { return $_GET['l']; }
      function show($label) { echo $label('fixed'); }
      show('strtoupper');
      echo label();
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [5]);
  });

  it("does not take a literal dict's get for a method of the file with the same name", async () => {
    // No view's `get(self, request, slug)`, which receives URL captures (`handlers.test.ts`), and no
    // ORM lookup, whose record the key does not make.
    const src = code`
      from django.http import FileResponse
      from app.models import Bundle

      class SharedLinkView:
          def get(self, req, slug):
              bundle = Bundle.find(slug)
              return FileResponse(bundle.path)

      class Tasks:
          NAMES = {"a": "b"}

          def list(self, request):
              name = request.GET["name"]
              return self.NAMES.get(name, name)

      class Other:
          def run(self, request, view):
              return view.get(request, request.GET["slug"])
    `;
    // The dict's `get` passes nothing to `SharedLinkView.get`; a call on any other object still may.
    assert.deepEqual(await linesOf('path-traversal', src, 'python'), [7]);
    const literalOnly = src.replace(/\n\s*class Other:[^]*$/, '\n');
    assert.deepEqual(await linesOf('path-traversal', literalOnly, 'python'), []);
  });
});
