// What tree-sitter analysis finds in a Python module: public targets, parameter facts, literals and
// docstring examples.
import assert from 'node:assert/strict';
import { analysePython } from '../../../../../server/src/engine/testgen/python/targets';

const SOURCE = `
import dataclasses

LIMIT = 100
__all__ = ['parse', 'Point', 'Shape']


def parse(text: str, *, strict=False, **extra):
    """Parses text.

    >>> parse("12", strict=True)
    12
    >>> parse(Point(1, 2).label())
    """
    if len(text) > 3:
        return text.lower()
    return int(text)


def hidden(x):
    return x


@dataclasses.dataclass
class Point:
    x: int
    y: int = 0

    def label(self, prefix):
        """Labels.

        Args:
            prefix (str): what goes first.
        """
        if prefix == 'p':
            return prefix + str(self.x)
        return 'other'

    @property
    def norm(self):
        return abs(self.x)

    @staticmethod
    def origin(scale):
        if isinstance(scale, (int, float)):
            return scale
        return scale['k']


class Shape:
    def __init__(self, sides=4):
        self.sides = sides

    def _private(self):
        return 1
`;

describe('testgen/python: targets', () => {
  it('finds public functions, classes and methods, __all__ deciding', async () => {
    const shape = await analysePython(SOURCE, 'geo');
    assert.deepEqual(
      shape.targets.map((t) => `${t.kind}:${t.name}`),
      ['function:parse', 'class:Point', 'method:Point.label', 'method:Point.origin', 'class:Shape'],
    );
    assert.deepEqual(shape.properties, ['Point.norm']);
  });

  it('reads hints, docstring types, defaults, keyword-only parameters and what the body does', async () => {
    const shape = await analysePython(SOURCE, 'geo');
    const byName = new Map(shape.targets.map((t) => [t.name, t]));
    const parse = byName.get('parse')!;
    assert.deepEqual(
      parse.params.map((p) => [p.name, p.type, p.defaultValue, p.keywordOnly ?? false]),
      [
        ['text', 'str', undefined, false],
        ['strict', undefined, 'False', true],
      ],
    );
    assert.ok(parse.params[0]!.properties.includes('length'));
    assert.ok(parse.literals.includes('3') && parse.literals.includes('4') && parse.literals.includes('2'));
    assert.equal(byName.get('Point.label')!.params[0]!.type, 'str');
    const origin = byName.get('Point.origin')!;
    assert.equal(origin.isStatic, true);
    assert.equal(origin.params[0]!.type, 'int | float');
    assert.ok(origin.params[0]!.properties.includes('k'));
    assert.deepEqual(
      byName.get('Point')!.params.map((p) => [p.name, p.type, p.defaultValue]),
      [
        ['x', 'int', undefined],
        ['y', 'int', '0'],
      ],
    );
    assert.deepEqual(
      byName.get('Shape')!.params.map((p) => p.name),
      ['sides'],
    );
  });

  it('turns docstring examples into argument lists, module names qualified', async () => {
    const shape = await analysePython(SOURCE, 'geo');
    assert.deepEqual(shape.doctests.get('parse'), ['"12", strict=True', 'geo.Point(1, 2).label()']);
  });

  it('counts statements, and those that run on import', async () => {
    const shape = await analysePython('import os\n\ndef f(x):\n    y = x\n    return y\n', 'm');
    assert.deepEqual(shape.statements, { total: 4, onImport: 2 });
  });
});
