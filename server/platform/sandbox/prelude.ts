/**
 * Guest-side bootstrap of the grading sandbox (see `./index.ts`).
 *
 * `PRELUDE_SOURCE` is a constant JavaScript expression — never built from learner or educator
 * data — evaluated inside each fresh QuickJS context *before* the learner's code. It evaluates to
 * a function `(emit, limit) => ({ run, describe })` that:
 * - captures `JSON.parse`, `JSON.stringify`, `Reflect.apply`, `Promise.resolve` and
 *   `Promise.prototype.then` so that later tampering by the learner's code cannot break grading;
 * - installs `globalThis.console` (`log`, `info`, `warn`, `error`, `debug`), which formats its
 *   arguments inside the guest (strings as is, other values as JSON or `String(value)`) and hands
 *   each line — cut to `limit` characters — to the host callback `emit`;
 * - returns `run(fn, argsJson)`, which parses the JSON arguments inside the guest, calls
 *   `fn(...args)` and answers a record `{ state, json, error }`: `state` is `'fulfilled'`,
 *   `'rejected'` or, for a returned promise/thenable, `'pending'` until the runtime's pending jobs
 *   settle it; `json` is `JSON.stringify` of the returned value (`undefined` for `undefined`,
 *   functions, symbols); `error` is a short `"Name: message"` text;
 * - returns `describe(error)`, the same short text for an error thrown while evaluating the code.
 */
export const PRELUDE_SOURCE = String.raw`(function (emit, limit) {
  'use strict';
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const apply = Reflect.apply;
  const toStr = String;
  const slice = String.prototype.slice;
  const PromiseCtor = Promise;
  const promiseResolve = Promise.resolve;
  const promiseThen = Promise.prototype.then;
  const define = Object.defineProperty;

  function show(value) {
    if (typeof value === 'string') return value;
    try {
      const json = apply(stringify, null, [value]);
      if (typeof json === 'string' && typeof value === 'object' && value !== null) return json;
    } catch (_) { /* fall through */ }
    try { return toStr(value); } catch (_) { return '[value]'; }
  }

  function describe(e) {
    try {
      if (e !== null && (typeof e === 'object' || typeof e === 'function')) {
        const name = e.name;
        const message = e.message;
        if (typeof message === 'string') {
          const label = typeof name === 'string' && name !== '' ? name : 'Error';
          return message === '' ? label : label + ': ' + message;
        }
      }
      return 'Uncaught ' + (typeof e === 'string' ? apply(stringify, null, [e]) : show(e));
    } catch (_) {
      return 'Uncaught exception';
    }
  }

  let printed = 0;
  function log() {
    if (printed > limit) return;
    let line = '';
    for (let i = 0; i < arguments.length; i++) {
      line += (i === 0 ? '' : ' ') + show(arguments[i]);
      if (line.length > limit) break;
    }
    if (line.length > limit) line = apply(slice, line, [0, limit + 1]);
    printed += line.length + 1;
    emit(line);
  }
  define(globalThis, 'console', {
    value: { log: log, info: log, warn: log, error: log, debug: log },
    writable: true, configurable: true, enumerable: false,
  });

  function serialize(value) {
    try {
      const json = apply(stringify, null, [value]);
      return { state: 'fulfilled', json: json, error: undefined };
    } catch (e) {
      return { state: 'rejected', json: undefined, error: 'The returned value is not JSON-serializable (' + describe(e) + ')' };
    }
  }

  function run(fn, argsJson) {
    let value;
    try {
      value = apply(fn, undefined, apply(parse, null, [argsJson]));
    } catch (e) {
      return { state: 'rejected', json: undefined, error: describe(e) };
    }
    let thenable = false;
    try {
      thenable = value !== null && (typeof value === 'object' || typeof value === 'function') && typeof value.then === 'function';
    } catch (e) {
      return { state: 'rejected', json: undefined, error: describe(e) };
    }
    if (!thenable) return serialize(value);
    const box = { state: 'pending', json: undefined, error: undefined };
    try {
      const promise = apply(promiseResolve, PromiseCtor, [value]);
      apply(promiseThen, promise, [
        function (settled) { const r = serialize(settled); box.json = r.json; box.error = r.error; box.state = r.state; },
        function (reason) { box.error = describe(reason); box.state = 'rejected'; },
      ]);
    } catch (e) {
      box.error = describe(e);
      box.state = 'rejected';
    }
    return box;
  }

  return { run: run, describe: describe };
})`;
