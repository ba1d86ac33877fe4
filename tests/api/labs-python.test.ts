import { beforeAll, describe, expect, it } from 'vitest';
import { countRows } from './harness.js';
import { WEEK1 } from './course-fixtures.js';
import { call, L, LEARNER, LEARNER1, sessionId, setNow, t, useAssignmentFixture } from './assignments-setup.js';

/**
 * Python labs (docs/classroom.md "Python labs"): the learner's Python runs in Pyodide in a worker
 * thread with time and memory limits, no network, no host files and no way to JavaScript; graded as
 * JavaScript labs are. Every escape below fails as a test, and the server keeps answering.
 */

useAssignmentFixture();

let py: number;

beforeAll(async () => {
  const base = await t.db.selectFrom('lessons').selectAll().where('id', '=', L.code!).executeTakeFirstOrThrow();
  const { id: _id, ...rest } = base;
  const row = await t.db
    .insertInto('lessons')
    .values({
      ...rest,
      name: 'Python: pairs',
      sort_order: 99,
      programming: JSON.stringify({
        language: 'python',
        functionName: 'pair_sum',
        starterCode: 'def pair_sum(a, b):\n    pass\n',
        tests: [
          { name: 'pair_sum(1, 2)', args: [1, 2], expected: 3 },
          { name: 'pair_sum(-1, 1)', args: [-1, 1], expected: 0 },
          { name: 'hidden', args: [20, 22], expected: 42, hidden: true },
        ],
      }),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  py = row.id;
}, 60_000);

const submitPy = (code: string, email = LEARNER) =>
  call('POST', `/api/assignments/${py}/code`, email, { sessionId, code });
const runPy = (code: string, email = LEARNER) => call('POST', `/api/assignments/${py}/run`, email, { sessionId, code });

describe('Python labs', () => {
  it('shows the language to the learner and grades correct Python with visible and hidden tests', async () => {
    setNow(WEEK1);
    const lesson = await call('GET', `/api/sessions/${sessionId}/lessons/${py}`, LEARNER);
    expect(lesson.body.data.programming).toMatchObject({ language: 'python', functionName: 'pair_sum' });
    const started = performance.now();
    const code = 'def pair_sum(a, b):\n    print("adding", a, b)\n    return a + b\n';
    const res = await submitPy(code);
    console.log(`Python submission of 3 tests answered in ${(performance.now() - started).toFixed(0)} ms`);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ code, language: 'python', grade: 30, status: 'AUTOGRADED' });
    expect(res.body.data.results).toEqual([
      { name: 'pair_sum(1, 2)', passed: true, output: 'adding 1 2' },
      { name: 'pair_sum(-1, 1)', passed: true, output: 'adding -1 1' },
      { name: 'hidden', passed: true, output: 'Hidden test: passed', hidden: true },
    ]);
  }, 120_000);

  it('runs the visible Python tests without recording, and reports errors in Python terms', async () => {
    setNow(WEEK1);
    const before = await countRows(t.db, 'submissions');
    const started = performance.now();
    const res = await runPy('def pair_sum(a, b):\n    return a + b if a > 0 else 5\n');
    console.log(`Python run of 2 tests answered in ${(performance.now() - started).toFixed(0)} ms`);
    expect(res.body.data).toMatchObject({ language: 'python', passed: 1, total: 2 });
    expect(res.body.data.results[1].output).toBe('Wrong value: expected 0');
    const syntax = await runPy('def pair_sum(a, b:\n    return a\n');
    expect(syntax.body.data.results[0].output).toMatch(/^SyntaxError: .*\(line 1\)$/);
    const missing = await runPy('x = 1\n');
    expect(missing.body.data.results[0].output).toBe('pair_sum is not defined as a function');
    expect(await countRows(t.db, 'submissions')).toBe(before);
  }, 120_000);

  it('fails every escape safely: loops, memory, os, socket, subprocess, files, JavaScript; the server keeps answering', async () => {
    setNow(WEEK1);
    const escapes: [string, RegExp][] = [
      ['def pair_sum(a, b):\n    while True:\n        pass\n', /^Time limit exceeded \(1000 ms\)/],
      [
        'def pair_sum(a, b):\n    while True:\n        try:\n            while True: pass\n        except BaseException:\n            pass\n',
        /^Time limit exceeded \(1000 ms\)/,
      ],
      [
        'def pair_sum(a, b):\n    x = bytearray(512 * 1024 * 1024)\n    return 1\n',
        /^Memory limit exceeded \(64 MiB\)/,
      ],
      ['def pair_sum(a, b):\n    s = "a"\n    while True:\n        s = s + s\n', /^Memory limit exceeded \(64 MiB\)/],
      ['import os\ndef pair_sum(a, b):\n    return os.system("ls")\n', /^ImportError: import of 'os' is not allowed/],
      ['def pair_sum(a, b):\n    import random\n    return random._os.system("ls")\n', /^PermissionError/],
      ['import socket\ndef pair_sum(a, b):\n    return 1\n', /^ImportError: import of 'socket' is not allowed/],
      ['import subprocess\ndef pair_sum(a, b):\n    return 1\n', /^ImportError: import of 'subprocess'/],
      ['def pair_sum(a, b):\n    return open("/etc/passwd").read()\n', /^PermissionError: File access/],
      ['def pair_sum(a, b):\n    return open("package.json").read()\n', /^PermissionError: File access/],
      ['import js\ndef pair_sum(a, b):\n    return 1\n', /^ImportError: import of 'js' is not allowed/],
      ['import pyodide_js\ndef pair_sum(a, b):\n    return 1\n', /^ImportError: import of 'pyodide_js'/],
      [
        // walk the frames up to the harness, take the real import and try to reach JavaScript
        'def pair_sum(a, b):\n    try:\n        1 / 0\n    except Exception as e:\n        f = e.__traceback__.tb_frame\n    while f.f_back:\n        f = f.f_back\n    imp = f.f_globals["_real_import"]\n    ffi = imp("pyodide.ffi", None, None, ["to_js"])\n    o = ffi.to_js({"a": 1})\n    return str(o.constructor.constructor("return process")())\n',
        /^JsException: EvalError: Code generation is not available/,
      ],
      [
        'def pair_sum(a, b):\n    try:\n        1 / 0\n    except Exception as e:\n        f = e.__traceback__.tb_frame\n    while f.f_back:\n        f = f.f_back\n    imp = f.f_globals["_real_import"]\n    return str(imp("pyodide_js"))\n',
        /^ModuleNotFoundError/,
      ],
      ['def pair_sum(a, b):\n    return pair_sum(a, b)\n', /^Recursion limit exceeded/],
    ];
    for (const [code, expected] of escapes) {
      const started = performance.now();
      const res = await runPy(code, LEARNER1);
      const elapsed = performance.now() - started;
      expect(res.status, code).toBe(200);
      const first = res.body.data.results[0];
      expect(first.passed, code).toBe(false);
      expect(first.output, code).toMatch(expected);
      expect(JSON.stringify(res.body.data)).not.toMatch(/root:|"name": "halaqa"/);
      console.log(`escape answered in ${elapsed.toFixed(0)} ms: ${first.output.split('\n')[0]}`);
      // the server kept answering meanwhile and afterwards
      expect((await call('GET', '/api/health/live', null)).status).toBe(200);
    }
  }, 600_000);
});
