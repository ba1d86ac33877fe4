/**
 * Model-based testing helpers (dependencies.md): traverse the REAL machine with `xstate/graph`, giving
 * invoke results as `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events, then replay every
 * path on a real actor (actors stubbed to never settle, timers never firing) and record which
 * transition definitions fired, from the `@xstate.microstep` inspection events.
 *
 * Paths: the shortest path to every reachable state (`getShortestPaths`), extended by each of that
 * state's outgoing edges, so every edge of the state graph is walked at least once.
 *
 * A machine test calls `describeModelBased(machine, { name, events, input | inputs, serialize, actors,
 * check, setup })` once; the other helpers serve it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';

interface ModelPath {
  /** Events to send after start (the first is the one that leaves the initial state). */
  events: AnyEventObject[];
  /** The snapshots the traversal computed after each event (same length as `events`). */
  states: AnyMachineSnapshot[];
  /** Initial snapshot of the traversal. */
  initial: AnyMachineSnapshot;
  input: unknown;
}

/** A stable key of a transition definition: `<source id> | <event> | <index among its branches>`. */
function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode;
  const list: readonly AnyTransitionDefinition[] =
    t.eventType === '' || !source.transitions.get(t.eventType)?.includes(t)
      ? (source.always ?? [])
      : (source.transitions.get(t.eventType) ?? []);
  const index = list.indexOf(t);
  const event = list === source.always ? 'always' : t.eventType;
  return `${source.id} | ${event} | ${index}`;
}

/** Every transition definition of the machine (each guarded branch counts), by key. */
function allTransitions(machine: AnyStateMachine): Map<string, string> {
  const out = new Map<string, string>();
  const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
  for (const node of nodes) {
    for (const list of node.transitions.values()) {
      for (const t of list) out.set(transitionKey(t), describeTransition(t));
    }
    for (const t of node.always ?? []) out.set(transitionKey(t), describeTransition(t));
  }
  return out;
}

function describeTransition(t: AnyTransitionDefinition): string {
  const targets = (t.target ?? []).map((n: AnyStateNode) => n.id).join(',') || '(self)';
  const guard = t.guard
    ? ` [${typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string }).type ?? 'guard')}]`
    : '';
  return `${t.source.id} --${t.eventType || 'always'}${guard}--> ${targets}`;
}

/** Own event types of the active state nodes (incl. `xstate.after.*` and done/error events). */
function ownEventTypes(snapshot: AnyMachineSnapshot): string[] {
  const nodes = (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
  return [...new Set(nodes.flatMap((n) => n.ownEvents as string[]))];
}

interface TraverseOptions {
  input?: unknown;
  /** Candidate events; an own event type with no candidate is sent as `{ type }`. */
  events: AnyEventObject[];
  /** State identity for the traversal (default: value + context). */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

const defaultSerialize = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: s.context });

/** Paths covering every edge of the machine's state graph for one input. */
function edgePaths(machine: AnyStateMachine, options: TraverseOptions): ModelPath[] {
  const serializeState = options.serializeState ?? defaultSerialize;
  const events = (snapshot: AnyMachineSnapshot) =>
    ownEventTypes(snapshot).flatMap((type) => {
      const matching = options.events.filter((e) => e.type === type);
      return matching.length ? matching : [{ type }];
    });
  const traversal = {
    input: options.input,
    events,
    serializeState: (s: AnyMachineSnapshot) => serializeState(s),
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const shortest = getShortestPaths(machine, traversal as any) as Array<{
    state: AnyMachineSnapshot;
    steps: Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>;
  }>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const adjacency = getAdjacencyMap(machine, traversal as any) as unknown as Record<
    string,
    { transitions: Record<string, { event: AnyEventObject }> }
  >;
  const bySerial = new Map<string, (typeof shortest)[number]>();
  for (const path of shortest) bySerial.set(serializeState(path.state as AnyMachineSnapshot), path);

  // The serializer may merge snapshots that differ in ignored fields, so the snapshots along each
  // path are recomputed from its events with the machine's own (pure) transition function.
  const initial = getInitialSnapshot(machine, options.input) as AnyMachineSnapshot;
  const walk = (events: AnyEventObject[]): ModelPath => {
    const states: AnyMachineSnapshot[] = [];
    let current = initial;
    for (const event of events) {
      current = getNextSnapshot(machine, current, event) as AnyMachineSnapshot;
      states.push(current);
    }
    return { events, states, initial, input: options.input };
  };
  const paths: ModelPath[] = [];
  for (const [serial, { transitions }] of Object.entries(adjacency)) {
    const head = bySerial.get(serial);
    if (!head) throw new Error(`no shortest path to ${serial}`);
    // alterPath: steps[0] is (xstate.init, initial); steps[i] = (event that led to it, state).
    const headEvents = head.steps.slice(1).map((s) => s.event as AnyEventObject);
    for (const { event } of Object.values(transitions)) paths.push(walk([...headEvents, event as AnyEventObject]));
    if (Object.keys(transitions).length === 0) paths.push(walk(headEvents));
  }
  return paths;
}

/** A clock whose timers never fire: delayed transitions are driven by the path's events. */
const frozenClock = {
  setTimeout: () => Symbol('timer') as unknown as number,
  clearTimeout: () => {},
};

/** Actors that never settle, recording the input of each start: `starts` = [name, input][]. */
export function pendingActors(names: string[]) {
  const starts: Array<[string, unknown]> = [];
  const actors: Record<string, ReturnType<typeof fromPromise<unknown, unknown>>> = {};
  for (const name of names) {
    actors[name] = fromPromise<unknown, unknown>(({ input }) => {
      starts.push([name, input]);
      return new Promise(() => {});
    });
  }
  return { actors, starts };
}

interface ReplayResult {
  /** Snapshot after each event. */
  snapshots: AnyMachineSnapshot[];
  /** Keys of the transition definitions that fired. */
  fired: Set<string>;
}

/**
 * Replays `path` on a real actor of `machine` (already `.provide`d with stubs by the caller),
 * checking after every event that value and context equal what the traversal computed.
 * `onStep(snapshot, event, index, previous)` may add assertions (`previous`: the snapshot before the
 * event, the actor's initial one at the first step).
 */
function replay(
  machine: AnyStateMachine,
  path: ModelPath,
  expectEqual: (actual: unknown, expected: unknown, where: string) => void,
  onStep?: (snapshot: AnyMachineSnapshot, event: AnyEventObject, index: number, previous: AnyMachineSnapshot) => void,
): ReplayResult {
  const fired = new Set<string>();
  const actor = createActor(machine, {
    input: path.input,
    clock: frozenClock,
    inspect: (ev) => {
      if (ev.type === '@xstate.microstep') {
        for (const t of (ev as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) {
          fired.add(transitionKey(t));
        }
      }
    },
  });
  actor.start();
  const initial = actor.getSnapshot();
  expectEqual(
    { value: initial.value, context: initial.context },
    { value: path.initial.value, context: path.initial.context },
    'initial',
  );
  const snapshots: AnyMachineSnapshot[] = [];
  let previous: AnyMachineSnapshot = initial;
  path.events.forEach((event, i) => {
    actor.send(event);
    const snap = actor.getSnapshot();
    const expected = path.states[i]!;
    expectEqual(
      { value: snap.value, context: snap.context, status: snap.status },
      { value: expected.value, context: expected.context, status: expected.status },
      `after ${event.type} (step ${i + 1})`,
    );
    snapshots.push(snap);
    onStep?.(snap, event, i, previous);
    previous = snap;
  });
  actor.stop();
  return { snapshots, fired };
}

/** Formats "<name>: N/M transitions covered" and lists the missing ones. */
function coverageReport(name: string, all: Map<string, string>, fired: Set<string>) {
  const covered = [...all.keys()].filter((k) => fired.has(k));
  const missing = [...all.entries()].filter(([k]) => !fired.has(k)).map(([, d]) => d);
  return {
    line: `${name}: ${covered.length}/${all.size} transitions covered`,
    covered: covered.length,
    total: all.size,
    missing,
  };
}

/** One step of a replayed path, as the checks of `describeModelBased` see it. */
interface ModelStep {
  /** The snapshot after the event. */
  snapshot: AnyMachineSnapshot;
  /** The snapshot before the event (the actor's initial one at the first step). */
  previous: AnyMachineSnapshot;
  event: AnyEventObject;
  /** Position of the event in the path, from 0. */
  index: number;
  /** The stubbed actors started by this step as `[name, input]`; the first step's include those started with the actor. */
  started: Array<[string, unknown]>;
  /** Every start of a stubbed actor so far on this path. */
  starts: Array<[string, unknown]>;
  path: ModelPath;
}

/** What a path's replay leaves for `PathStubs.done`: the snapshots after each event and every actor start. */
interface ModelPathResult {
  path: ModelPath;
  snapshots: AnyMachineSnapshot[];
  starts: Array<[string, unknown]>;
}

/** A path's own machine and the checks of what its stubs recorded (see `ModelBasedOptions.setup`). */
interface PathStubs {
  /** The machine to replay (default: the machine with the never-settling actors). */
  machine?: AnyStateMachine;
  /** Checks after each step, after the shared `check`. */
  check?: (step: ModelStep) => void;
  /** Checks once every event of the path has been replayed. */
  done?: (result: ModelPathResult) => void;
}

/** The implementations `provide` of a machine takes. */
type Implementations<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0];

/** One of several inputs of a machine, traversed on its own. */
interface ModelInput {
  /** Title of its describe block. */
  name: string;
  input: unknown;
  /** Its own candidate events (default: the options' `events`). */
  events?: AnyEventObject[];
}

interface ModelBasedOptions<TMachine extends AnyStateMachine> {
  /** Name in the titles and in the coverage line, e.g. `payout.machine`. */
  name: string;
  /** Candidate events of the traversal (see `TraverseOptions.events`). */
  events?: AnyEventObject[];
  /** The machine's input, when one is enough. */
  input?: unknown;
  /** Several inputs, each traversed on its own, in a describe block of its own. */
  inputs?: readonly ModelInput[];
  /** State identity for the traversal (default: value + context). */
  serialize?: (snapshot: AnyMachineSnapshot) => string;
  /** Names of the actors stubbed to never settle, whose starts the steps see. */
  actors?: string[];
  /** The fewest paths the traversal must find (default 1). */
  minPaths?: number;
  /** Invariants and effects, checked after every step of every path. */
  check?: (step: ModelStep) => void;
  /**
   * Called once per path, before its replay: `provide(implementations)` gives the machine with the
   * never-settling actors plus the given implementations (actions that record what they are given,
   * other actor stubs); the result says which machine to replay and what to check of the recordings.
   */
  setup?: (stubs: {
    provide: (implementations: Implementations<TMachine>) => AnyStateMachine;
    starts: Array<[string, unknown]>;
    path: ModelPath;
  }) => PathStubs;
}

/** What `describeModelBased` traversed, for tests of particular paths. */
interface ModelBased {
  /** Every path, of every input. */
  paths: ModelPath[];
  /** The paths by input name (one entry, named after the machine, when there is one input). */
  pathsByInput: Array<[string, ModelPath[]]>;
}

const pathLabel = (path: ModelPath) => path.events.map((e) => e.type.replace('xstate.', '')).join(' → ') || '(initial)';

/**
 * Serializes a snapshot of a machine with a captcha (`context.captchaRound` counts the rounds) for
 * the traversal: rounds past 2 count as 2, so refused captchas do not make the state graph endless.
 */
export const serializeCappingCaptchaRound = (s: AnyMachineSnapshot) => {
  const c = s.context as { captchaRound: number };
  return JSON.stringify({ value: s.value, context: { ...c, captchaRound: Math.min(c.captchaRound, 2) } });
};

/**
 * Model-based tests of a machine: a describe block `<name> (model-based)` with one test per path
 * covering every edge of its state graph (per input), replayed on a real actor with never-settling
 * actors and frozen timers, checking after each step that the actor agrees with the traversal and
 * the options' checks; then a test that every transition definition of the machine fired.
 */
export function describeModelBased<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ModelBasedOptions<TMachine>,
): ModelBased {
  const all = allTransitions(machine);
  const fired = new Set<string>();
  const inputs = options.inputs ?? [{ name: options.name, input: options.input }];
  const pathsByInput = inputs.map(
    ({ name, input, events }) =>
      [
        name,
        edgePaths(machine, {
          input,
          events: events ?? options.events ?? [],
          ...(options.serialize ? { serializeState: options.serialize } : {}),
        }),
      ] as [string, ModelPath[]],
  );
  const paths = pathsByInput.flatMap(([, p]) => p);

  function runPath(path: ModelPath) {
    const { actors, starts } = pendingActors(options.actors ?? []);
    const provide = (implementations: Implementations<TMachine>) =>
      machine.provide({
        ...implementations,
        actors: { ...actors, ...(implementations as { actors?: object }).actors },
      } as Implementations<TMachine>);
    const stubs = options.setup?.({ provide, starts, path }) ?? {};
    let seen = 0;
    const result = replay(
      stubs.machine ?? provide({} as Implementations<TMachine>),
      path,
      (actual, expected, where) => expect(actual, where).toEqual(expected),
      (snapshot, event, index, previous) => {
        const step = { snapshot, previous, event, index, started: starts.slice(seen), starts, path };
        seen = starts.length;
        options.check?.(step);
        stubs.check?.(step);
      },
    );
    stubs.done?.({ path, snapshots: result.snapshots, starts });
    for (const key of result.fired) fired.add(key);
  }

  describe(`${options.name} (model-based)`, () => {
    afterAll(() => {
      const report = coverageReport(options.name, all, fired);
      console.log(report.line);
      if (report.missing.length) console.log(`not covered:\n  ${report.missing.join('\n  ')}`);
    });

    it('has paths', () => {
      expect(paths.length).toBeGreaterThanOrEqual(options.minPaths ?? 1);
    });

    for (const [name, list] of pathsByInput) {
      const cases = list.map((p, i) => [i, pathLabel(p), p] as const);
      const each = () => it.each(cases)('path %i: %s', (_i, _label, path) => runPath(path));
      if (options.inputs) describe(name, each);
      else each();
    }

    it('covers every transition of the machine', () => {
      const report = coverageReport(options.name, all, fired);
      expect(report.missing, report.line).toEqual([]);
      expect(report.covered).toBe(report.total);
    });
  });
  return { paths, pathsByInput };
}
