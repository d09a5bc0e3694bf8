// Java's own analyser (languages/java.ts): deserialization through ObjectInputStream. Each case
// read on real code (Jenkins core) has a near miss next to it that stays reported.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review: Java deserialization', () => {
  it('leaves the stream of a serialization hook alone, not a method that reads a stream it was given', async () => {
    const src = code`
      class Listener implements java.io.Serializable {
          private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
              OutputStream os = (OutputStream) in.readObject();
          }
          public Object load(ObjectInputStream in) throws Exception {
              return in.readObject();
          }
      }
    `;
    assert.deepEqual(await linesOf('unsafe-deserialization', src, 'java'), [6]);
  });

  it('leaves a stream subclass given a class filter alone, not a plain ObjectInputStream', async () => {
    const src = code`
      class Connection {
          public Object read(InputStream in, ClassLoader loader) throws Exception {
              ObjectInputStream ois = new ObjectInputStreamEx(in, loader, ClassFilter.DEFAULT);
              return ois.readObject();
          }
          public Object plain(InputStream in) throws Exception {
              ObjectInputStream ois = new ObjectInputStream(in);
              return ois.readObject();
          }
          public Object subclass(InputStream in, ClassLoader loader) throws Exception {
              ObjectInputStream ois = new ObjectInputStreamEx(in, loader);
              return ois.readObject();
          }
      }
    `;
    assert.deepEqual(await linesOf('unsafe-deserialization', src, 'java'), [8, 12]);
  });

  it('follows a private helper to its callers: filtered when every call hands it a filtering stream', async () => {
    const src = code`
      class Note {
          static Note decode(byte[] buf, ClassLoader loader) throws Exception {
              try (ObjectInputStream ois = new ObjectInputStreamEx(new ByteArrayInputStream(buf), loader, ClassFilter.DEFAULT)) {
                  return read(ois);
              }
          }
          private static Note read(ObjectInputStream ois) throws Exception {
              return (Note) ois.readObject();
          }
          static Object decodeAny(byte[] buf) throws Exception {
              return readAny(new ObjectInputStreamEx(new ByteArrayInputStream(buf), null, ClassFilter.DEFAULT));
          }
          static Object decodeRaw(byte[] buf) throws Exception {
              return readAny(new ObjectInputStream(new ByteArrayInputStream(buf)));
          }
          private static Object readAny(ObjectInputStream ois) throws Exception {
              return ois.readObject();
          }
      }
    `;
    assert.deepEqual(await linesOf('unsafe-deserialization', src, 'java'), [17]);
  });
  it('leaves a deep copy reading back the bytes it serialized alone, not bytes from elsewhere', async () => {
    const src = code`
      class Copies {
          public static <T extends Serializable> T clone(final T object) throws Exception {
              final ByteArrayInputStream bais = new ByteArrayInputStream(serialize(object));
              try (ObjectInputStream in = new ObjectInputStream(bais)) {
                  return (T) in.readObject();
              }
          }
          public static Object copy(Object value) throws Exception {
              ByteArrayOutputStream bos = new ByteArrayOutputStream();
              try (ObjectOutputStream out = new ObjectOutputStream(bos)) { out.writeObject(value); }
              return new ObjectInputStream(new ByteArrayInputStream(bos.toByteArray())).readObject();
          }
          public static Object load(byte[] data) throws Exception {
              ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(data));
              return in.readObject();
          }
          public static Object buffered(InputStream source) throws Exception {
              ByteArrayOutputStream bos = new ByteArrayOutputStream();
              source.transferTo(bos);
              return new ObjectInputStream(new ByteArrayInputStream(bos.toByteArray())).readObject();
          }
      }
    `;
    assert.deepEqual(await linesOf('unsafe-deserialization', src, 'java'), [15, 20]);
  });
  it("reads a stream by the method's own declaration of its name, not another method's", async () => {
    const src = code`
      class Streams {
          public static Object copy(byte[] data, ClassLoader loader) throws Exception {
              try (LoaderAwareObjectInputStream in = new LoaderAwareObjectInputStream(data, loader)) {
                  return in.readObject();
              }
          }
          public static Object read(InputStream source) throws Exception {
              try (ObjectInputStream in = new ObjectInputStream(source)) {
                  return in.readObject();
              }
          }
          public static Object input(InputStream source) throws Exception {
              ObjectInput in = new ObjectInputStream(source);
              return in.readObject();
          }
      }
    `;
    assert.deepEqual(await linesOf('unsafe-deserialization', src, 'java'), [9, 14]);
  });

  it('reports a method reading one stream field by field once, each other stream on its own', async () => {
    const src = code`
      class Session {
          protected void doReadObject(ObjectInputStream stream) throws Exception {
              creationTime = ((Long) stream.readObject()).longValue();
              id = (String) stream.readObject();
          }
          public Object both(ObjectInputStream a, ObjectInputStream b) throws Exception {
              return a.readObject() + "" + b.readObject();
          }
          public Object again(ObjectInputStream stream) throws Exception {
              return stream.readObject();
          }
      }
    `;
    assert.deepEqual(await linesOf('unsafe-deserialization', src, 'java'), [3, 7, 7, 10]);
  });
});
