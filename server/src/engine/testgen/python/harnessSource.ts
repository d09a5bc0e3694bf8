// The Python observation harness (runs each candidate call, reports its result and the lines it reached).
// Written to the sandbox's work folder as cw_harness.py and run by the interpreter python/interpreter.ts found.
export const HARNESS_SOURCE = String.raw`
# Codewright observation harness: imports the module under test, runs each case, prints what it did
# (the exact value as Python source when it has one, or the exception) and the lines and line-to-line
# arcs of the module it reached, one JSON line per case prefixed with @@CW.
import builtins
import io
import json
import math
import os
import sys
import types

MARK = "@@CW "
MAX_SOURCE = 4000
MAX_ITEMS = 1000


def main():
    spec_file = sys.argv[1]
    with open(spec_file, encoding="utf-8") as handle:
        spec = json.load(handle)
    folder = os.path.dirname(os.path.abspath(spec_file))
    sys.path.insert(0, folder)
    import cw_guard

    out = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    sys.stdout = io.StringIO()  # the module's own prints must not mix with the results
    emit = lambda record: (out.write(MARK + json.dumps(record) + "\n"), out.flush())
    target = os.path.join(folder, spec["module"] + ".py")
    hits = set()
    tracer = make_tracer(target, hits)
    emit({"executable": executable_lines(target)})
    cw_guard.install(folder, spec["addressSpaceMb"])
    sys.settrace(tracer)
    try:
        module = __import__(spec["module"])
    except BaseException as error:  # noqa: B036 - a module may raise anything, SystemExit included
        sys.settrace(None)
        emit({"load": "throw", "error": {"name": type(error).__name__, "message": str(error)[:500]}})
        return
    sys.settrace(None)
    loaded_from = os.path.realpath(getattr(module, "__file__", None) or "")
    if loaded_from != os.path.realpath(target):
        # A module of that name was already loaded (the standard library's, or the harness's own).
        message = "the name %s is taken by %s; give module_path another name" % (spec["module"], loaded_from or "a built-in module")
        emit({"load": "throw", "error": {"name": "ImportError", "message": message}})
        return
    emit({"load": "ok", "hits": sorted(hits)})
    namespace = {"__builtins__": builtins, "math": math, spec["module"]: module}
    skip = set(spec["skip"])
    for case in spec["cases"]:
        if case["id"] in skip:
            continue
        emit({"start": case["id"]})
        hits.clear()
        sys.stdout = io.StringIO()
        outcome = run_case(case, module, namespace, tracer)
        emit({"id": case["id"], "outcome": outcome, "hits": sorted(hits)})
    emit({"done": True})


def make_tracer(target, hits):
    def global_trace(frame, event, arg):
        if frame.f_code.co_filename != target:
            return None
        previous = [-frame.f_code.co_firstlineno]

        def local_trace(frame, event, arg):
            if event == "line":
                line = frame.f_lineno
                hits.add("l%d" % line)
                hits.add("a%d>%d" % (previous[0], line))
                previous[0] = line
            elif event == "return":
                hits.add("a%d>%d" % (previous[0], -frame.f_code.co_firstlineno))
            return local_trace

        return local_trace

    return global_trace


def executable_lines(path):
    """Lines holding code, from the compiled module (what a line tracer can reach)."""
    try:
        with open(path, encoding="utf-8") as handle:
            code = compile(handle.read(), path, "exec")
    except (SyntaxError, ValueError, OSError):
        return []
    lines = set()
    stack = [code]
    while stack:
        item = stack.pop()
        if hasattr(item, "co_lines"):
            lines.update(line for _, _, line in item.co_lines() if line is not None and line > 0)
        stack.extend(c for c in item.co_consts if isinstance(c, types.CodeType))
    return sorted(lines)


def run_case(case, module, namespace, tracer):
    mode = None
    try:
        args, kwargs = eval("(lambda *a, **k: (a, k))(%s)" % case["args"], namespace)
        ctor = None
        if case.get("ctorArgs") is not None:
            ctor = eval("(lambda *a, **k: (a, k))(%s)" % case["ctorArgs"], namespace)
        fn = module
        for key in case["access"][:-1] if ctor else case["access"]:
            fn = getattr(fn, key)
    except BaseException as error:  # noqa: B036
        return {"kind": "crash", "reason": "arguments could not be built: %s: %s" % (type(error).__name__, error)}
    sys.settrace(tracer)
    try:
        if ctor is not None:
            fn = getattr(fn(*ctor[0], **ctor[1]), case["access"][-1])
        value = fn(*args, **kwargs)
        mode = None
        if isinstance(value, types.CoroutineType):
            import asyncio

            mode = "async"
            value = asyncio.run(value)
        elif isinstance(value, types.GeneratorType) or type(value).__name__ in ("map", "filter", "zip"):
            mode = "iter"
            value = consume(value)
            if value is None:
                return {"kind": "crash", "reason": "an endless or very long iterator"}
    except BaseException as error:  # noqa: B036 - the code under test may raise anything
        return thrown(error, mode)
    finally:
        sys.settrace(None)
    return described(value, mode)


def consume(iterator):
    items = []
    for item in iterator:
        items.append(item)
        if len(items) > MAX_ITEMS:
            return None
    return items


def thrown(error, mode):
    kind = type(error)
    origin = "builtin" if kind.__module__ == "builtins" else "other"
    return {
        "kind": "throw",
        "name": kind.__name__,
        "message": safe_str(error),
        "origin": origin,
        "base": not isinstance(error, Exception),
        "mode": mode,
    }


def safe_str(error):
    try:
        return str(error)
    except BaseException:  # noqa: B036
        return "(str() of the exception failed)"


def described(value, mode):
    out = {"kind": "return", "className": type(value).__qualname__, "mode": mode}
    if isinstance(value, float) and math.isnan(value):
        out["type"] = "nan"
        return out
    source = to_source(value, 0)
    if source is not None and len(source) <= MAX_SOURCE:
        out["type"] = "identity" if value is None or isinstance(value, bool) else "exact"
        out["expr"] = source
        return out
    try:
        text = repr(value)
    except BaseException:  # noqa: B036
        text = None
    if text and " at 0x" not in text and not text.startswith("<") and len(text) <= MAX_SOURCE:
        out["type"] = "repr"
        out["expr"] = text
    else:
        out["type"] = "type"
    return out


def to_source(value, depth):
    """Python source that evaluates to an equal value, for plain data only; None otherwise."""
    if depth > 20:
        return None
    kind = type(value)
    if value is None or kind in (bool, int, str, bytes):
        return repr(value)
    if kind is float:
        if math.isnan(value):
            return None
        if math.isinf(value):
            return "float('inf')" if value > 0 else "float('-inf')"
        return repr(value)
    if kind is complex:
        return None if value != value else repr(value)
    if kind in (list, tuple):
        parts = [to_source(item, depth + 1) for item in value]
        if any(part is None for part in parts):
            return None
        if kind is tuple:
            return "(%s,)" % parts[0] if len(parts) == 1 else "(%s)" % ", ".join(parts)
        return "[%s]" % ", ".join(parts)
    if kind in (set, frozenset):
        parts = sorted(to_source(item, depth + 1) or "\0" for item in value)
        if "\0" in parts:
            return None
        inner = "{%s}" % ", ".join(parts) if parts else ""
        return ("frozenset(%s)" % inner) if kind is frozenset else ("{%s}" % ", ".join(parts) if parts else "set()")
    if kind is dict:
        parts = []
        for key, item in value.items():
            key_source, item_source = to_source(key, depth + 1), to_source(item, depth + 1)
            if key_source is None or item_source is None:
                return None
            parts.append("%s: %s" % (key_source, item_source))
        return "{%s}" % ", ".join(parts)
    return None


if __name__ == "__main__":
    main()
    sys.stderr.flush()
    os._exit(0)  # threads the module started must not keep the process alive
`;
