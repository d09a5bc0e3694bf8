// The Python suite runner (pytest or unittest under coverage.py, per-test results as JSON).
// Written to the sandbox's work folder as cw_runner.py and run by the interpreter python/interpreter.ts found.
export const RUNNER_SOURCE = String.raw`
# Codewright suite runner: runs the generated test file with pytest or unittest under coverage.py
# (statements and branches of the module under test only), inside the sandbox guard, and prints one
# JSON line with the passed and failed tests (by case id) and the measured coverage.
import json
import os
import re
import sys

MARK = "@@CW "


def case_id(name):
    found = re.search(r"_(\d+)(\W|$)", name.split("::")[-1].split(".")[-1] + " ")
    return int(found.group(1)) if found else None


def main():
    folder, module, test_module, framework = sys.argv[1:5]
    folder = os.path.abspath(folder)
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    # The frameworks load before the work folder joins sys.path, so the module under test cannot
    # shadow them.
    try:
        import coverage
    except ImportError:
        coverage = None
    if framework == "pytest":
        import pytest  # noqa: F401
    else:
        import unittest  # noqa: F401
    sys.path.insert(0, folder)
    import cw_guard

    out = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    report = {"passed": [], "failed": {}, "problem": None, "coverage": None}
    if coverage is None:
        report["problem"] = "coverage.py is not installed"
    target = os.path.join(folder, module + ".py")
    cov = None
    if coverage is not None:
        cov = coverage.Coverage(data_file=None, branch=True, include=[target], config_file=False)
    cw_guard.install(folder, int(os.environ.get("CW_ADDRESS_SPACE_MB", "1024")))
    if cov is not None:
        cov.start()
    try:
        if framework == "pytest":
            run_pytest(folder, test_module, report)
        else:
            run_unittest(test_module, report)
    except BaseException as error:  # noqa: B036 - a test run that breaks is reported, not raised
        report["problem"] = "%s: %s" % (type(error).__name__, error)
    if cov is not None:
        cov.stop()
        try:
            path = os.path.join(folder, "coverage.json")
            cov.json_report(morfs=[target], outfile=path)
            with open(path, encoding="utf-8") as handle:
                totals = json.load(handle)["totals"]
            report["coverage"] = {
                "statements": [totals["covered_lines"], totals["num_statements"]],
                "branches": [totals.get("covered_branches", 0), totals.get("num_branches", 0)],
                "version": coverage.__version__,
            }
        except Exception as error:  # noqa: BLE001
            report["problem"] = "coverage report failed: %s: %s" % (type(error).__name__, error)
    out.write("\n" + MARK + json.dumps(report) + "\n")
    out.flush()


def record(report, name, ok, message=""):
    ident = case_id(name)
    if ident is None:
        return
    if ok and ident not in report["failed"]:
        report["passed"].append(ident)
    elif not ok:
        report["failed"][ident] = message[:300]


def run_pytest(folder, test_module, results):
    import pytest

    class Collect:
        def pytest_runtest_logreport(self, report):  # pytest passes hook arguments by name
            if report.when == "call" or report.outcome != "passed":
                record(results, report.nodeid, report.outcome == "passed", str(report.longrepr or "")[-300:])

    ini = os.path.join(folder, "pytest.ini")
    with open(ini, "w", encoding="utf-8") as handle:
        handle.write("[pytest]\n")
    args = ["-q", "-p", "no:cacheprovider", "-c", ini, "--rootdir", folder, test_module + ".py"]
    code = pytest.main(args, plugins=[Collect()])
    if int(code) not in (0, 1):
        results["problem"] = "pytest exited with code %d" % int(code)


def run_unittest(test_module, report):
    import unittest

    class Result(unittest.TestResult):
        def addSuccess(self, test):
            record(report, test.id(), True)

        def addFailure(self, test, err):
            record(report, test.id(), False, self._exc_info_to_string(err, test))

        def addError(self, test, err):
            record(report, test.id(), False, self._exc_info_to_string(err, test))

    suite = unittest.defaultTestLoader.loadTestsFromName(test_module)
    suite.run(Result())


if __name__ == "__main__":
    main()
    sys.stderr.flush()
    os._exit(0)
`;
