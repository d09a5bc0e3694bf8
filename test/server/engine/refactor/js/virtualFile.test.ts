// The standard library's declaration files are parsed and bound once per process: every virtual
// file's program reuses the same source files, also after earlier files were disposed (the registry
// would otherwise drop them with the last service holding them, and the next request parse them again).
import assert from 'node:assert/strict';
import ts from 'typescript';
import { createVirtualFile } from '../../../../../server/src/engine/refactor/js/virtualFile';

function librarySources(code: string): { names: string[]; files: unknown[] } {
  const file = createVirtualFile(code, 'js');
  try {
    const program = file.service.getProgram()!;
    file.checker();
    const library = program.getSourceFiles().filter((source) => source.fileName.includes('/lib.'));
    return { names: library.map((source) => source.fileName), files: library };
  } finally {
    file.dispose();
  }
}

describe('refactor/js/virtualFile', () => {
  it('reuses the parsed standard library across files, after the earlier ones are disposed', () => {
    const first = librarySources('var a = 1;\n');
    const second = librarySources('var b = [1].map(function (x) { return x; });\n');
    assert.ok(first.names.length > 0, 'the program has the standard library');
    assert.deepEqual(second.names, first.names);
    first.files.forEach((source, index) => assert.equal(second.files[index], source, first.names[index]));
  });

  it('reads the standard library from disk once per process, not once per program', () => {
    librarySources('var warm = 1;\n');
    const readFile = ts.sys.readFile;
    const libraryReads: string[] = [];
    ts.sys.readFile = (name, encoding) => {
      if (name.includes('/lib.')) libraryReads.push(name);
      return readFile(name, encoding);
    };
    try {
      const file = createVirtualFile('var a = 1;\n', 'js');
      try {
        const first = file.program();
        file.update('let b = 2;\n');
        const second = file.program();
        assert.notEqual(second, first, 'a new program for the new text');
        assert.ok(second.getSourceFiles().some((source) => source.fileName.includes('/lib.es5')));
      } finally {
        file.dispose();
      }
      assert.equal(librarySources('var c = 3;\n').names.length > 0, true);
    } finally {
      ts.sys.readFile = readFile;
    }
    assert.deepEqual(libraryReads, [], 'every library file was read before, for the first program');
  });

  it('still answers for the new text after an update', () => {
    const file = createVirtualFile('var a = 1;\n', 'js');
    try {
      file.update('var a = ;\n');
      assert.equal(file.sourceFile().text, 'var a = ;\n');
      file.update('let b = 2;\n');
      assert.equal(file.sourceFile().statements.length, 1);
      assert.equal(file.service.getSemanticDiagnostics(file.fileName).length, 0);
    } finally {
      file.dispose();
    }
  });

  it('holds the program per text version, asking the service again only after an update', () => {
    const file = createVirtualFile('var a = 1;\n', 'js');
    try {
      const service = file.service as { getProgram: () => unknown };
      const getProgram = service.getProgram.bind(service);
      let asked = 0;
      service.getProgram = () => {
        asked++;
        return getProgram();
      };
      const first = file.program();
      assert.equal(file.program(), first);
      assert.equal(file.sourceFile(), first.getSourceFile(file.fileName));
      file.checker();
      assert.equal(asked, 1, 'one question to the service for one text');
      file.update('var a = 1;\n');
      assert.equal(file.program(), first, 'the same text is the same version');
      file.update('let b = 2;\n');
      const second = file.program();
      assert.notEqual(second, first);
      assert.equal(second.getSourceFile(file.fileName)!.text, 'let b = 2;\n');
      // The service's own entry points see the same program as the held one.
      assert.equal(file.service.getProgram(), second);
      assert.equal(asked, 3);
    } finally {
      file.dispose();
    }
  });

  it('answers calls for a text version it has seen without asking the host about every file', () => {
    const file = createVirtualFile('var a = b && b.c;\n', 'js');
    try {
      const host = file.host as { getScriptVersion: (name: string) => string };
      const getScriptVersion = host.getScriptVersion.bind(host);
      let asked = 0;
      host.getScriptVersion = (name) => {
        asked++;
        return getScriptVersion(name);
      };
      const range = { pos: 8, end: 16 };
      const refactors = (): string[] =>
        file.service.getApplicableRefactors(file.fileName, range, {}).map((refactor) => refactor.name);
      const first = refactors();
      assert.ok(first.includes('Convert to optional chain expression'));
      const afterFirst = asked;
      assert.ok(afterFirst > 0, 'the first call builds the program, asking about its files');
      assert.deepEqual(refactors(), first);
      file.service.getSuggestionDiagnostics(file.fileName);
      assert.equal(asked, afterFirst, 'later calls on the same version ask nothing');
      // Near miss: a new text is a new project version, so the service builds the new program.
      file.update('var a = b || b.c;\n');
      assert.ok(!refactors().includes('Convert to optional chain expression'));
      assert.ok(asked > afterFirst, 'the update made the service ask again');
      assert.equal(file.service.getProgram()!.getSourceFile(file.fileName)!.text, 'var a = b || b.c;\n');
    } finally {
      file.dispose();
    }
  });
});
