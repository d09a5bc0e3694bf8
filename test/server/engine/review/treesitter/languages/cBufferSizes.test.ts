// Sized buffer checks for C/C++: a copy is reported only when both the size it writes and the size
// of its destination fold to constants and the first exceeds the second.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

const overflows = (src: string, language: 'c' | 'cpp' = 'c') => linesOf('buffer-overflow', src, language);

describe('review C buffer sizes', () => {
  it('reports memcpy/strncpy/snprintf sizes larger than the destination', async () => {
    const src = code`
      #include <string.h>
      void copy(void) {
          int small[10];
          int big[40] = {0};
          memcpy(small, big, 40 * sizeof(int));
          char name[8];
          char text[32] = "";
          strncpy(name, text, 31);
          snprintf(name, 32, "%s", text);
      }
    `;
    assert.deepEqual(await overflows(src), [5, 8, 9]);
  });

  it('follows a pointer to the buffer it was set to, alloca and new[]', async () => {
    const src = code`
      void fill(void) {
          char *dst;
          char *room = (char *)alloca(16 * sizeof(char));
          dst = room;
          char src[64];
          memset(src, 'x', 63);
          src[63] = '\0';
          strcpy(dst, src);
          long *values = new long[4];
          for (size_t i = 0; i < 8; i++) {
              values[i] = 0;
          }
      }
    `;
    assert.deepEqual(await overflows(src, 'cpp'), [8, 11]);
  });

  it('takes a parameter’s size from the calls in the file', async () => {
    const src = code`
      static void sink(char *out) {
          char line[100];
          memset(line, 'A', 99);
          line[99] = '\0';
          strcpy(out, line);
      }
      void entry(void) {
          char tiny[20];
          sink(tiny);
      }
    `;
    assert.deepEqual(await overflows(src), [5]);
  });

  it('measures typedef-sized buffers (sizeof(wchar_t), sizeof(int64_t)) like built-in types', async () => {
    const src = code`
      #include <wchar.h>
      #include <stdlib.h>
      void wide(void) {
          wchar_t *small = (wchar_t *)malloc(50 * sizeof(wchar_t));
          wchar_t *large = (wchar_t *)malloc(100 * sizeof(wchar_t));
          wchar_t text[100];
          wmemset(text, L'x', 99);
          text[99] = L'\\0';
          wcsncpy(small, text, 99);
          wcsncpy(large, text, 99);
      }
    `;
    assert.deepEqual(await overflows(src), [9]);
  });

  it('follows C++ references and reference parameters to the buffer they hold', async () => {
    const src = code`
      #include <cstring>
      static void pick(char *&out) { out = new char[50]; }
      static void pickLarge(char *&out) { out = new char[200]; }
      void viaParameter(const char *text) {
          char *data = NULL;
          pick(data);
          memcpy(data, text, 100);
          char *other = NULL;
          pickLarge(other);
          memcpy(other, text, 100);
      }
      void viaReference(const char *text) {
          char small[50];
          char *data;
          char *&alias = data;
          data = small;
          {
              char *copy = alias;
              memcpy(copy, text, 100);
          }
      }
    `;
    assert.deepEqual(await overflows(src, 'cpp'), [7, 19]);
  });

  it('stays quiet when the copy fits or a size is unknown', async () => {
    const src = code`
      #include <string.h>
      #define SIZE 64
      void safe(char *unknown, size_t n) {
          char a[SIZE];
          char b[SIZE];
          memset(b, 'B', SIZE - 1);
          b[SIZE - 1] = '\0';
          strcpy(a, b);
          memcpy(a, b, sizeof(a));
          snprintf(a, sizeof a, "%s", b);
          strncpy(a, unknown, n);
          for (int i = 0; i < SIZE; i++) a[i] = 0;
      }
    `;
    assert.deepEqual(await overflows(src), []);
  });
});
