// `lcbCompat`: a program runs as LiveCodeBench's evaluator (lcb_runner/evaluation/testing_util.py)
// runs it, quirks included, so that verdicts can be compared with LCB's published numbers. Each
// quirk reproduced here is listed, with the default judge's verdict, in the README ("Where
// verdicts differ from LiveCodeBench's"). Written from LCB's observed behaviour; none of its code.

// The evaluator's worker process around the program: its fds 0 and 1 are not the test's (a
// program reading fd 0 finds nothing, what it writes on fd 1 is not compared); sys.stdin and
// sys.stdout outside a test are its own (/dev/null here); an 8 MiB C stack (`ulimit -s`, not the
// judge's memory limit); integers of up to 50,000 digits; and the "reliability guard", which sets
// quit, help, a list of os, shutil and subprocess functions to None and blocks five modules.
const WORKER = `
class _lcb_Guarded:
    # shutil and subprocess get the guard's None functions when the program imports them, since
    # importing them here would cost every test ~50 ms (LCB's worker has them imported already).
    none = {"shutil": ("rmtree", "move", "chown"), "subprocess": ("Popen",)}

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        import sys
        if name not in cls.none:
            return None
        spec = next(filter(None, (f.find_spec(name, path, target) for f in sys.meta_path
                                  if f is not cls and hasattr(f, "find_spec"))), None)
        if spec is not None and spec.loader is not None:
            run = spec.loader.exec_module
            def exec_module(module):
                run(module)
                for attr in cls.none[name]:
                    setattr(module, attr, None)
            spec.loader.exec_module = exec_module
        return spec


def _lcb_worker():
    import builtins, os, resource, sys
    text = sys.stdin.read()
    answer = os.dup(1)
    null = os.open("/dev/null", os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)
    sys.stdin = open("/dev/null")
    sys.stdout = open("/dev/null", "w")
    hard = resource.getrlimit(resource.RLIMIT_STACK)[1]
    stack = 8 << 20 if hard == resource.RLIM_INFINITY else min(8 << 20, hard)
    resource.setrlimit(resource.RLIMIT_STACK, (stack, hard))
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(50000)
    os.environ["OMP_NUM_THREADS"] = "1"
    builtins.quit = builtins.help = None
    for name in ("kill system putenv remove removedirs rmdir fchdir setuid fork forkpty killpg rename renames "
                 "truncate replace unlink fchmod fchown chmod chown chroot lchflags lchmod lchown getcwd chdir").split():
        setattr(os, name, None)
    for module, names in _lcb_Guarded.none.items():
        for name in names:
            if module in sys.modules:
                setattr(sys.modules[module], name, None)
    sys.meta_path.insert(0, _lcb_Guarded)
    for name in ("ipdb", "joblib", "resource", "psutil", "tkinter"):
        sys.modules[name] = None
    return text, answer


def _lcb_answer(fd, text):
    with open(fd, "w", encoding="utf-8") as f:
        f.write(text)


def _lcb_target(source):
    # LCB runs the source as module "tmp_sol"; if the text "class Solution" occurs anywhere in it,
    # what it calls is a method of Solution() (an instance made once), else a module function.
    import types
    mod = types.ModuleType("tmp_sol", "")
    exec(source, mod.__dict__)
    return mod.Solution() if "class Solution" in source else mod
`;

// A stdin program: if its last statement is \`if __name__ == '__main__':\`, that block's body
// replaces it (its else is dropped); top-level imports run first, at module level, and every
// other top-level statement becomes the body of a function called once per test (so top-level
// names are that function's locals, a top-level \`return\` ends the test, and \`__name__\` is
// "tmp_sol"). If the code does not parse, it is run as is (and fails). During the call sys.stdin is
// a stand-in (below), the sys.stdin object the program could bind at import (\`from sys import
// stdin\`, and the prelude's \`from sys import *\`) answers readline() with the input's lines without
// their newline, read() and readlines() with the whole input, and sys.stdout is a StringIO whose
// text is the output. SystemExit ends the test normally, whatever its code; any other exception
// is a runtime error.
const STDIN = `
class _lcb_Stdin:
    # read() returns the whole input at every call; readline() reads on (newline kept);
    # readlines() is the input split at newlines; buffer.read() is the input's bytes and
    # buffer.readline() always the first line; anything else is a StringIO's; not iterable.
    def __init__(self, text):
        import io
        self._text, self._io = text, io.StringIO(text)
        self.buffer = _lcb_StdinBytes(text.encode("utf-8"))
    def read(self, *args):
        return self._text
    def readline(self, *args):
        return self._io.readline(*args)
    def readlines(self, *args):
        return self._text.split("\\n")
    def __getattr__(self, name):
        return getattr(self._io, name)


class _lcb_StdinBytes:
    def __init__(self, data):
        self._data = data
    def read(self, *args):
        return self._data
    def readline(self, *args):
        return self._data.split(b"\\n")[0] + b"\\n"


def _lcb_source(code, prelude):
    import ast
    try:
        body = ast.parse(code).body
        last = body[-1]
        if isinstance(last, ast.If) and ast.unparse(last.test).strip() == "__name__ == '__main__'":
            code = ast.unparse(body[:-1]) + "\\n" + ast.unparse(last.body)
    except Exception:
        pass
    try:
        body = ast.parse(code).body
        imports = [s for s in body if isinstance(s, (ast.Import, ast.ImportFrom))]
        wrapped = ast.FunctionDef(name="wrapped_function", args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[],
                                  kw_defaults=[], defaults=[]), body=[s for s in body if s not in imports],
                                  decorator_list=[], lineno=-1)
        if "type_params" in ast.FunctionDef._fields:
            wrapped.type_params = []
        return prelude + "\\n" + ast.unparse(imports) + "\\n" + ast.unparse(wrapped)
    except Exception:
        return code


def _lcb_run(code, prelude):
    import io, sys
    text, answer = _lcb_worker()
    run = getattr(_lcb_target(_lcb_source(code, prelude)), "wrapped_function")
    lines = iter(text.split("\\n"))
    bound = sys.stdin
    bound.readline = lambda *args: next(lines)
    bound.readlines = lambda *args: text.split("\\n")
    bound.read = lambda *args: text
    out, worker_out = io.StringIO(), sys.stdout
    out.close = lambda x: 1
    sys.stdin, sys.stdout = _lcb_Stdin(text), out
    try:
        run()
    except SystemExit:
        pass
    finally:
        sys.stdin, sys.stdout = bound, worker_out
    _lcb_answer(answer, out.getvalue())
`;

// A functional program: the prelude and the code run as module tmp_sol; the arguments are one
// JSON value per input line, blank lines included (json.loads('') fails); a returned tuple
// becomes a list, and the answer must equal the expected value with Python ==, so a nested tuple
// or a dict with non-string keys never does (written as a non-JSON marker: WA). What the
// program prints goes to the worker's stdout, not compared.
const FUNCTIONAL = `
def _lcb_plain(v):
    if v is None or isinstance(v, (bool, int, float, str)):
        return True
    if isinstance(v, list):
        return all(_lcb_plain(x) for x in v)
    if isinstance(v, dict):
        return all(isinstance(k, str) and _lcb_plain(x) for k, x in v.items())
    return False


def _lcb_run(code, prelude, fn_name):
    import json, sys
    text, answer = _lcb_worker()
    method = getattr(_lcb_target(prelude + "\\n\\n" + code), fn_name)
    result = method(*[json.loads(line) for line in text.split("\\n")])
    if isinstance(result, tuple):
        result = list(result)
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)
    _lcb_answer(answer, json.dumps(result) if _lcb_plain(result) else "__frontier_unequal__")
`;

/**
 * The Python source that runs `code` (a stdin program, or with `fnName` a functional one) as LCB
 * does, `prelude` first. The program runs in its own module, apart from this harness's names.
 */
export function lcbCompatProgram(code: string, prelude: string, fnName?: string): string {
  // JSON string literals are Python string literals too.
  const args = [code, prelude, ...(fnName === undefined ? [] : [fnName])].map((a) => JSON.stringify(a)).join(', ');
  return `${WORKER}${fnName === undefined ? STDIN : FUNCTIONAL}\n_lcb_run(${args})\n`;
}
