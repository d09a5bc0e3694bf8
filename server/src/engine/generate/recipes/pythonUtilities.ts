// Python utility functions, decorators and CLI/async helpers.
import type { Recipe } from './recipe';

const py = (recipe: Omit<Recipe, 'family' | 'kind'> & { kind?: Recipe['kind'] }): Recipe => ({
  family: 'python',
  kind: 'function',
  ...recipe,
});

export const PYTHON_UTILITIES: Recipe[] = [
  py({
    id: 'py.chunk',
    entry: 'chunk',
    title: 'Split a list into chunks',
    description: 'Split a sequence into consecutive chunks (batches) of a given size.',
    tags: ['chunk', 'split', 'list', 'batch', 'groups', 'size', 'partition'],
    code: `def chunk(items, size):
    """Consecutive slices of \`items\` of length \`size\` (the last may be shorter)."""
    if not isinstance(size, int) or size < 1:
        raise ValueError("size must be a positive integer")
    return [items[i:i + size] for i in range(0, len(items), size)]
`,
    tests: `import unittest

from subject import chunk


class ChunkTest(unittest.TestCase):
    def test_chunks(self):
        self.assertEqual(chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]])
        self.assertEqual(chunk([], 3), [])

    def test_bad_size(self):
        with self.assertRaises(ValueError):
            chunk([1], 0)
`,
  }),
  py({
    id: 'py.flatten',
    entry: 'flatten',
    title: 'Flatten nested lists',
    description: 'Flatten arbitrarily nested lists and tuples into one flat list.',
    tags: ['flatten', 'nested', 'list', 'flat', 'deep'],
    code: `def flatten(items):
    """[1, [2, (3, [4])]] -> [1, 2, 3, 4]; strings stay whole. Iterative, so depth is unlimited."""
    out = []
    stack = [iter(items)]
    while stack:
        for item in stack[-1]:
            if isinstance(item, (list, tuple)):
                stack.append(iter(item))
                break
            out.append(item)
        else:
            stack.pop()
    return out
`,
    tests: `import unittest

from subject import flatten


class FlattenTest(unittest.TestCase):
    def test_flatten(self):
        self.assertEqual(flatten([1, [2, (3, [4])], "ab"]), [1, 2, 3, 4, "ab"])
        self.assertEqual(flatten([]), [])
`,
  }),
  py({
    id: 'py.slugify',
    entry: 'slugify',
    title: 'Turn a title into a URL slug',
    description: 'Make a URL-friendly slug from text: lowercase, accents removed, words joined by hyphens.',
    tags: ['slug', 'slugify', 'url', 'permalink', 'hyphen', 'title', 'string'],
    code: `import re
import unicodedata


def slugify(text):
    """'Héllo, World!' -> 'hello-world'."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
`,
    tests: `import unittest

from subject import slugify


class SlugifyTest(unittest.TestCase):
    def test_slugs(self):
        self.assertEqual(slugify("Héllo, World!"), "hello-world")
        self.assertEqual(slugify("  Many   spaces -- here "), "many-spaces-here")
        self.assertEqual(slugify("!!!"), "")
`,
  }),
  py({
    id: 'py.wordFrequency',
    entry: 'word_frequency',
    title: 'Count word frequencies in text',
    description: 'Count how often each word occurs in a text and return the most common words.',
    tags: ['word', 'frequency', 'count', 'counter', 'text', 'most common', 'words'],
    code: `import re
from collections import Counter


def word_frequency(text, top=None):
    """(word, count) pairs, most frequent first (ties in first-seen order); words are lower-cased."""
    counts = Counter(re.findall(r"[\\w']+", text.lower()))
    return counts.most_common(top)
`,
    tests: `import unittest

from subject import word_frequency


class WordFrequencyTest(unittest.TestCase):
    def test_counts(self):
        self.assertEqual(word_frequency("The cat and the hat. THE end", top=2), [("the", 3), ("cat", 1)])
        self.assertEqual(word_frequency(""), [])
`,
  }),
  py({
    id: 'py.deepMerge',
    entry: 'deep_merge',
    title: 'Deep merge dictionaries',
    description: 'Recursively merge nested dictionaries; values of the second override the first.',
    tags: ['merge', 'dict', 'dictionary', 'deep', 'nested', 'override', 'combine', 'config'],
    code: `def deep_merge(base, override):
    """A new dict: nested dicts merge key by key, anything else in \`override\` wins."""
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged
`,
    tests: `import unittest

from subject import deep_merge


class DeepMergeTest(unittest.TestCase):
    def test_merge(self):
        base = {"db": {"host": "a", "port": 1}, "debug": False}
        merged = deep_merge(base, {"db": {"port": 2}, "debug": True})
        self.assertEqual(merged, {"db": {"host": "a", "port": 2}, "debug": True})
        self.assertEqual(base["db"]["port"], 1)
`,
  }),
  py({
    id: 'py.readCsv',
    entry: 'read_csv_dicts',
    title: 'Read a CSV file into dictionaries',
    description: 'Read a CSV file with a header row into a list of dictionaries, converting numeric columns.',
    tags: ['csv', 'read', 'parse', 'file', 'rows', 'dict', 'header', 'columns', 'spreadsheet'],
    code: `import csv


def _convert(value):
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            pass
    return value


def read_csv_dicts(path, convert_numbers=True):
    """One dict per row keyed by the header; numbers become int/float when \`convert_numbers\`."""
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    if convert_numbers:
        rows = [{key: _convert(value) for key, value in row.items()} for row in rows]
    return rows
`,
    tests: `import os
import tempfile
import unittest

from subject import read_csv_dicts


class ReadCsvTest(unittest.TestCase):
    def test_reads(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "people.csv")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write('name,age,score\\nAda,36,9.5\\n"Lovelace, A",x,1\\n')
            self.assertEqual(
                read_csv_dicts(path),
                [{"name": "Ada", "age": 36, "score": 9.5}, {"name": "Lovelace, A", "age": "x", "score": 1}],
            )
`,
  }),
  py({
    id: 'py.jsonFile',
    entry: 'load_json',
    title: 'Read and write JSON files safely',
    description:
      'Load JSON from a file with a default when missing, and save JSON atomically (temp file then rename).',
    tags: ['json', 'file', 'read', 'write', 'save', 'load', 'atomic', 'persist'],
    code: `import json
import os
import tempfile


def load_json(path, default=None):
    """The parsed file, or \`default\` when it does not exist."""
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        return default


def save_json(path, data):
    """Writes to a temporary file beside \`path\` and renames it, so readers never see half a file."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, temp = tempfile.mkstemp(dir=folder, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=2)
        os.replace(temp, path)
    except BaseException:
        os.unlink(temp)
        raise
`,
    tests: `import os
import tempfile
import unittest

from subject import load_json, save_json


class JsonFileTest(unittest.TestCase):
    def test_round_trip(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "data.json")
            self.assertEqual(load_json(path, default={}), {})
            save_json(path, {"a": [1, 2]})
            self.assertEqual(load_json(path), {"a": [1, 2]})
            self.assertEqual(os.listdir(folder), ["data.json"])
`,
  }),
  py({
    id: 'py.retry',
    entry: 'retry',
    title: 'Retry decorator with exponential backoff',
    description:
      'A decorator that retries a function on exceptions with exponential backoff between attempts.',
    tags: ['retry', 'decorator', 'backoff', 'exponential', 'attempts', 'exception', 'resilient', 'flaky'],
    code: `import functools
import time


def retry(attempts=3, delay=0.1, backoff=2.0, exceptions=(Exception,), sleep=time.sleep):
    """Retries the decorated function on \`exceptions\`, waiting delay, delay*backoff, ... between tries."""
    def decorate(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            wait = delay
            for attempt in range(1, attempts + 1):
                try:
                    return func(*args, **kwargs)
                except exceptions:
                    if attempt == attempts:
                        raise
                    sleep(wait)
                    wait *= backoff
        return wrapper
    return decorate
`,
    tests: `import unittest

from subject import retry


class RetryTest(unittest.TestCase):
    def test_retries_then_succeeds(self):
        waits = []
        calls = []

        @retry(attempts=3, delay=1, sleep=waits.append)
        def flaky():
            calls.append(1)
            if len(calls) < 3:
                raise IOError("again")
            return "ok"

        self.assertEqual(flaky(), "ok")
        self.assertEqual(waits, [1, 2.0])

    def test_gives_up(self):
        @retry(attempts=2, sleep=lambda _: None, exceptions=(ValueError,))
        def broken():
            raise ValueError("no")

        with self.assertRaises(ValueError):
            broken()
`,
  }),
  py({
    id: 'py.timedCache',
    entry: 'ttl_cache',
    title: 'Memoize with expiry (TTL cache decorator)',
    description: 'A decorator caching function results by arguments for a number of seconds (time to live).',
    tags: ['cache', 'memoize', 'ttl', 'expiry', 'decorator', 'time to live', 'results'],
    code: `import functools
import time


def ttl_cache(seconds, clock=time.monotonic):
    """Caches results by positional and keyword arguments for \`seconds\`."""
    def decorate(func):
        entries = {}

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            key = (args, tuple(sorted(kwargs.items())))
            now = clock()
            hit = entries.get(key)
            if hit is not None and now - hit[0] < seconds:
                return hit[1]
            value = func(*args, **kwargs)
            entries[key] = (now, value)
            return value

        wrapper.cache_clear = entries.clear
        return wrapper
    return decorate
`,
    tests: `import unittest

from subject import ttl_cache


class TtlCacheTest(unittest.TestCase):
    def test_expires(self):
        now = [0.0]
        calls = []

        @ttl_cache(10, clock=lambda: now[0])
        def square(n):
            calls.append(n)
            return n * n

        self.assertEqual(square(3), 9)
        self.assertEqual(square(3), 9)
        now[0] = 11
        self.assertEqual(square(3), 9)
        self.assertEqual(calls, [3, 3])
`,
  }),
  py({
    id: 'py.timer',
    entry: 'Timer',
    kind: 'class',
    title: 'Timer context manager',
    description: 'A context manager that measures how long a block of code takes (elapsed time).',
    tags: ['timer', 'context manager', 'elapsed', 'measure', 'duration', 'benchmark', 'with'],
    code: `import time


class Timer:
    """with Timer() as t: ...; then t.elapsed holds the seconds the block took."""

    def __init__(self, clock=time.perf_counter):
        self._clock = clock
        self.elapsed = None

    def __enter__(self):
        self._start = self._clock()
        return self

    def __exit__(self, *exc):
        self.elapsed = self._clock() - self._start
        return False
`,
    tests: `import unittest

from subject import Timer


class TimerTest(unittest.TestCase):
    def test_measures(self):
        ticks = iter([1.0, 3.5])
        with Timer(clock=lambda: next(ticks)) as timer:
            pass
        self.assertEqual(timer.elapsed, 2.5)

    def test_does_not_swallow(self):
        with self.assertRaises(KeyError):
            with Timer():
                raise KeyError("x")
`,
  }),
  py({
    id: 'py.validateEmail',
    entry: 'is_valid_email',
    title: 'Validate an email address',
    description: 'Check whether a string is a plausible email address (local part, @, domain with a dot).',
    tags: ['email', 'validate', 'validation', 'address', 'check', 'form'],
    code: `import re

# A practical check, not full RFC 5322: one @, no spaces, a dotted domain of valid labels.
_EMAIL = re.compile(r"^[^\\s@]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,}$")


def is_valid_email(text):
    return len(text) <= 254 and _EMAIL.match(text) is not None
`,
    tests: `import unittest

from subject import is_valid_email


class EmailTest(unittest.TestCase):
    def test_checks(self):
        self.assertTrue(is_valid_email("ada@example.com"))
        self.assertTrue(is_valid_email("a.b+c@mail.example.org"))
        self.assertFalse(is_valid_email("no-at.example.com"))
        self.assertFalse(is_valid_email("two@@example.com"))
        self.assertFalse(is_valid_email("ada@localhost"))
`,
  }),
  py({
    id: 'py.formatBytes',
    entry: 'format_bytes',
    title: 'Format a byte count as a human-readable size',
    description: 'Format a number of bytes as KB, MB, GB with a chosen number of decimals.',
    tags: ['format', 'bytes', 'size', 'file size', 'kb', 'mb', 'human', 'readable'],
    code: `_UNITS = ["B", "KB", "MB", "GB", "TB", "PB"]


def format_bytes(size, decimals=1):
    """1536 -> '1.5 KB' (binary units of 1024)."""
    if size < 0:
        raise ValueError("size must not be negative")
    unit = 0
    value = float(size)
    while value >= 1024 and unit < len(_UNITS) - 1:
        value /= 1024
        unit += 1
    return f"{int(value)} B" if unit == 0 else f"{value:.{decimals}f} {_UNITS[unit]}"
`,
    tests: `import unittest

from subject import format_bytes


class FormatBytesTest(unittest.TestCase):
    def test_formats(self):
        self.assertEqual(format_bytes(0), "0 B")
        self.assertEqual(format_bytes(1536), "1.5 KB")
        self.assertEqual(format_bytes(5 * 1024 ** 3, 2), "5.00 GB")
        with self.assertRaises(ValueError):
            format_bytes(-1)
`,
  }),
  py({
    id: 'py.groupBy',
    entry: 'group_by',
    title: 'Group items by a key',
    description: 'Group the items of a list into a dict keyed by a function of each item.',
    tags: ['group', 'groupby', 'list', 'key', 'category', 'bucket', 'aggregate', 'dict'],
    code: `def group_by(items, key):
    """{key(item): [items with that key, in order]}."""
    groups = {}
    for item in items:
        groups.setdefault(key(item), []).append(item)
    return groups
`,
    tests: `import unittest

from subject import group_by


class GroupByTest(unittest.TestCase):
    def test_groups(self):
        words = ["apple", "bob", "avocado", "cat"]
        self.assertEqual(group_by(words, lambda w: w[0]), {"a": ["apple", "avocado"], "b": ["bob"], "c": ["cat"]})
`,
  }),
  py({
    id: 'py.unique',
    entry: 'unique',
    title: 'Remove duplicates keeping order',
    description: 'Deduplicate a list while preserving the order of first occurrences, optionally by a key.',
    tags: ['unique', 'dedupe', 'duplicates', 'distinct', 'remove', 'order', 'list'],
    code: `def unique(items, key=None):
    """Items whose key was not seen before, in order."""
    seen = set()
    out = []
    for item in items:
        marker = item if key is None else key(item)
        if marker not in seen:
            seen.add(marker)
            out.append(item)
    return out
`,
    tests: `import unittest

from subject import unique


class UniqueTest(unittest.TestCase):
    def test_unique(self):
        self.assertEqual(unique([3, 1, 3, 2, 1]), [3, 1, 2])
        self.assertEqual(unique(["a", "A", "b"], key=str.lower), ["a", "b"])
`,
  }),
  py({
    id: 'py.camelToSnake',
    entry: 'camel_to_snake',
    title: 'Convert camelCase to snake_case',
    description: 'Convert camelCase or PascalCase identifiers to snake_case, and back.',
    tags: ['snake', 'snake case', 'camelcase', 'case', 'convert', 'identifier', 'naming'],
    code: `import re


def camel_to_snake(name):
    """'parseHTTPResponse' -> 'parse_http_response'."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name)
    return spaced.lower()


def snake_to_camel(name):
    """'parse_http_response' -> 'parseHttpResponse'."""
    first, *rest = name.split("_")
    return first + "".join(word.capitalize() for word in rest)
`,
    tests: `import unittest

from subject import camel_to_snake, snake_to_camel


class CaseTest(unittest.TestCase):
    def test_convert(self):
        self.assertEqual(camel_to_snake("parseHTTPResponse"), "parse_http_response")
        self.assertEqual(camel_to_snake("UserId"), "user_id")
        self.assertEqual(snake_to_camel("parse_http_response"), "parseHttpResponse")
`,
  }),
  py({
    id: 'py.cli.argparse',
    entry: 'main',
    kind: 'cli',
    title: 'Command-line tool with argparse subcommands',
    description:
      'A Python CLI skeleton with argparse: subcommands, options, --version, exit codes and a main() entry point.',
    tags: [
      'cli',
      'command line',
      'argparse',
      'subcommands',
      'arguments',
      'flags',
      'argv',
      'tool',
      'script',
      'terminal',
    ],
    code: `import argparse
import sys


def build_parser():
    parser = argparse.ArgumentParser(prog="tool", description="A small command-line tool.")
    parser.add_argument("--version", action="version", version="%(prog)s 1.0.0")
    commands = parser.add_subparsers(dest="command", required=True)
    greet = commands.add_parser("greet", help="print a greeting")
    greet.add_argument("name")
    greet.add_argument("--shout", action="store_true")
    total = commands.add_parser("sum", help="print the sum of numbers")
    total.add_argument("numbers", nargs="+", type=float)
    return parser


def main(argv=None, out=sys.stdout):
    """Returns the exit code; argparse exits with 2 on a usage error."""
    args = build_parser().parse_args(argv)
    if args.command == "greet":
        text = f"Hello, {args.name}!"
        print(text.upper() if args.shout else text, file=out)
    elif args.command == "sum":
        print(f"{sum(args.numbers):g}", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
`,
    tests: `import contextlib
import io
import unittest

from subject import main


class CliTest(unittest.TestCase):
    def run_cli(self, *argv):
        out = io.StringIO()
        code = main(list(argv), out=out)
        return code, out.getvalue().strip()

    def test_commands(self):
        self.assertEqual(self.run_cli("greet", "Ada", "--shout"), (0, "HELLO, ADA!"))
        self.assertEqual(self.run_cli("sum", "1", "2", "3.5"), (0, "6.5"))

    def test_usage_error(self):
        with contextlib.redirect_stderr(io.StringIO()):
            with self.assertRaises(SystemExit) as raised:
                main(["fly"])
        self.assertEqual(raised.exception.code, 2)
`,
  }),
  py({
    id: 'py.asyncGather',
    entry: 'gather_limited',
    title: 'Run coroutines with a concurrency limit (asyncio)',
    description:
      'Run many asyncio coroutines with at most N at once using a semaphore, keeping result order.',
    tags: ['asyncio', 'async', 'concurrency', 'semaphore', 'gather', 'parallel', 'limit', 'await'],
    code: `import asyncio


async def gather_limited(limit, factories):
    """Awaits each \`factories[i]()\` with at most \`limit\` running at once; results in order."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    semaphore = asyncio.Semaphore(limit)

    async def run(factory):
        async with semaphore:
            return await factory()

    return await asyncio.gather(*(run(f) for f in factories))
`,
    tests: `import asyncio
import unittest

from subject import gather_limited


class GatherLimitedTest(unittest.TestCase):
    def test_limit_and_order(self):
        running = [0]
        peak = [0]

        def job(value, delay):
            async def run():
                running[0] += 1
                peak[0] = max(peak[0], running[0])
                await asyncio.sleep(delay)
                running[0] -= 1
                return value
            return run

        jobs = [job(i, 0.01 * (5 - i)) for i in range(5)]
        self.assertEqual(asyncio.run(gather_limited(2, jobs)), [0, 1, 2, 3, 4])
        self.assertEqual(peak[0], 2)
`,
  }),
];
