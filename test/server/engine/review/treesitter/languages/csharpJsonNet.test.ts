// Json.NET TypeNameHandling: reported on the deserializing call that uses the unsafe settings, and
// only when that call's data can carry input; the setting alone (a library's own options, a
// round-trip of the program's own data, an attribute) is not a finding.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review: C# Json.NET type-name handling', () => {
  it('reports deserializing request data with TypeNameHandling other than None', async () => {
    const src = code`
      class C {
          JsonSerializerSettings shared = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.All };
          public object Load(HttpRequest Request) {
              string body = Request.Form["data"];
              var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.Auto };
              var a = JsonConvert.DeserializeObject<Foo>(body, settings);
              var plain = JsonConvert.DeserializeObject<Foo>(body);
              var s2 = new JsonSerializerSettings();
              s2.TypeNameHandling = TypeNameHandling.Objects;
              var ser = JsonSerializer.Create(s2);
              var b = ser.Deserialize<Foo>(new JsonTextReader(new StringReader(body)));
              var none = JsonConvert.DeserializeObject(body, new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.None });
              var inline = JsonConvert.DeserializeObject(body, new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.All });
              return JsonConvert.DeserializeObject(Request.QueryString["x"], shared);
          }
      }
    `;
    assert.deepEqual(await linesOf('unsafe-deserialization', src, 'csharp'), [6, 11, 13, 14]);
  });

  it('does not report the setting on its own, on constant data or on attributes', async () => {
    const src = code`
      class Tests {
          [JsonProperty(TypeNameHandling = TypeNameHandling.All)]
          public object Payload { get; set; }
          public void RoundTrip() {
              var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.All };
              string json = JsonConvert.SerializeObject(new Item(), settings);
              var back = JsonConvert.DeserializeObject<Item>(json, settings);
              var lit = JsonConvert.DeserializeObject(@"{""$type"":""X""}", settings);
          }
      }
    `;
    assert.deepEqual(await linesOf('unsafe-deserialization', src, 'csharp'), []);
  });
});
