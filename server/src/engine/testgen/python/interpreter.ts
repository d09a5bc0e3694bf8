// Finds the Python 3 interpreter to run code with, and what it has installed. `CODEWRIGHT_PYTHON`
// names one explicitly; otherwise the first of `python3`, `/usr/bin/python3`, `python` that has both
// pytest and coverage.py wins, else the first Python 3.8+ at all (cases then still run, but the suite
// cannot be verified with pytest or measured by coverage.py, and the answer says so). The sandbox
// runs the interpreter by its real path (`sys.executable`), since version-manager shims such as
// pyenv's need environment variables the sandbox does not pass.
import { spawnSync } from 'node:child_process';

export interface PythonInfo {
  executable: string;
  version: string;
  pytest?: string;
  coverage?: string;
}

const PROBE = [
  'import json, sys',
  'out = {"executable": sys.executable, "version": sys.version.split()[0], "ok": sys.version_info >= (3, 8)}',
  'for name in ("pytest", "coverage"):',
  '    try:',
  '        out[name] = __import__(name).__version__',
  '    except Exception:',
  '        pass',
  'print(json.dumps(out))',
].join('\n');

let cached: { key: string; info: PythonInfo | undefined } | undefined;

function probe(command: string): (PythonInfo & { ok: boolean }) | undefined {
  const run = spawnSync(command, ['-B', '-I', '-c', PROBE], { encoding: 'utf8', timeout: 10_000 });
  if (run.status !== 0) return undefined;
  try {
    const info = JSON.parse(run.stdout.trim().split('\n').pop() ?? '') as PythonInfo & { ok: boolean };
    return info.ok && info.executable ? info : undefined;
  } catch {
    return undefined;
  }
}

/** The interpreter to use, or undefined when no Python 3.8+ is on this machine. Probed once. */
export function findPython(): PythonInfo | undefined {
  const override = process.env.CODEWRIGHT_PYTHON;
  const key = override ?? '';
  if (cached?.key === key) return cached.info;
  const candidates = override ? [override] : ['python3', '/usr/bin/python3', 'python'];
  let fallback: PythonInfo | undefined;
  let chosen: PythonInfo | undefined;
  for (const command of candidates) {
    const info = probe(command);
    if (!info) continue;
    const { ok: _ok, ...rest } = info;
    fallback ??= rest;
    if (info.pytest && info.coverage) {
      chosen = rest;
      break;
    }
  }
  cached = { key, info: chosen ?? fallback };
  return cached.info;
}
