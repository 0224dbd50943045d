/**
 * Reading a Chromium trace for the overlay bench: the main-thread tasks between two `performance.mark`s. Thread
 * CPU time is read beside wall-clock time, because on a shared machine a task's wall clock also holds the time the
 * thread waited for a core.
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

export interface TaskTiming {
  /** Milliseconds of wall clock. */
  wallMs: number;
  /** Milliseconds the thread itself ran (undefined when the trace has no thread clock). */
  cpuMs: number | undefined;
}

/** What started a task, from the events inside it (category `devtools.timeline`). */
export type TaskKind = 'animation-frame' | 'message' | 'timer' | 'other';

export interface TracedTask extends TaskTiming {
  kind: TaskKind;
}

const KIND_EVENTS: readonly [string, TaskKind][] = [
  ['FireAnimationFrame', 'animation-frame'],
  ['HandlePostMessage', 'message'],
  ['TimerFire', 'timer'],
];

/** Top-level task of a renderer's main thread (category `toplevel`). */
const TASK_EVENT = 'ThreadControllerImpl::RunTask';

export function parseTrace(buffer: Buffer): TraceEvent[] {
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

/**
 * A task's two durations. The thread clock is at most the wall clock: a reading above it (seen when the thread moves
 * between cores under load) is capped there rather than trusted.
 */
function timingOf(task: TraceEvent): TaskTiming {
  const wallMs = (task.dur ?? 0) / 1000;
  return { wallMs, cpuMs: task.tdur === undefined ? undefined : Math.min(task.tdur / 1000, wallMs) };
}

function markOf(events: readonly TraceEvent[], name: string): TraceEvent {
  const mark = events.find((event) => event.name === name);
  if (!mark) throw new Error(`the trace has no mark "${name}": was the page traced?`);
  return mark;
}

/**
 * The tasks on the thread that set `startMark` which begin after it and before the task holding `endMark` (the
 * task that marks the end is the receiver's, not part of what is measured).
 */
export function tasksBetween(events: readonly TraceEvent[], startMark: string, endMark: string): TracedTask[] {
  const start = markOf(events, startMark);
  const end = markOf(events, endMark);
  const onThread = events.filter((event) => event.ph === 'X' && event.name === TASK_EVENT && event.pid === start.pid && event.tid === start.tid);
  const endTask = onThread.find((task) => task.ts <= end.ts && end.ts <= task.ts + (task.dur ?? 0));
  const endTs = endTask ? endTask.ts : end.ts;
  const inside = events.filter((event) => event.ph === 'X' && event.pid === start.pid && event.tid === start.tid && KIND_EVENTS.some(([name]) => name === event.name));
  const kindOf = (task: TraceEvent): TaskKind => {
    const within = inside.filter((event) => event.ts >= task.ts && event.ts <= task.ts + (task.dur ?? 0));
    return KIND_EVENTS.find(([name]) => within.some((event) => event.name === name))?.[1] ?? 'other';
  };
  return onThread.filter((task) => task.ts >= start.ts && task.ts < endTs).map((task) => ({ ...timingOf(task), kind: kindOf(task) }));
}

/** The longest task by each clock (the two may be different tasks). */
export function longestTask(tasks: readonly TaskTiming[]): TaskTiming {
  if (tasks.length === 0) throw new Error('no main-thread task was traced in the measured window');
  const cpu = tasks.map((task) => task.cpuMs).filter((ms): ms is number => ms !== undefined);
  return { wallMs: Math.max(...tasks.map((task) => task.wallMs)), cpuMs: cpu.length ? Math.max(...cpu) : undefined };
}

/** The outermost main-thread task holding `mark` (work done in one go, like the bench's bare walk). */
export function taskHolding(events: readonly TraceEvent[], mark: string): TaskTiming {
  const found = markOf(events, mark);
  const holding = events
    .filter((event) => event.ph === 'X' && event.name === TASK_EVENT && event.pid === found.pid && event.tid === found.tid)
    .filter((task) => task.ts <= found.ts && found.ts <= task.ts + (task.dur ?? 0))
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  if (!holding) throw new Error(`no main-thread task holds the mark "${mark}"`);
  return timingOf(holding);
}
