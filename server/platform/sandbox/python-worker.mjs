// A Python grading-sandbox worker thread (server/platform/sandbox/python.ts starts it with
// node:worker_threads; docs/classroom.md "Python labs"). It loads Pyodide (CPython compiled to
// WebAssembly, from node_modules/pyodide) once, shuts every door from Python to the host, then
// runs the tests of ONE run or submission and is thrown away, so no state of one learner's code
// ever reaches another's. Plain JavaScript so that it needs no loader.
//
// The doors, closed before any learner code runs:
// - memory: WebAssembly.Memory#grow refuses to grow past `memoryBytes` (Python raises MemoryError);
//   the worker's own JavaScript heap is capped by the pool (`resourceLimits`);
// - time: an interrupt buffer shared with the main thread, which sets SIGINT at the time limit
//   (Python stops with KeyboardInterrupt between bytecodes); the main thread terminates the worker
//   when even that does not come back;
// - JavaScript: `import js` sees an empty object; `js` and `pyodide_js` are unregistered; in this
//   thread's realm the Function constructors (so `new Function`, `import()` through it), eval,
//   process, fetch, WebSocket and friends are gone, so a Python object that reaches a JS value cannot
//   turn it into host code;
// - files: the Emscripten file system is in memory (the standard library and empty /tmp, /home);
//   the host file systems (NODEFS) and package loading are removed;
// - imports: the learner's code gets builtins whose `__import__` refuses os, sys, subprocess,
//   socket, js, pyodide and the like, and whose `open` refuses files; os.system & co. refuse too.
import { parentPort, workerData } from 'node:worker_threads';

const PAGE = 65536;
let memoryCap = Number.POSITIVE_INFINITY;
const realGrow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function grow(pages) {
  if (this.buffer.byteLength + pages * PAGE > memoryCap) throw new RangeError('Memory limit exceeded');
  return realGrow.call(this, pages);
};

/** The harness, defined once: `_halaqa_run(code, name, args_json)` → (kind, value). */
const HARNESS = `
import builtins as _b, json as _json, os as _os, sys as _sys

def _refused(*args, **kwargs):
    raise PermissionError("This is not available in the sandbox")

for _name in ("system", "popen", "fork", "forkpty", "execv", "execve", "execl", "execle", "execlp",
              "execlpe", "execvp", "execvpe", "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnv",
              "spawnve", "spawnvp", "spawnvpe", "kill", "killpg", "posix_spawn", "posix_spawnp",
              "remove", "unlink", "rmdir", "rename", "replace", "mkdir", "makedirs", "listdir",
              "scandir", "open", "chdir", "putenv", "unsetenv"):
    if hasattr(_os, _name):
        setattr(_os, _name, _refused)
for _mod in ("js", "pyodide_js", "_socket", "socket", "subprocess", "select", "ssl", "pyodide.http",
             "pyodide.ffi", "pyodide.code", "micropip", "ctypes", "_ctypes"):
    _sys.modules.pop(_mod, None)

_DENIED = frozenset((
    "os", "posix", "sys", "subprocess", "_posixsubprocess", "socket", "_socket", "select", "selectors",
    "ssl", "http", "urllib", "ftplib", "smtplib", "socketserver", "asyncio", "threading", "_thread",
    "multiprocessing", "signal", "ctypes", "_ctypes", "js", "pyodide", "pyodide_js", "_pyodide",
    "_pyodide_core", "micropip", "importlib", "builtins", "gc", "inspect", "io", "_io", "pathlib",
    "shutil", "tempfile", "glob", "fileinput", "webbrowser", "pty", "resource", "mmap", "code",
    "codeop", "runpy", "pickle", "marshal", "zipimport", "pkgutil", "site", "sysconfig", "platform",
    "emscripten", "pyodide_http", "_emscripten_info", "traceback", "types", "weakref", "atexit"))
_real_import = _b.__import__

def _guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
    if level != 0 or name.split(".")[0] in _DENIED:
        raise ImportError("import of '%s' is not allowed in the sandbox" % name)
    return _real_import(name, globals, locals, fromlist, level)

def _no_files(*args, **kwargs):
    raise PermissionError("File access is not available in the sandbox")

_guest_builtins = dict(_b.__dict__)
_guest_builtins["__import__"] = _guarded_import
for _name in ("open", "exec", "eval", "compile", "breakpoint", "input", "help", "exit", "quit", "__loader__", "__spec__"):
    _guest_builtins.pop(_name, None)
_guest_builtins["open"] = _no_files

def _halaqa_run(code, name, args_json):
    try:
        compiled = compile(code, "solution.py", "exec")
    except SyntaxError as e:
        return ("error", "SyntaxError: %s (line %s)" % (e.msg, e.lineno))
    scope = {"__name__": "__solution__", "__builtins__": dict(_guest_builtins)}
    try:
        exec(compiled, scope)
        fn = scope.get(name)
        if not callable(fn):
            return ("error", "%s is not defined as a function" % name)
        value = fn(*_json.loads(args_json))
    except KeyboardInterrupt:
        return ("timeout", "")
    except MemoryError:
        return ("memory", "")
    except RecursionError:
        return ("stack", "")
    except BaseException as e:
        text = str(e)
        return ("error", type(e).__name__ + (": " + text if text else ""))
    try:
        return ("value", _json.dumps(value, allow_nan=False))
    except KeyboardInterrupt:
        return ("timeout", "")
    except BaseException as e:
        return ("error", "The returned value is not JSON-serializable (%s)" % type(e).__name__)
`;

/** Removes what a JS value reached from Python could turn into host access, in this thread's realm. */
function hardenRealm() {
  const refuse = () => {
    throw new EvalError('Code generation is not available in the sandbox');
  };
  // Each Function constructor becomes a proxy that refuses to build code but still answers
  // `instanceof` (Pyodide's own proxies test values with `instanceof Function`).
  const kinds = [function () {}, async function () {}, function* () {}, async function* () {}];
  for (const kind of kinds) {
    const proto = Object.getPrototypeOf(kind);
    const blocked = new Proxy(proto.constructor, { apply: refuse, construct: refuse });
    Object.defineProperty(proto, 'constructor', { value: blocked, writable: false, configurable: false });
    if (proto === Function.prototype) {
      Object.defineProperty(globalThis, 'Function', { value: blocked, writable: false, configurable: false });
    }
  }
  for (const name of [
    'eval',
    'process',
    'fetch',
    'WebSocket',
    'XMLHttpRequest',
    'require',
    'Worker',
    'SharedWorker',
    'EventSource',
    'Buffer',
  ]) {
    try {
      Object.defineProperty(globalThis, name, { value: undefined, writable: false, configurable: false });
    } catch {
      // not configurable in this realm: leave it
    }
  }
}

/** Loads Pyodide with an in-memory file system and no JavaScript reachable from Python. */
async function start(memoryBytes) {
  const { loadPyodide } = await import('pyodide');
  const indexURL = new URL('.', import.meta.resolve('pyodide')).pathname;
  const pyodide = await loadPyodide({
    indexURL,
    jsglobals: Object.freeze(Object.create(null)),
    env: { HOME: '/home/pyodide' },
    stdout: () => {},
    stderr: () => {},
    checkAPIVersion: true,
  });
  pyodide.runPython(HARNESS);
  for (const name of ['js', 'pyodide_js']) {
    try {
      pyodide.unregisterJsModule(name);
    } catch {
      // not registered
    }
  }
  const fs = pyodide.FS;
  for (const key of Object.keys(fs.filesystems ?? {})) if (key !== 'MEMFS') delete fs.filesystems[key];
  const refuse = () => {
    throw new Error('Not available in the sandbox');
  };
  for (const key of ['mountNodeFS', 'mountNativeFS', 'loadPackage', 'loadPackagesFromImports', 'runPythonAsync']) {
    try {
      pyodide[key] = refuse;
    } catch {
      // read-only
    }
  }
  memoryCap = pyodide._module.HEAP8.buffer.byteLength + memoryBytes;
  hardenRealm();
  return pyodide;
}

const interrupt = new Int32Array(new SharedArrayBuffer(4));
let pyodide;
try {
  pyodide = await start(workerData.memoryBytes);
  pyodide.setInterruptBuffer(interrupt);
  parentPort.postMessage({ type: 'ready', interrupt: interrupt.buffer });
} catch (err) {
  parentPort.postMessage({ type: 'ready', error: err instanceof Error ? err.message : String(err) });
}

const run = pyodide?.globals.get('_halaqa_run');

parentPort.on('message', (request) => {
  const { id, code, functionName, argsJson, outputChars } = request;
  let output = '';
  let cut = false;
  const keep = (text) => {
    if (cut) return;
    const next = output ? `${output}\n${text}` : text;
    if (next.length > outputChars) {
      output = `${next.slice(0, outputChars)}\n… (output truncated)`;
      cut = true;
    } else output = next;
  };
  pyodide.setStdout({ batched: keep });
  pyodide.setStderr({ batched: () => {} });
  Atomics.store(interrupt, 0, 0);
  const started = performance.now();
  let kind = 'error';
  let value = '';
  let fatal = false;
  try {
    const answer = run(code, functionName, argsJson);
    [kind, value] = answer.toJs();
    answer.destroy();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err?.pyodide_fatal_error) {
      // The interpreter cannot go on (an allocation failed where CPython cannot recover): this
      // worker is done; near the memory cap it was the learner's memory, else a sandbox failure.
      fatal = true;
      output = '';
      const heap = pyodide._module.HEAP8.buffer.byteLength;
      kind = heap + 16 * 1024 * 1024 >= memoryCap ? 'memory' : 'error';
      value = 'Sandbox failure: the Python interpreter stopped';
    } else {
      kind = /KeyboardInterrupt/.test(message)
        ? 'timeout'
        : /MemoryError|Memory limit/.test(message)
          ? 'memory'
          : 'error';
      value = message.split('\n').filter(Boolean).at(-1) ?? 'Sandbox failure';
    }
  }
  // An allocation that failed near the cap can leave CPython in an odd state (a TypeError instead of
  // MemoryError) and WebAssembly memory never shrinks: call it the memory limit and retire the worker.
  if (!fatal && pyodide._module.HEAP8.buffer.byteLength + 16 * 1024 * 1024 >= memoryCap) {
    if (kind !== 'value') kind = 'memory';
    fatal = true;
  }
  const durationMs = Math.round((performance.now() - started) * 10) / 10;
  parentPort.postMessage({ type: 'result', id, kind, value, output: output || null, durationMs, fatal });
});
