// Objects of classes the file does not declare (table `outOfSight`): a value read off one through a
// property carries what the object was built from, but which property keeps which argument is
// decided out of sight, so the finding is kept at medium and says why. Near misses keep their
// severity: an object of a class the file declares, a source read directly, a class the table
// knows (a library's documented value type).
import assert from 'node:assert/strict';
import type { LanguageId } from '../../../../../../server/src/engine/languages';
import { code, review } from '../reviewHelper';

const WHY = 'passes through an object of a class this file does not declare';

/** The findings of `rule` as `line severity`, with `(out of sight)` where the message gives the reason. */
async function found(rule: string, src: string, language: LanguageId): Promise<string[]> {
  return (await review(src, language, ['security']))
    .filter((f) => f.rule === `codewright/${rule}`)
    .map((f) => `${f.line} ${f.severity}${f.message.includes(WHY) ? ' (out of sight)' : ''}`);
}

describe('review taint engine: objects of classes out of sight', () => {
  it('PHP: a template global built from the search term in another function is medium, with why', async () => {
    const src = code`
      <?php
      function loop() {
        global $activities_template;
        $r = array('search_terms' => $_REQUEST['s']);
        $activities_template = new BP_Activity_Template($r);
      }
      function content() {
        global $activities_template;
        echo $activities_template->activity->content;
      }
      class Row { public $v; function __construct($v) { $this->v = $v; } }
      $row = new Row($_GET['a']);
      echo $row->v;
      $t = new Foreign($_GET['b']);
      echo $t->value;
      echo $_GET['c'];
      $xml = new SimpleXMLElement($_POST['x']);
      echo $xml->name;
    `;
    assert.deepEqual(await found('xss', src, 'php'), [
      '9 medium (out of sight)',
      '13 high',
      '15 medium (out of sight)',
      '16 high',
      '18 high',
    ]);
  });

  it('PHP: a method called on an object of a class out of sight is medium; the near misses stay high', async () => {
    const src = code`
      <?php
      function content() {
        global $activities_template;
        echo $activities_template->get_content();
      }
      function loop() {
        global $activities_template;
        $activities_template = new BP_Activity_Template(array('search_terms' => $_REQUEST['s']));
      }
      class Row { public $v; function __construct($v) { $this->v = $v; } function get() { return $this->v; } }
      $row = new Row($_GET['a']);
      echo $row->get();
      $t = new Foreign($_GET['b']);
      echo $t->get_field('x');
      echo $t->format($_GET['c']);
      echo htmlspecialchars($t->get());
      $f = new SplFileInfo($_GET['d']);
      echo $f->getFilename();
      echo (new Foreign($_GET['e']))->name();
    `;
    assert.deepEqual(await found('xss', src, 'php'), [
      '4 medium (out of sight)',
      '12 high',
      '14 medium (out of sight)',
      '15 high',
      '18 high',
      '19 medium (out of sight)',
    ]);
  });

  it("PHP: SQL and a command a language rule reports, built from such an object's property, are medium", async () => {
    const src = code`
      <?php
      $t = new Foreign($_GET['b']);
      mysql_query("SELECT * FROM u WHERE id = " . $t->id);
      mysql_query("SELECT * FROM u WHERE id = " . $_GET['c']);
      system("ls " . $t->dir);
    `;
    assert.deepEqual(await found('sql-injection', src, 'php'), ['3 medium (out of sight)', '4 critical']);
    assert.deepEqual(await found('command-injection', src, 'php'), ['5 medium (out of sight)']);
  });

  it("C#: a [FromBody] DTO's property is medium; a DTO the file declares, a string and a Uri stay high", async () => {
    const src = code`
      using Microsoft.AspNetCore.Mvc;
      public class EnvironmentController : ControllerBase {
        [HttpPost]
        public ActionResult Validate([FromBody, Required] ValidatePathDto dto, [FromQuery] string name, [FromBody] LocalDto local) {
          System.IO.File.Exists(dto.Path);
          System.IO.Directory.Exists(name);
          System.IO.File.Delete(local.Path);
          var other = new Foreign(name);
          System.IO.File.Delete(other.Path);
          var uri = new Uri(name);
          System.IO.File.Delete(uri.AbsolutePath);
          return Ok();
        }
      }
      public class LocalDto { public string Path { get; set; } }
    `;
    assert.deepEqual(await found('path-traversal', src, 'csharp'), [
      '5 medium (out of sight)',
      '6 high',
      '7 high',
      '9 medium (out of sight)',
      '11 high',
    ]);
  });

  it("Java: a field of an object built out of sight is medium; the file's own class and a direct read stay high", async () => {
    const src = code`
      import javax.servlet.http.*;
      import java.io.*;
      public class Files extends HttpServlet {
        static class Mine { String v; Mine(String v) { this.v = v; } }
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
          String p = request.getParameter("p");
          Foreign f = new Foreign(p);
          new FileInputStream(f.path);
          Mine m = new Mine(p);
          new FileInputStream(m.v);
          new FileInputStream(p);
        }
      }
    `;
    assert.deepEqual(await found('path-traversal', src, 'java'), [
      '8 medium (out of sight)',
      '10 high',
      '11 high',
    ]);
  });

  it("Java: a getter of an object built out of sight is medium; a JDK class and the value's method stay high", async () => {
    const src = code`
      import javax.servlet.http.*;
      import java.io.*;
      public class Files extends HttpServlet {
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
          String p = request.getParameter("p");
          Foreign f = new Foreign(p);
          new FileInputStream(f.getPath());
          new FileInputStream(new File(p).getName());
          new FileInputStream(p.trim());
        }
      }
    `;
    assert.deepEqual(await found('path-traversal', src, 'java'), [
      '7 medium (out of sight)',
      '8 high',
      '9 high',
    ]);
  });

  it("C#: a method of a [FromBody] DTO out of sight is medium; a string's method stays high", async () => {
    const src = code`
      using Microsoft.AspNetCore.Mvc;
      public class EnvironmentController : ControllerBase {
        [HttpPost]
        public ActionResult Validate([FromBody] ValidatePathDto dto, [FromQuery] string name) {
          System.IO.File.Exists(dto.GetPath());
          System.IO.File.Exists(name.Trim());
          var other = new Foreign(name);
          System.IO.File.Delete(other.Resolve());
          return Ok();
        }
      }
    `;
    assert.deepEqual(await found('path-traversal', src, 'csharp'), [
      '5 medium (out of sight)',
      '6 high',
      '8 medium (out of sight)',
    ]);
  });

  it("Python: a method of an object of a class out of sight is medium; str's and pathlib's methods stay high", async () => {
    const src = code`
      from flask import Flask, request
      from pathlib import Path
      app = Flask(__name__)
      @app.route("/")
      def h():
          p = request.args.get("p")
          open(Config(p).get_path())
          open(p.strip())
          open(Path(p).resolve())
    `;
    assert.deepEqual(await found('path-traversal', src, 'python'), [
      '7 medium (out of sight)',
      '8 high',
      '9 high',
    ]);
  });

  it("Go: NewApp(cfg).cfg and another package's struct are medium; the file's struct, url.URL and the value stay high", async () => {
    const src = code`
      package main
      import ("net/http"; "os"; "net/url")
      type Local struct { Path string }
      func h(w http.ResponseWriter, r *http.Request) {
        p := r.URL.Query().Get("p")
        os.Open(NewApp(p).cfg.Path)
        a := &pkg.App{Path: p}
        os.Open(a.Path)
        l := Local{Path: p}
        os.Open(l.Path)
        os.Open(p)
        u := url.URL{Path: p}
        os.Open(u.Path)
      }
    `;
    assert.deepEqual(await found('path-traversal', src, 'go'), [
      '6 medium (out of sight)',
      '8 medium (out of sight)',
      '10 high',
      '11 high',
      '13 high',
    ]);
  });

  it("Python: an attribute of a class out of sight is medium; the file's class, pathlib's Path and the value stay high", async () => {
    const src = code`
      from flask import Flask, request
      from pathlib import Path
      app = Flask(__name__)
      class Local:
          def __init__(self, v):
              self.v = v
      @app.route("/")
      def h():
          p = request.args.get("p")
          c = Config(p)
          open(c.path)
          l = Local(p)
          open(l.v)
          open(p)
          open(Path(p).name)
    `;
    assert.deepEqual(await found('path-traversal', src, 'python'), [
      '11 medium (out of sight)',
      '13 high',
      '14 high',
      '15 high',
    ]);
  });

  it('Go and Rust: a method of an object out of sight is medium; the value trimmed stays high', async () => {
    const go = code`
      package main
      import ("net/http"; "os"; "strings")
      func h(w http.ResponseWriter, r *http.Request) {
        p := r.URL.Query().Get("p")
        os.Open(NewApp(p).Path())
        os.Open(strings.TrimSpace(p))
      }
    `;
    assert.deepEqual(await found('path-traversal', go, 'go'), ['5 medium (out of sight)', '6 high']);
    const rust = code`
      use axum::extract::Query;
      struct Params { name: String }
      async fn h(Query(p): Query<Params>) {
        let o = Other { path: p.name.clone() };
        std::fs::read_to_string(o.path());
        std::fs::read_to_string(p.name.trim());
      }
    `;
    assert.deepEqual(await found('path-traversal', rust, 'rust'), ['5 medium (out of sight)', '6 high']);
  });

  it('Python: a property or method of what a call out of sight handed the whole request returns is medium, with why', async () => {
    const src = code`
      from django.http import FileResponse
      from app.versions import resolve_version, wrap

      def pick(request):
          return request.GET["p"]

      def view(request):
          resolution = resolve_version(request)
          FileResponse(resolution.document.path)
          FileResponse(wrap(request).path_for())
          FileResponse(pick(request))
          FileResponse(wrap(request.GET["q"]).path)
    `;
    const findings = (await review(src, 'python', ['security'])).filter(
      (f) => f.rule === 'codewright/path-traversal',
    );
    assert.deepEqual(
      findings.map((f) => `${f.line} ${f.severity}`),
      ['9 medium', '10 medium', '11 high', '12 high'],
    );
    assert.match(
      findings[0].message,
      /`resolve_version\(\.\.\.\)`, called out of sight with the whole request/,
    );
  });

  it("Rust: a field of another module's struct or extractor type is medium; the file's own stay high", async () => {
    const src = code`
      use axum::extract::Query;
      struct Local { path: String }
      struct Params { name: String }
      async fn h(Query(p): Query<Params>, Query(q): Query<OtherParams>) {
        let o = Other { path: p.name.clone() };
        std::fs::read_to_string(o.path);
        let l = Local { path: p.name.clone() };
        std::fs::read_to_string(l.path);
        std::fs::read_to_string(q.name);
      }
    `;
    assert.deepEqual(await found('path-traversal', src, 'rust'), [
      '6 medium (out of sight)',
      '8 high',
      '9 medium (out of sight)',
    ]);
  });
});
