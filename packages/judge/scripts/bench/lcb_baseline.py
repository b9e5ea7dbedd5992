"""One sample judged the way LiveCodeBench's evaluator judges it: the bench's baseline.

Written from a description of LiveCodeBench's strategy (lcb_runner/evaluation/testing_util.py),
not from its code: one process per sample runs the import prelude once and compiles the program
once, then runs every test inside itself under a wall-clock alarm, with no isolation between
tests. A stdin program is turned into a function (imports stay at module level, a trailing
`if __name__ == "__main__":` block is unwrapped) and called with sys.stdin and sys.stdout
swapped for StringIO; a functional one is a method of one Solution() called on the decoded
arguments. Outputs are compared as LCB compares them. Unlike LCB, every test runs (LCB stops at
the first failure), as the judge does with allTests, so both sides do the same work.

Input (stdin): one JSON job {prelude, code, fnName (null for stdin programs), timeS, tests:
[{input, output}]}. Output (stdout): one JSON line per test, {"v": verdict, "cpuMs": CPU of the
call}, written as each finishes so that a crash loses only the tests after it.
"""
import ast
import io
import json
import signal
import sys
import time
from decimal import Decimal


class Timeout(Exception):
    pass


def on_alarm(_signum, _frame):
    raise Timeout()


def alarm(seconds):
    signal.setitimer(signal.ITIMER_REAL, seconds)


def is_main_guard(stmt):
    test = stmt.test if isinstance(stmt, ast.If) else None
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "__name__"
            and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value == "__main__")


def as_function(code):
    """The program as a module of its imports and one function, wrapped_function, holding the rest."""
    body = ast.parse(code).body
    if body and is_main_guard(body[-1]):
        body = body[:-1] + body[-1].body
    imports = [s for s in body if isinstance(s, (ast.Import, ast.ImportFrom))]
    rest = [s for s in body if not isinstance(s, (ast.Import, ast.ImportFrom))] or [ast.Pass()]
    fields = dict(name="wrapped_function", body=rest, decorator_list=[], returns=None,
                  args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]))
    if "type_params" in ast.FunctionDef._fields:  # Python 3.12+
        fields["type_params"] = []
    module = ast.Module(body=imports + [ast.FunctionDef(**fields)], type_ignores=[])
    return compile(ast.fix_missing_locations(module), "<solution>", "exec")


def stripped_lines(text):
    return [line.strip() for line in text.strip().split("\n")]


def decimals(line):
    try:
        return [Decimal(token) for token in line.split()]
    except Exception:
        return None


def stdio_equal(got, want):
    """Same number of stripped lines; each equal as text or as a line of Decimals."""
    a, b = stripped_lines(got), stripped_lines(want)
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x == y:
            continue
        dx, dy = decimals(x), decimals(y)
        if dx is None or dy is None or dx != dy:
            return False
    return True


def guarded(work, seconds, exit_ok):
    """(None, result), or (verdict, None) when work() fails, under the wall-clock alarm."""
    alarm(seconds)
    try:
        return None, work()
    except SystemExit:
        # exit() ends a stdin program as it would end a script; a method may not exit.
        return (None, None) if exit_ok else ("RE", None)
    except Timeout:
        return "TLE", None
    except Exception:
        return "RE", None
    finally:
        alarm(0)


def load(job):
    """(None, the callable a test runs) once the prelude has run and the program is defined."""
    stdin_program = job["fnName"] is None
    try:
        prelude = compile(job["prelude"], "<prelude>", "exec")
        program = as_function(job["code"]) if stdin_program else compile(job["code"], "<solution>", "exec")
    except SyntaxError:
        return "CE", None
    namespace = {"__name__": "tmp_sol", "__builtins__": __builtins__}

    def define():
        exec(prelude, namespace)
        exec(program, namespace)
        return namespace["wrapped_function"] if stdin_program else getattr(namespace["Solution"](), job["fnName"])

    return guarded(define, job["timeS"], exit_ok=False)


def run_test(call, job, test):
    """The verdict of one test, run in this process."""
    functional = job["fnName"] is not None
    if functional:
        args = [json.loads(line) for line in test["input"].split("\n")]
    # What a functional solution prints is not its answer: captured too, and dropped.
    stdin, stdout = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO("" if functional else test["input"]), io.StringIO()
    captured = sys.stdout
    try:
        failed, result = guarded(lambda: call(*args) if functional else call(), job["timeS"], exit_ok=not functional)
    finally:
        sys.stdin, sys.stdout = stdin, stdout
    if failed:
        return failed
    if not functional:
        return "AC" if stdio_equal(captured.getvalue(), test["output"]) else "WA"
    if isinstance(result, tuple):
        result = list(result)
    return "AC" if result == json.loads(test["output"]) else "WA"


def main():
    job = json.load(sys.stdin)
    # The verdicts go to the real stdout; whatever the program prints outside a test, nowhere.
    out, sys.stdout = sys.stdout, io.StringIO()
    signal.signal(signal.SIGALRM, on_alarm)
    failed, call = load(job)
    for test in job["tests"]:
        start = time.process_time()
        verdict = failed or run_test(call, job, test)
        out.write(json.dumps({"v": verdict, "cpuMs": (time.process_time() - start) * 1000}) + "\n")
    out.flush()


main()
