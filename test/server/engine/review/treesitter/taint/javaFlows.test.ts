// The taint engine on Java: sanitizers that protect one sink only, Base64 round trips, switches on
// constants and lists read at constant indexes. Each flow has a safe look-alike.
import assert from 'node:assert/strict';
import { code, linesOf, severitiesOf } from '../reviewHelper';

describe('review taint engine: Java flows', () => {
  it('applies HTML escaping to XSS only, not to file paths or the session', async () => {
    const src = code`
      class S {
          void run(javax.servlet.http.HttpServletRequest request, javax.servlet.http.HttpServletResponse response) throws Exception {
              String param = request.getParameter("p");
              String bar = org.springframework.web.util.HtmlUtils.htmlEscape(param);
              java.io.File f = new java.io.File("/tmp/" + bar);
              request.getSession().setAttribute("k", bar);
              response.getWriter().println(bar);
          }
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'java'), [5]);
    assert.deepEqual(await linesOf('trust-boundary', src, 'java'), [6]);
    assert.deepEqual(await linesOf('xss', src, 'java'), []);
  });

  it('follows input through a Base64 encode/decode round trip', async () => {
    const src = code`
      class B {
          void run(javax.servlet.http.HttpServletRequest request, javax.servlet.http.HttpServletResponse response) throws Exception {
              String param = request.getParameter("p");
              String bar = new String(org.apache.commons.codec.binary.Base64.decodeBase64(
                      org.apache.commons.codec.binary.Base64.encodeBase64(param.getBytes())));
              response.getWriter().println(bar);
          }
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'java'), [6]);
  });

  it('ignores switch cases a constant subject never selects', async () => {
    const src = (index: number) => code`
      class W {
          void run(javax.servlet.http.HttpServletRequest request) throws Exception {
              String param = request.getParameter("p");
              String bar;
              String guess = "ABC";
              char target = guess.charAt(${index});
              switch (target) {
                  case 'A':
                      bar = param;
                      break;
                  case 'B':
                      bar = "bob";
                      break;
                  case 'C':
                  case 'D':
                      bar = param;
                      break;
                  default:
                      bar = "other";
                      break;
              }
              new java.io.File(bar);
          }
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src(1), 'java'), []);
    assert.deepEqual(await linesOf('path-traversal', src(2), 'java'), [22]);
  });

  it('reads a list at a constant index after its adds and removes', async () => {
    const src = (index: number) => code`
      class L {
          void run(javax.servlet.http.HttpServletRequest request) throws Exception {
              String param = request.getParameter("p");
              java.util.List<String> values = new java.util.ArrayList<String>();
              values.add("safe");
              values.add(param);
              values.add("moresafe");
              values.remove(0);
              String bar = values.get(${index});
              new java.io.File(bar);
          }
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src(0), 'java'), [10]);
    assert.deepEqual(await linesOf('path-traversal', src(1), 'java'), []);
  });

  it('folds a switch on a constant string like one on a character (the same mechanism as Python match)', async () => {
    const src = (mode: string) => code`
      class T {
          void run(javax.servlet.http.HttpServletRequest request) throws Exception {
              String param = request.getParameter("p");
              String mode = "${mode}";
              String bar = "safe";
              switch (mode) {
                  case "copy":
                      bar = param;
                      break;
                  default:
                      break;
              }
              new java.io.File(bar);
          }
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src('keep'), 'java'), []);
    assert.deepEqual(await linesOf('path-traversal', src('copy'), 'java'), [13]);
  });

  it('reads a list at an index held by a constant local, and gives up on a list it did not create', async () => {
    const src = (created: string) => code`
      class K {
          java.util.List<String> make() { return new java.util.ArrayList<String>(); }
          void run(javax.servlet.http.HttpServletRequest request) throws Exception {
              String param = request.getParameter("p");
              java.util.List<String> values = ${created};
              values.add(param);
              values.add("safe");
              int i = 1;
              new java.io.File(values.get(i));
          }
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src('new java.util.ArrayList<String>()'), 'java'), []);
    assert.deepEqual(await linesOf('path-traversal', src('make()'), 'java'), [9]);
  });

  it('does not take MessageDigest.update for an SQL call', async () => {
    const src = code`
      class M {
          void run(javax.servlet.http.HttpServletRequest request) throws Exception {
              java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
              md.update(request.getParameter("p").getBytes());
          }
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'java'), []);
  });

  it('reports a path from the deployer environment at medium, from the request at high', async () => {
    const src = code`
      class Lifecycle {
          java.io.File base() { return new java.io.File(System.getenv("BASE"), "jenkins.xml"); }
          void copy(javax.servlet.http.HttpServletRequest req) { new java.io.File(req.getParameter("from")); }
      }
    `;
    assert.deepEqual(await severitiesOf('path-traversal', src, 'java'), ['2 medium', '3 high']);
  });

  it('takes a local stream over a socket for no response, a writer of the response for one', async () => {
    const src = code`
      class Listener {
          void error(java.net.Socket s) throws Exception {
              String msg = new java.io.BufferedReader(new java.io.InputStreamReader(s.getInputStream())).readLine();
              java.io.DataOutputStream out = new java.io.DataOutputStream(s.getOutputStream());
              out.write(msg.getBytes());
          }
          void page(javax.servlet.http.HttpServletRequest request, javax.servlet.http.HttpServletResponse response) throws Exception {
              java.io.PrintWriter out = new java.io.PrintWriter(response.getOutputStream());
              out.write(request.getParameter("v"));
          }
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'java'), [9]);
  });

  it('takes System.out for the console, a variable named out for the response', async () => {
    const src = code`
      class Tool {
          void main(javax.servlet.http.HttpServletRequest request, javax.servlet.http.HttpServletResponse response) throws Exception {
              String line = request.getParameter("v");
              System.out.println(line);
              java.io.PrintWriter out = response.getWriter();
              out.println(line);
          }
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'java'), [6]);
  });

  it('takes a StringBuilder or StringBuffer the method declares for text being built, not the response', async () => {
    const src = code`
      class Diff {
          Integer execCmd(String[] cmd, StringBuilder out) throws Exception {
              Process p = Runtime.getRuntime().exec(cmd);
              java.io.Reader reader = new java.io.InputStreamReader(p.getInputStream());
              out.append((char) reader.read());
              return 0;
          }
          void page(javax.servlet.http.HttpServletRequest request, javax.servlet.http.HttpServletResponse response) throws Exception {
              StringBuffer out = new StringBuffer();
              out.append(request.getParameter("a"));
              java.io.PrintWriter writer = response.getWriter();
              writer.append(request.getParameter("b"));
          }
          void echo(javax.servlet.http.HttpServletRequest request, java.io.PrintWriter out) throws Exception {
              out.append(request.getParameter("c"));
          }
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'java'), [12, 15]);
  });

  it('takes a response declared text/plain for text, one declared text/html or untyped for a page', async () => {
    const src = code`
      class Manager {
          void doGet(javax.servlet.http.HttpServletRequest request, javax.servlet.http.HttpServletResponse response) throws Exception {
              response.setContentType("text/plain; charset=" + CHARSET);
              java.io.PrintWriter writer = response.getWriter();
              writer.println(request.getPathInfo());
              reload(writer, request.getParameter("path"));
          }
          void reload(java.io.PrintWriter writer, String path) {
              writer.println("OK - reloaded " + path);
          }
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'java'), []);
    // Near misses: the same writes under text/html, with no type set, or in a file that also serves HTML.
    assert.deepEqual(await linesOf('xss', src.replace('text/plain', 'text/html'), 'java'), [5, 9]);
    const untyped = src.replace('response.setContentType("text/plain; charset=" + CHARSET);', '');
    assert.deepEqual(await linesOf('xss', untyped, 'java'), [5, 9]);
    const mixed = src.replace(
      'void reload(',
      'void page(javax.servlet.http.HttpServletResponse r) { r.setContentType("text/html"); }\n    void reload(',
    );
    assert.deepEqual(await linesOf('xss', mixed, 'java'), [10]);
  });

  it("takes Tomcat's Escape.htmlElementContent for HTML escaping, on a page only", async () => {
    const src = code`
      class Report {
          void page(javax.servlet.http.HttpServletRequest request, javax.servlet.http.HttpServletResponse response) throws Exception {
              response.setContentType("text/html");
              String message = Escape.htmlElementContent(request.getParameter("m"));
              response.getWriter().write("<p>" + message + "</p>");
              response.getWriter().write("<p>" + request.getParameter("m") + "</p>");
              new java.io.File(message);
          }
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'java'), [6]);
    assert.deepEqual(await linesOf('path-traversal', src, 'java'), [7]);
  });

  it('takes a File checked at once by a canonical-path method for confined, not a later or weaker check', async () => {
    const src = code`
      class Deployer {
          void deploy(javax.servlet.http.HttpServletRequest request, java.io.File base) throws Exception {
              String name = request.getParameter("path");
              java.io.File war = new java.io.File(new java.io.File(base, "v"), name + ".war");
              if (!pathCheck(war, base)) {
                  return;
              }
              java.io.File late = new java.io.File(base, name);
              log(late);
              if (!pathCheck(late, base)) return;
              java.io.File weak = new java.io.File(base, name);
              if (!exists(weak)) return;
              java.io.FileOutputStream out = new java.io.FileOutputStream(name);
              if (!pathCheck(out, base)) return;
          }
          private static boolean pathCheck(java.io.File input, java.io.File expected) throws Exception {
              return input.getCanonicalFile().toPath().startsWith(expected.getCanonicalFile().toPath());
          }
          private static boolean exists(java.io.File f) { return f.exists(); }
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'java'), [8, 11, 13]);
  });

  it('takes what is built from a File checked at once as confined too, not what is built from the name', async () => {
    const src = code`
      class Deployer {
          void deploy(javax.servlet.http.HttpServletRequest request, java.io.File base) throws Exception {
              String name = request.getParameter("path");
              java.io.File war = new java.io.File(base, name + ".war");
              if (!pathCheck(war, base)) return;
              java.io.File tmp = new java.io.File(war.getAbsolutePath() + ".tmp");
              java.io.File other = new java.io.File(base, name + ".xml");
          }
          private static boolean pathCheck(java.io.File input, java.io.File expected) throws Exception {
              return input.getCanonicalFile().toPath().startsWith(expected.getCanonicalFile().toPath());
          }
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'java'), [7]);
  });
});

describe('review taint engine: Java paths normalized and compared with a prefix (openmrs)', () => {
  it('reads a java.nio Path confined by an exiting startsWith check, and a prefix only compared, as no file opened', async () => {
    const src = code`
      class Servlet {
        protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
          File f = getFile(request);
          if (f == null) return;
          FileInputStream is = new FileInputStream(f);
        }
        protected File getFile(HttpServletRequest request) {
          String path = request.getPathInfo();
          String realPath = root + "/resources" + path;
          String basePath = root + "/resources/" + request.getParameter("m");
          Path normalizedPath = Path.of(realPath).normalize();
          Path normalizedBase = Path.of(basePath).normalize();
          if (!normalizedPath.startsWith(normalizedBase)) {
            log.warn("traversal: " + path);
            return null;
          }
          return normalizedPath.toFile();
        }
        void filter(HttpServletRequest httpRequest) throws IOException {
          Path filePath = Paths.get(root).normalize();
          Path fullFilePath = filePath;
          if (httpRequest.getPathInfo() != null) {
            fullFilePath = fullFilePath.resolve(httpRequest.getPathInfo());
            if (!(fullFilePath.normalize().startsWith(filePath))) {
              return;
            }
          }
          try (InputStream fis = new FileInputStream(fullFilePath.normalize().toFile())) {}
        }
        void unchecked(HttpServletRequest httpRequest) throws IOException {
          Path p = Paths.get(httpRequest.getPathInfo());
          if (!p.startsWith(base)) return;
          Path q = Paths.get(httpRequest.getPathInfo()).normalize();
          log.info(q.toString());
          if (!q.startsWith(base)) return;
          Path r = Paths.get(httpRequest.getPathInfo()).normalize();
          if (!r.startsWith(base)) log.warn("x");
          new FileInputStream(p.toFile());
          new FileInputStream(q.toFile());
          new FileInputStream(r.toFile());
        }
      }
    `;
    // Golden: the helper's paths (lines 11, 12), the file it returns (5) and the path resolved then
    // checked inside an if (28). Near misses: a path not normalized (31, 38), one read before its
    // check (33, 39), a check that does not exit (36, 40).
    assert.deepEqual(await linesOf('path-traversal', src, 'java'), [31, 33, 36, 38, 39, 40]);
  });
});
