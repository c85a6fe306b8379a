/**
 * Process-wide state (docs/decisions/161-process-singletons-and-due-timers.md): one value per
 * key for the whole process, and one running due timer per kind.
 */
import { describe, expect, it } from "vitest";
import { DueTimer, type DueWork, processDueTimer } from "~/platform/due-timer.server";
import { processSingleton } from "~/platform/process-singleton.server";

describe("processSingleton", () => {
  it("makes the value once per key, on first use", () => {
    let made = 0;
    const make = () => ({ n: ++made });
    const first = processSingleton("test.counter", make);
    expect(processSingleton("test.counter", make)).toBe(first);
    expect(made).toBe(1);
    expect(processSingleton("test.other", make)).not.toBe(first);
  });
});

describe("processDueTimer", () => {
  const work = (done: number[]): DueWork<number> => ({
    name: "Test",
    run: () => done.splice(0),
    nextDue: () => undefined,
    failure: "testing failed",
    caughtUp: (caught) => `caught ${caught.length}`,
  });

  it("starts one timer (a second start only kicks it), logs the catch-up, and starts again after stop", () => {
    const lines: string[] = [];
    const timer = processDueTimer("test.timer");
    const created: DueTimer<number>[] = [];
    const create = (done: number[]) => () => {
      const t = new DueTimer(work(done), { log: (line) => lines.push(line) });
      created.push(t);
      return t;
    };
    expect(timer.start(create([1, 2]))).toEqual([1, 2]);
    expect(lines).toEqual(["Test: caught 2"]);
    expect(timer.start(create([3]))).toEqual([]);
    expect(created).toHaveLength(1);
    // The same kind looked up again is the same timer.
    processDueTimer("test.timer").stop();
    expect(created[0]?.isStopped).toBe(true);
    expect(timer.start(create([4]))).toEqual([4]);
    expect(created).toHaveLength(2);
    timer.stop();
  });

  it("a failed round goes to the error sink and is tried again", () => {
    const errors: string[] = [];
    const failing = new DueTimer<number>(
      {
        ...work([]),
        run: () => {
          throw new Error("busy");
        },
      },
      { error: (line) => errors.push(line) },
    );
    expect(failing.start()).toEqual([]);
    expect(errors).toEqual(["Test: testing failed, retrying in 1 s: Error: busy"]);
    failing.stop();
  });
});
