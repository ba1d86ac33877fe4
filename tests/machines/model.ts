/**
 * Model-based testing helpers (dependencies.md): traverse the REAL machine with `xstate/graph`, giving
 * invoke results as `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events, then replay every
 * path on a real actor (actors stubbed to never settle, timers never firing) and record which
 * transition definitions fired, from the `@xstate.microstep` inspection events.
 *
 * Paths: the shortest path to every reachable state (`getShortestPaths`), extended by each of that
 * state's outgoing edges, so every edge of the state graph is walked at least once.
 */
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

export interface ModelPath {
  /** Events to send after start (the first is the one that leaves the initial state). */
  events: AnyEventObject[];
  /** The snapshots the traversal computed after each event (same length as `events`). */
  states: AnyMachineSnapshot[];
  /** Initial snapshot of the traversal. */
  initial: AnyMachineSnapshot;
  input: unknown;
}

/** A stable key of a transition definition: `<source id> | <event> | <index among its branches>`. */
export function transitionKey(t: AnyTransitionDefinition): string {
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
export function allTransitions(machine: AnyStateMachine): Map<string, string> {
  const out = new Map<string, string>();
  const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
  for (const node of nodes) {
    for (const list of node.transitions.values()) {
      for (const t of list) out.set(transitionKey(t), describe(t));
    }
    for (const t of node.always ?? []) out.set(transitionKey(t), describe(t));
  }
  return out;
}

function describe(t: AnyTransitionDefinition): string {
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

export interface TraverseOptions {
  input?: unknown;
  /** Candidate events; an own event type with no candidate is sent as `{ type }`. */
  events: AnyEventObject[];
  /** State identity for the traversal (default: value + context). */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

const defaultSerialize = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: s.context });

/** Paths covering every edge of the machine's state graph for one input. */
export function edgePaths(machine: AnyStateMachine, options: TraverseOptions): ModelPath[] {
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

export interface ReplayResult {
  /** Snapshot after each event. */
  snapshots: AnyMachineSnapshot[];
  /** Keys of the transition definitions that fired. */
  fired: Set<string>;
}

/**
 * Replays `path` on a real actor of `machine` (already `.provide`d with stubs by the caller),
 * checking after every event that value and context equal what the traversal computed.
 * `onStep(snapshot, event, index)` may add assertions.
 */
export function replay(
  machine: AnyStateMachine,
  path: ModelPath,
  expectEqual: (actual: unknown, expected: unknown, where: string) => void,
  onStep?: (snapshot: AnyMachineSnapshot, event: AnyEventObject, index: number) => void,
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
    onStep?.(snap, event, i);
  });
  actor.stop();
  return { snapshots, fired };
}

/** Formats "<name>: N/M transitions covered" and lists the missing ones. */
export function coverageReport(name: string, all: Map<string, string>, fired: Set<string>) {
  const covered = [...all.keys()].filter((k) => fired.has(k));
  const missing = [...all.entries()].filter(([k]) => !fired.has(k)).map(([, d]) => d);
  return {
    line: `${name}: ${covered.length}/${all.size} transitions covered`,
    covered: covered.length,
    total: all.size,
    missing,
  };
}
