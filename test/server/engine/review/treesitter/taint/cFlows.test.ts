// The taint engine on C/C++: object-like macros, globals written by another function, calls through
// function pointers, and the out-arguments of reads (`recv` writes its second argument).
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review taint engine: C flows', () => {
  it('follows input a C++ reference parameter hands back to the caller', async () => {
    const src = code`
      #include <cstdio>
      #include <cstdlib>
      static void readInput(char *&data) { fgets(data, 100, stdin); }
      static void fixed(char *&data) { data[0] = 'x'; }
      void run(void) {
          char buf[100] = "";
          char other[100] = "ls";
          readInput(buf);
          system(buf);
          fixed(other);
          system(other);
      }
    `;
    assert.deepEqual(await linesOf('command-injection', src, 'cpp'), [9]);
  });

  it('sees sinks and arguments hidden behind object-like macros', async () => {
    const src = code`
      #include <unistd.h>
      #define RUN execl
      #define SHELL_ARG input
      void handle(int sock) {
          char input[64];
          recv(sock, input, sizeof(input) - 1, 0);
          RUN("/bin/sh", "sh", "-c", SHELL_ARG, NULL);
      }
      void fixed(void) {
          char input[64] = "ls";
          RUN("/bin/sh", "sh", "-c", SHELL_ARG, NULL);
      }
    `;
    assert.deepEqual(await linesOf('command-injection', src, 'c'), [7]);
  });

  it('follows a global that one function fills and another reads', async () => {
    const src = code`
      #include <stdio.h>
      static char *pending;
      static char *clean;
      static void sink(void) {
          char *name = pending;
          FILE *f = fopen(name, "r");
      }
      static void safeSink(void) {
          FILE *f = fopen(clean, "r");
      }
      void entry(void) {
          char buf[100];
          fgets(buf, 100, stdin);
          pending = buf;
          clean = "/etc/motd";
          sink();
          safeSink();
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'c'), [6]);
  });

  it('follows arguments through a function pointer', async () => {
    const src = code`
      #include <stdio.h>
      static void show(char *text) {
          printf(text);
      }
      void entry(void) {
          char line[80];
          void (*out)(char *) = show;
          fgets(line, 80, stdin);
          out(line);
      }
    `;
    assert.deepEqual(await linesOf('format-string', src, 'c'), [3]);
  });

  it('does not report a constant format or a command from a constant buffer', async () => {
    const src = code`
      #include <stdlib.h>
      #define CMD "ls -l"
      void entry(void) {
          char cmd[32] = CMD;
          system(cmd);
          printf("%s", cmd);
      }
    `;
    assert.deepEqual(await linesOf('command-injection', src, 'c'), []);
    assert.deepEqual(await linesOf('format-string', src, 'c'), []);
  });
});
