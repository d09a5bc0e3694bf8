// Web handlers' parameters as sources (`taint/handlers.ts`, the tables' `handlers`): what a framework
// fills from the request reaches sinks; a helper that is no handler, a parameter typed to hold no
// text, an injected dependency and a decorator of another library stay quiet.
import assert from 'node:assert/strict';
import { code, linesOf, severitiesOf } from '../reviewHelper';

const PATH = 'path-traversal';
const CMD = 'command-injection';

describe('review taint engine: web handlers’ parameters', () => {
  it('reads a Flask route’s placeholders as input, not a number converter’s', async () => {
    const src = code`
      from flask import Flask, send_file
      app = Flask(__name__)

      @app.route('/u/<name>/<int:n>')
      def show(name, n):
          open(name)
          open(n)

      @bp.get('/f/<path:rest>')
      def rest(rest):
          return send_file(rest)
    `;
    assert.deepEqual(await linesOf(PATH, src, 'python'), [6, 11]);
  });

  it('spares a helper no route registers and a route the file calls itself', async () => {
    const src = code`
      from flask import Flask
      app = Flask(__name__)

      def helper(name):
          open(name)

      @app.route('/u/<name>')
      def show(name):
          open(name)

      def other():
          show('fixed.txt')
    `;
    assert.deepEqual(await linesOf(PATH, src, 'python'), []);
  });

  it('spares a decorator of another library of the same name', async () => {
    const src = code`
      from cachetools import cached

      @cache.get('/u/<name>')
      def show(name):
          open(name)
    `;
    assert.deepEqual(await linesOf(PATH, src, 'python'), []);
  });

  it('reads FastAPI’s path and query parameters, not typed numbers nor dependencies', async () => {
    const src = code`
      from fastapi import FastAPI, Depends, Query
      app = FastAPI()

      @app.get('/items/{item_id}')
      def read(item_id: int, q: str = Query(None), db: Session = Depends(get_db), n: Optional[int] = None, u: UUID = None):
          open(q)
          open(item_id)
          open(db)
          open(n)
          open(u)

      @app.post('/raw')
      async def raw(name: Annotated[str, Query()], request: Request, size: Annotated[int, Query()]):
          open(name)
          open(size)
          return request
    `;
    assert.deepEqual(await linesOf(PATH, src, 'python'), [6, 14]);
  });

  it('reads a Django view’s URL captures, not a helper method’s parameters', async () => {
    const src = code`
      from django.views import View
      from django.http import FileResponse

      class Download(View):
          def get(self, request, slug):
              return FileResponse(open(slug, 'rb'))

          def build(self, request, slug):
              return FileResponse(open(slug, 'rb'))

      def detail(request, pk):
          open(pk)

      def helper(request, pk):
          open(pk)

      def caller(request):
          return helper(request, 'fixed')
    `;
    // `open` and `FileResponse` both open the file.
    assert.deepEqual(await linesOf(PATH, src, 'python'), [6, 6, 12]);
  });

  it('spares a record a Django view looks up by its URL capture, not the capture itself', async () => {
    const src = code`
      from django.http import FileResponse
      from django.shortcuts import get_object_or_404
      from app.models import Bundle

      class Shared(View):
          def get(self, request, slug):
              bundle = Bundle.objects.filter(slug=slug).first()
              doc = get_object_or_404(Bundle, pk=slug)
              FileResponse(bundle.path)
              FileResponse(doc.path)
              return FileResponse(slug)
    `;
    assert.deepEqual(await linesOf(PATH, src, 'python'), [11]);
  });

  it('keeps Django’s convention to files importing Django', async () => {
    const src = code`
      class Download:
          def get(self, request, slug):
              return open(slug, 'rb')

      def detail(request, pk):
          open(pk)
    `;
    assert.deepEqual(await linesOf(PATH, src, 'python'), []);
  });

  it('reports what reaches a command from a handler at the severity of request input', async () => {
    const src = code`
      from flask import Flask
      app = Flask(__name__)

      @app.route('/u/<name>')
      def show(name):
          os.system('ls ' + name)
    `;
    assert.deepEqual(await severitiesOf(CMD, src, 'python'), ['6 critical']);
  });

  it('reads ASP.NET minimal API handlers’ text parameters, lambdas and method groups', async () => {
    const src = code`
      var app = builder.Build();
      app.MapGet("/x/{id}", (string id, int n, Guid g, [FromServices] string db) => {
          File.ReadAllText(id);
          File.ReadAllText(n.ToString());
          File.ReadAllText(g.ToString());
          return File.ReadAllText(db);
      });
      app.MapGet("/items", GetItems);
      builder.Services.Configure((string name) => File.ReadAllText(name));

      static string GetItems(string name, int page) { return File.ReadAllText(name); }
      static string Helper(string name) { return File.ReadAllText(name); }
    `;
    assert.deepEqual(await linesOf(PATH, src, 'csharp'), [3, 11]);
  });

  it('reads an MVC controller’s actions’ text parameters, not a plain class’s methods', async () => {
    const src = code`
      [ApiController]
      public class FilesController : ControllerBase {
          public IActionResult Get(string name, int id) {
              File.ReadAllText(name);
              return Ok(File.ReadAllText(id.ToString()));
          }
          [NonAction]
          public string Read(string name) { return File.ReadAllText(name); }
          private string Load(string name) { return File.ReadAllText(name); }
      }
      public class HomeController : Controller {
          public IActionResult Show(string path) { return Content(File.ReadAllText(path)); }
      }
      public class Storage {
          public string Get(string name) { return File.ReadAllText(name); }
      }
    `;
    assert.deepEqual(await linesOf(PATH, src, 'csharp'), [4, 12]);
  });

  it('reads a Spring handler’s unannotated text parameters, not other classes’ or annotated ones', async () => {
    const src = code`
      @RestController
      public class Files {
          @GetMapping("/f")
          public String read(String name, int n, @AuthenticationPrincipal String user) throws Exception {
              new FileInputStream(name);
              new FileInputStream(user);
              return "";
          }
          public String helper(String name) throws Exception {
              new FileInputStream(name);
              return "";
          }
      }
      public class Plain {
          @GetMapping("/f")
          public String read(String name) throws Exception {
              new FileInputStream(name);
              return "";
          }
      }
    `;
    assert.deepEqual(await linesOf(PATH, src, 'java'), [5]);
  });

  it('keeps one URL path segment at medium for paths, a path converter or a query parameter high', async () => {
    const src = code`
      from fastapi import FastAPI
      from pathlib import Path
      app = FastAPI()

      @app.get('/files/{name}/{rest:path}')
      def read(name: str, rest: str, q: str):
          open('/srv/files/' + name)
          open('/srv/files/' + rest)
          open('/srv/files/' + q)
          name = Path(q).stem
    `;
    assert.deepEqual(await severitiesOf(PATH, src, 'python'), ['7 medium', '8 high', '9 high']);
    const flask = code`
      from flask import Flask
      app = Flask(__name__)

      @app.route('/f/<name>/<path:rest>')
      def read(name, rest):
          open(name)
          open(rest)
    `;
    assert.deepEqual(await severitiesOf(PATH, flask, 'python'), ['6 medium', '7 high']);
  });

  it('keeps an ASP.NET route segment at medium for paths, a catch-all or query value high; IsLocalUrl guards a redirect', async () => {
    const src = code`
      public class ThemeController : Controller {
          [HttpGet("{themeName}/download/{*rest}")]
          public IActionResult Download(string themeName, string rest, string q) {
              new FileStream(themeName, FileMode.Open);
              new FileStream(rest, FileMode.Open);
              return File(new FileStream(q, FileMode.Open), "application/zip");
          }
          public IActionResult Login(string returnUrl, string next) {
              if (Url.IsLocalUrl(returnUrl)) {
                  return Redirect(returnUrl);
              }
              return Redirect(next);
          }
      }
    `;
    assert.deepEqual(await severitiesOf(PATH, src, 'csharp'), ['4 medium', '5 high', '6 high']);
    assert.deepEqual(await linesOf('open-redirect', src, 'csharp'), [12]);
  });

  it('keeps a Django capture at medium for paths; a redirect to reverse() of a route stays quiet', async () => {
    const src = code`
      from django.shortcuts import redirect
      from django.urls import reverse

      def detail(request, name):
          open('/srv/' + name)
          redirect(reverse('core:task', args=[name]))
          return redirect(name)
    `;
    assert.deepEqual(await severitiesOf(PATH, src, 'python'), ['5 medium']);
    assert.deepEqual(await linesOf('open-redirect', src, 'python'), [7]);
  });
});
