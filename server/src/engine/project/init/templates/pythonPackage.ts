// python-package: a Python package in the src layout (pyproject.toml, setuptools), tested with
// pytest or unittest. The lint and format options configure Ruff (`ruff check`, `ruff format`), the
// Python counterparts of ESLint and Prettier.
import { pythonModule, title, type Template } from '../model';

const CORE = `"""Word statistics."""

from collections import Counter


def word_counts(text: str) -> dict[str, int]:
    """Count each word of \`text\`, case-insensitively, ignoring punctuation around words."""
    words = (word.strip(".,;:!?\\"'()").lower() for word in text.split())
    return dict(Counter(word for word in words if word))
`;

const TEST = (module: string) => `import unittest

from ${module}.core import word_counts


class WordCountsTest(unittest.TestCase):
    def test_counts_words_case_insensitively(self) -> None:
        self.assertEqual(word_counts("The cat, the hat."), {"the": 2, "cat": 1, "hat": 1})

    def test_empty_text_has_no_words(self) -> None:
        self.assertEqual(word_counts("  "), {})


if __name__ == "__main__":
    unittest.main()
`;

export const pythonPackage: Template = {
  id: 'python-package',
  description: 'A Python package (src layout, pyproject.toml).',
  scaffold(name, options) {
    const module = pythonModule(name);
    const files: Record<string, string> = {
      [`src/${module}/__init__.py`]: `"""${title(name)}."""\n\nfrom .core import word_counts\n\n__all__ = ["word_counts"]\n`,
      [`src/${module}/core.py`]: CORE,
      '.gitignore': '__pycache__/\n*.egg-info/\nbuild/\ndist/\n.venv/\n.pytest_cache/\n.ruff_cache/\n',
    };
    const optional: string[] = [];
    const tools: string[] = [];
    if (options.include_tests) {
      files['tests/test_core.py'] = TEST(module);
      optional.push('"pytest>=8"');
      tools.push('[tool.pytest.ini_options]\npythonpath = ["src"]\ntestpaths = ["tests"]\n');
    }
    if (options.use_eslint || options.use_prettier) optional.push('"ruff>=0.6"');
    if (options.use_eslint) tools.push('[tool.ruff.lint]\nselect = ["E", "F", "I", "B", "UP"]\n');
    if (options.use_prettier) tools.push('[tool.ruff.format]\nquote-style = "double"\n');
    if (options.use_eslint || options.use_prettier)
      tools.unshift('[tool.ruff]\nline-length = 100\nsrc = ["src", "tests"]\n');
    if (options.include_docs) {
      files['README.md'] =
        `# ${title(name)}\n\nA Python package.\n\n\`\`\`python\nfrom ${module} import word_counts\n\nword_counts("a b a")  # {"a": 2, "b": 1}\n\`\`\`\n\nMore in [docs/](docs/index.md).\n`;
      files['docs/index.md'] =
        `# ${title(name)} documentation\n\n\`word_counts(text)\` counts the words of a text.\n`;
    }
    files['pyproject.toml'] = [
      '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n',
      `[project]\nname = "${name}"\nversion = "0.1.0"\ndescription = "A Python package."\nrequires-python = ">=3.9"\n${options.include_docs ? 'readme = "README.md"\n' : ''}dependencies = []\n`,
      ...(optional.length ? [`[project.optional-dependencies]\ndev = [${optional.join(', ')}]\n`] : []),
      '[tool.setuptools.packages.find]\nwhere = ["src"]\n',
      ...tools,
    ].join('\n');
    const next = [
      `cd ${name}`,
      'python -m venv .venv && . .venv/bin/activate',
      `pip install -e ".${optional.length ? '[dev]' : ''}"`,
    ];
    if (options.include_tests) next.push('pytest');
    if (options.use_eslint) next.push('ruff check .');
    if (options.use_prettier) next.push('ruff format .');
    return { files, next_steps: next };
  },
};
