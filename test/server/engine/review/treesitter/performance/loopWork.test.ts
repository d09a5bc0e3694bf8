// Loop-invariant work: regex compiles (Python, Java, C#), json.loads (Python) and Java/C# string
// building, each with look-alikes that change per iteration and must not be reported.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review: loop-invariant work in loops', () => {
  it('Python: re.compile and json.loads of values the loop never changes', async () => {
    const src = code`
      import re, json

      def scan(lines, pattern, raw):
          for line in lines:
              if re.compile(r"^ERROR", re.I).match(line):
                  pass
              rx = re.compile(pattern)
              cfg = json.loads(raw)
              own = re.compile(line)
              row = json.loads(line)
              fmt = re.compile(f"^{line}")
          for p in lines:
              pattern = p
              re.compile(pattern)
              json.loads(raw)
              raw = p
          once = re.compile("x")
    `;
    assert.deepEqual(await linesOf('regex-in-loop', src, 'python'), [5, 7]);
    assert.deepEqual(await linesOf('json-parse-in-loop', src, 'python'), [8]);
  });

  it('Java: Pattern.compile of literals and unchanged locals, not of the element or fields', async () => {
    const src = code`
      class A {
          private final String field = "x";
          void run(List<String> items, String sep) {
              for (String item : items) {
                  Pattern p = Pattern.compile("^a+$", Pattern.CASE_INSENSITIVE);
                  Pattern q = Pattern.compile(item);
                  Pattern r = Pattern.compile(sep);
                  Pattern f = Pattern.compile(field);
              }
              Pattern before = Pattern.compile(sep);
          }
      }
    `;
    assert.deepEqual(await linesOf('regex-in-loop', src, 'java'), [5, 7]);
  });

  it('C#: new Regex with a constant pattern', async () => {
    const src = code`
      class B {
          void Run(List<string> items) {
              foreach (var item in items) {
                  var r = new Regex("^a+$", RegexOptions.Compiled);
                  var q = new Regex(item);
              }
          }
      }
    `;
    assert.deepEqual(await linesOf('regex-in-loop', src, 'csharp'), [4]);
  });

  it('Java: a String local grown in a loop; not StringBuilder, not a string reset per iteration, not an int', async () => {
    const src = code`
      class A {
          String build(List<String> items, String sep) {
              String out = "";
              StringBuilder sb = new StringBuilder();
              int n = 0;
              for (String item : items) {
                  out += item + sep;
                  out += ";";
                  sb.append(item);
                  n += item.length();
              }
              for (int i = 0; i < 3; i++) {
                  String line = "";
                  line += i;
              }
              String again = "";
              for (String item : items) {
                  again = "";
                  again += item;
              }
              return out + sb;
          }
      }
    `;
    assert.deepEqual(await linesOf('string-concat-in-loop', src, 'java'), [7]);
  });

  it('C#: string and var-string locals grown with += or s = s + x', async () => {
    const src = code`
      class B {
          string Build(List<string> items, string sep) {
              string s = "";
              var t = "";
              var count = 0;
              var sb = new StringBuilder();
              foreach (var item in items) {
                  s += item;
                  t = t + sep;
                  count += 1;
                  sb.Append(item);
              }
              return s + t;
          }
      }
    `;
    assert.deepEqual(await linesOf('string-concat-in-loop', src, 'csharp'), [8, 9]);
  });
});
