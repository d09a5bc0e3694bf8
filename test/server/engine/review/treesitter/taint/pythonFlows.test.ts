// The taint engine on Python: Flask views returning input, session writes, containers read at a
// constant key or index, configparser, exit guards, constant `match` subjects, the request object
// handed to a helper, and the false alarms these changes must not bring (HTTP clients' `request`,
// the deployer's environment, `self`).
import assert from 'node:assert/strict';
import { code, linesOf, review } from '../reviewHelper';

/** A Flask view whose body (lines 6 on) is the template's text. */
function flask(strings: TemplateStringsArray, ...values: unknown[]): string {
  const body = code(strings, ...values)
    .split('\n')
    .map((line) => (line ? `    ${line}` : line))
    .join('\n');
  return [
    'from flask import Flask, request, make_response, session',
    'app = Flask(__name__)',
    '',
    "@app.route('/x', methods=['POST'])",
    'def view():',
    body,
  ].join('\n');
}

describe('review taint engine: Python flows', () => {
  it('reports input a Flask view returns as HTML, not JSON, escaped text or a delegating view', async () => {
    const src = code`
      from flask import Flask, request, jsonify
      from html import escape
      app = Flask(__name__)

      @app.route('/hello')
      def hello():
          name = request.args.get('name', '')
          return f'<p>Hello {name}</p>'

      @app.get('/api')
      def api():
          return jsonify(name=request.args.get('name'))

      @app.get('/safe')
      def safe():
          return 'Hello ' + escape(request.args.get('name', ''))

      @app.get('/alias')
      def alias():
          return hello()
    `;
    assert.deepEqual(await linesOf('xss', src, 'python'), [8]);
  });

  it('checks only the body of make_response((body, headers))', async () => {
    const src = flask`
      value = request.form.get('v')
      resp = make_response(('saved', {'X-Value': value}))
      return resp
    `;
    assert.deepEqual(await linesOf('xss', src, 'python'), []);
  });

  it('reads dict elements and configparser options by their constant key', async () => {
    const src = flask`
      import configparser
      param = request.form.get('p')
      d = {}
      d['a'] = 'constant'
      d['b'] = param
      conf = configparser.ConfigParser()
      conf.set('s', 'a', 'constant')
      conf.set('s', 'b', param)
      open(d['a'])
      open(conf.get('s', 'a'))
      open(d['b'])
      open(conf.get('s', 'b'))
      return ''
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'python'), [16, 17]);
  });

  it('follows a list built by appends and pops to the element a constant index reads', async () => {
    const src = flask`
      param = request.form.get('p')
      lst = []
      lst.append('safe')
      lst.append(param)
      lst.append('moresafe')
      lst.pop(0)
      open(lst[1])
      open(lst[0])
      return ''
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'python'), [13]);
  });

  it('removes the last element on pop() and reads a list() made empty like []', async () => {
    const src = flask`
      param = request.form.get('p')
      lst = list()
      lst.append(param)
      lst.append('safe')
      lst.pop()
      open(lst[0])
      other = list()
      other.append('safe')
      other.append(param)
      other.pop()
      open(other[0])
      return ''
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'python'), [11]);
  });

  it('treats a validation guard that exits as a sanitizer', async () => {
    const src = flask`
      name = request.args.get('f', '')
      if '..' in name:
          return 'bad name'
      open('/srv/' + name)
      other = request.args.get('g', '')
      if '..' in other:
          print('suspicious')
      open('/srv/' + other)
      return ''
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'python'), [13]);
  });

  it('runs only the case of a match on a constant string', async () => {
    const src = flask`
      param = request.args.get('p')
      guess = 'ABC'[1]
      match guess:
          case 'A':
              bar = param
          case 'B':
              bar = 'bob'
          case _:
              bar = param
      eval(bar)
      return ''
    `;
    assert.deepEqual(await linesOf('code-injection', src, 'python'), []);
  });

  it('follows the request object handed to a helper, and reports session writes even when escaped', async () => {
    const src = flask`
      import helpers
      wrapped = helpers.wrap(request)
      value = wrapped.get_form_parameter('p')
      session['user'] = escape_for_html(value)
      return ''
    `;
    assert.deepEqual(await linesOf('trust-boundary', src, 'python'), [9]);
  });

  it('does not take an HTTP client request for user input', async () => {
    const src = code`
      import os

      def cert_verify(request, conn):
          if not os.path.exists(request.url):
              raise IOError(request.url)
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'python'), []);
  });

  it("reports the deployer's environment reaching a sink as medium, and maps self-calls to the right parameter", async () => {
    const src = code`
      import os

      class Config:
          def from_envvar(self, name):
              return self.from_pyfile(os.environ[name])

          def from_pyfile(self, filename):
              with open(os.path.join(self.root, filename)) as f:
                  exec(compile(f.read(), filename, 'exec'))
    `;
    const findings = (await review(src, 'python', ['security'])).filter((f) =>
      /code-injection|path-traversal/.test(f.rule),
    );
    assert.deepEqual(
      findings.map((f) => `${f.rule}@${f.line}:${f.severity}`),
      ['codewright/path-traversal@8:medium', 'codewright/code-injection@9:medium'],
    );
  });

  it('reports random-module values that become cookies or tokens high, others low, and secrets not at all', async () => {
    const src = code`
      import random, secrets

      def remember(resp, mysession):
          value = str(random.getrandbits(64))
          mysession['rememberMe'] = value

      def shuffle_deck(deck):
          random.shuffle(deck)

      def token():
          return secrets.token_hex(16)
    `;
    const findings = (await review(src, 'python', ['security'])).filter(
      (f) => f.rule === 'codewright/insecure-random',
    );
    assert.deepEqual(
      findings.map((f) => `${f.line}:${f.severity}`),
      ['4:high', '8:low'],
    );
  });

  it('reports set_cookie with secure=False only', async () => {
    const src = code`
      def view(resp, sid):
          resp.set_cookie('sid', sid, secure=False)
          resp.set_cookie('sid', sid, secure=True, httponly=True)
    `;
    assert.deepEqual(await linesOf('insecure-cookie', src, 'python'), [2]);
  });

  it('reports pickle.loads of input, not of a constant or of another key', async () => {
    const src = flask`
      import pickle, base64
      param = request.form.get('p')
      m = {'a': 'gASVBQAAAAAAAACMAWGULg=='}
      m['b'] = param
      pickle.loads(base64.b64decode(m['a']))
      pickle.loads(base64.b64decode(m['b']))
      return ''
    `;
    assert.deepEqual(await linesOf('unsafe-deserialization', src, 'python'), [11]);
  });

  it("reports pickle.loads of a caller's parameter at medium, of input still high", async () => {
    const src = code`
      import pickle
      from flask import request
      class Grammar:
          def load_tables(self, pkl):
              self._update(pickle.loads(pkl))
      def view():
          return pickle.loads(request.get_data())
    `;
    const findings = (await review(src, 'python', ['security'])).filter(
      (f) => f.rule === 'codewright/unsafe-deserialization',
    );
    assert.deepEqual(
      findings.map((f) => `${f.line}:${f.severity}`),
      ['5:medium', '7:high'],
    );
  });

  it("reads a module's function called by the name of a method as no call of that method", async () => {
    const src = code`
      import os.path
      import pickle
      import subprocess as sp
      from flask import request
      class Grammar:
          def loads(self, pkl):
              self._update(pickle.loads(pkl))
          def run(self, cmd):
              os.system(cmd)
      def view(g):
          pickle.loads(request.get_data())
          sp.run(request.args["c"])
          g.run(request.args["c"])
    `;
    const findings = (await review(src, 'python', ['security'])).filter((f) =>
      /unsafe-deserialization|command-injection/.test(f.rule),
    );
    assert.deepEqual(
      findings.map((f) => `${f.line}:${f.rule.slice(11)}:${f.severity}`),
      ['7:unsafe-deserialization:medium', '9:command-injection:critical', '11:unsafe-deserialization:high'],
    );
  });

  it('reports input parsed by a parser with external entities on, not a constant or a default parser', async () => {
    const src = flask`
      import xml.sax, xml.dom.minidom
      bar = request.args.get('x')
      parser = xml.sax.make_parser()
      parser.setFeature(xml.sax.handler.feature_external_ges, True)
      doc = xml.dom.minidom.parseString(bar, parser)
      doc2 = xml.dom.minidom.parseString('<a/>', parser)
      plain = xml.sax.make_parser()
      doc3 = xml.dom.minidom.parseString(bar, plain)
      return ''
    `;
    assert.deepEqual(await linesOf('xxe', src, 'python'), [10]);
  });

  it("spares Django REST framework's Response, which serializes, not Django's or Flask's", async () => {
    const drf = code`
      from django.http import HttpResponse
      from rest_framework.response import Response
      from rest_framework.views import APIView

      class Search(APIView):
          def get(self, request):
              return Response({"q": request.GET["q"]})

      def page(request):
          return HttpResponse(request.GET["q"])
    `;
    assert.deepEqual(await linesOf('xss', drf, 'python'), [10]);
    const flask = code`
      from flask import Response, request

      def view():
          return Response(request.args["q"])
    `;
    assert.deepEqual(await linesOf('xss', flask, 'python'), [4]);
  });

  it("reads a FastAPI handler's return as JSON unless an HTML response class is named", async () => {
    // Golden: FastAPI serializes a returned value; near misses: a handler declared
    // `response_class=HTMLResponse`, an `HTMLResponse` built from input, a router whose default
    // response class is HTML, and a Flask view's return.
    const app = (router: string) => code`
      from fastapi import APIRouter, Request
      from fastapi.responses import HTMLResponse
      router = ${router}

      @router.get("/echo")
      async def echo(request: Request):
          return request.query_params["q"]

      @router.get("/page", response_class=HTMLResponse)
      async def page(request: Request):
          return request.query_params["q"]

      @router.get("/raw")
      async def raw(request: Request):
          return HTMLResponse(request.query_params["q"])
    `;
    assert.deepEqual(await linesOf('xss', app('APIRouter()'), 'python'), [11, 15]);
    assert.deepEqual(
      await linesOf('xss', app('APIRouter(default_response_class=HTMLResponse)'), 'python'),
      [7, 11, 15],
    );
    const flask = code`
      from flask import Flask, request
      app = Flask(__name__)

      @app.get("/echo")
      def echo():
          return request.args["q"]
    `;
    assert.deepEqual(await linesOf('xss', flask, 'python'), [6]);
  });

  it('reads a response declared as data, or one given input only in its headers, as no page', async () => {
    // Golden: a declared text or JSON type, and input only in `headers=`; near misses: HTML and
    // SVG types, a type held in a variable, and input as `content=`.
    const src = code`
      from django.http import HttpResponse

      def export(request):
          q = request.GET["q"]
          HttpResponse(q, content_type="text/plain")
          HttpResponse(q, content_type='text')
          HttpResponse(headers={"HX-Location": q})
          HttpResponse(q, content_type="text/html; charset=utf-8")
          HttpResponse(q, content_type="image/svg+xml")
          kind = "text/plain"
          HttpResponse(q, content_type=kind)
          return HttpResponse(content=q, status=200)
    `;
    assert.deepEqual(await linesOf('xss', src, 'python'), [8, 9, 11, 12]);
  });
});
