// The taint engine on C#: property sinks (DirectorySearcher.Filter), composite formats, compiled
// source, values validated by a throwing parser, constant switches and CommandText assignments.
import assert from 'node:assert/strict';
import { code, linesOf, severitiesOf } from '../reviewHelper';

describe('review taint engine: C# flows', () => {
  it('reports input assigned to an LDAP filter, not a constant one', async () => {
    const src = code`
      class L {
          void Run() {
              string data = Console.ReadLine();
              using (DirectorySearcher search = new DirectorySearcher(new DirectoryEntry())) {
                  search.Filter = "(&(objectClass=user)(name=" + data + "))";
              }
              using (DirectorySearcher ok = new DirectorySearcher(new DirectoryEntry())) {
                  ok.Filter = "(&(objectClass=user)(name=foo))";
              }
          }
      }
    `;
    assert.deepEqual(await linesOf('ldap-injection', src, 'csharp'), [5]);
  });

  it('reports input used as a composite format, not as a format argument', async () => {
    const src = code`
      class F {
          void Run() {
              string data = Console.ReadLine();
              Console.Write(string.Format(data));
              Console.Write(string.Format("{0}{1}", data, Environment.NewLine));
          }
      }
    `;
    assert.deepEqual(await linesOf('format-string', src, 'csharp'), [4]);
  });

  it('reports compiled source built from input unless a throwing parse validated it', async () => {
    const src = (validate: string) => code`
      class G {
          void Run() {
              string data = Console.ReadLine();
              ${validate}
              StringBuilder sourceCode = new StringBuilder("");
              sourceCode.Append("return (10 + " + data + ");");
              CodeDomProvider provider = CodeDomProvider.CreateProvider("CSharp");
              CompilerResults cr = provider.CompileAssemblyFromSource(new CompilerParameters(), sourceCode.ToString());
          }
      }
    `;
    assert.deepEqual(await linesOf('code-injection', src('int n = 0;'), 'csharp'), [8]);
    assert.deepEqual(await linesOf('code-injection', src('int n = int.Parse(data);'), 'csharp'), []);
  });

  it('keeps flows in the case a constant switch selects and drops the others', async () => {
    const src = (subject: number) => code`
      class S {
          void Run() {
              string data;
              switch (${subject}) {
              case 6:
                  data = Console.ReadLine();
                  break;
              default:
                  data = "foo";
                  break;
              }
              File.Delete(data);
          }
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src(6), 'csharp'), [12]);
    assert.deepEqual(await linesOf('path-traversal', src(7), 'csharp'), []);
  });

  it('follows a field one method sets and another reads', async () => {
    const src = code`
      class P {
          private string dataBad;
          private string dataGood;
          private void BadSink() {
              File.Delete(dataBad);
          }
          private void GoodSink() {
              File.Delete(dataGood);
          }
          public void Run() {
              dataBad = Console.ReadLine();
              dataGood = "foo";
              BadSink();
              GoodSink();
          }
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'csharp'), [5]);
  });

  it('treats a flag field as constant only when every method assigns it the same value', async () => {
    const src = code`
      class V {
          private bool badPrivate = false;
          private bool goodPrivate = false;
          private string BadSource() {
              string data;
              if (badPrivate) { data = Console.ReadLine(); } else { data = null; }
              return data;
          }
          private string GoodSource() {
              string data;
              if (goodPrivate) { data = Console.ReadLine(); } else { data = "foo"; }
              return data;
          }
          public void Bad() {
              badPrivate = true;
              File.Delete(BadSource());
          }
          public void Good() {
              goodPrivate = false;
              File.Delete(GoodSource());
          }
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'csharp'), [16]);
  });

  it('drops CommandText built only from constants', async () => {
    const src = code`
      class Q {
          void Run(SqlCommand cmd) {
              string data = "foo";
              string[] names = data.Split('-');
              for (int i = 0; i < names.Length; i++)
                  cmd.CommandText += "update users set hitcount=hitcount+1 where name='" + names[i] + "';";
              string input = Console.ReadLine();
              cmd.CommandText = "select * from users where name='" + input + "'";
          }
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'csharp'), [8]);
  });

  it('reports a path from the environment at medium, from a request parameter at high', async () => {
    const src = code`
      class Startup {
          void Dirs() {
              var data = Environment.GetEnvironmentVariable("JELLYFIN_DATA_DIR");
              Directory.CreateDirectory(data);
          }
          public IActionResult Rename([FromQuery] string name) {
              Directory.Delete(name);
              return Ok();
          }
      }
    `;
    assert.deepEqual(await severitiesOf('path-traversal', src, 'csharp'), ['4 medium', '7 high']);
  });

  it('takes no text from a request parameter typed Guid, bool, a number or a version, but does from a string', async () => {
    const src = code`
      class Hls : ControllerBase {
          public IActionResult Get([FromRoute, Required] Guid itemId, [FromQuery] bool? enable, [FromQuery] string? name,
              [FromRoute, Required] int width, [FromRoute, Required] Version version) {
              var a = Path.Combine("/data", itemId.ToString("N"));
              if (System.IO.File.Exists(a)) { }
              if (System.IO.File.Exists(Path.Combine("/data", enable.ToString()))) { }
              if (System.IO.File.Exists(Path.Combine("/data", name))) { }
              if (System.IO.File.Exists(Path.Combine("/data", width + "-" + version))) { }
              return Ok();
          }
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'csharp'), [7]);
  });

  it('reads a StreamReader or StreamWriter over a stream as no file opened, one given a path as one', async () => {
    const src = code`
      class Upload : ControllerBase {
          public async Task<IActionResult> Post() {
              var section = await new MultipartReader("b", Request.Body).ReadNextSectionAsync();
              using (var sr = new StreamReader(section.Body)) { await sr.ReadToEndAsync(); }
              using (var body = new StreamReader(Request.Body)) { await body.ReadToEndAsync(); }
              var requestStream = Request.Body;
              using (var w = new StreamWriter(requestStream)) { }
              using (var f = new StreamReader(Request.Query["file"])) { }
              using (var g = new StreamWriter(Request.Query["stream"] + ".log")) { }
              return Ok();
          }
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'csharp'), [8, 9]);
  });
});
