import { createSectionMounts } from './section-mounts';

/** An idle queue the test runs by hand. */
function idleQueue() {
  const queue: (() => void)[] = [];
  return {
    whenIdle: (work: () => void) => {
      queue.push(work);
      return () => queue.splice(queue.indexOf(work), 1);
    },
    runNext: () => queue.shift()?.(),
    get length() {
      return queue.length;
    },
  };
}

describe('createSectionMounts', () => {
  it('draws one more section per idle moment, each after the one before has drawn', () => {
    const idle = idleQueue();
    const mounts = createSectionMounts(3, 1, idle.whenIdle);
    const calls: [number, boolean][] = [];
    mounts.listen(1, (urgent) => calls.push([1, urgent]));
    mounts.listen(2, (urgent) => calls.push([2, urgent]));
    mounts.drawn(0);
    expect(idle.length).toBe(0); // not started: the form has not mounted
    mounts.start();
    expect(idle.length).toBe(1);
    idle.runNext();
    expect(calls).toEqual([[1, false]]);
    expect(mounts.isMounted(1)).toBe(true);
    expect(mounts.isMounted(2)).toBe(false);
    // The next waits for section 1 to have drawn.
    expect(idle.length).toBe(0);
    mounts.drawn(1);
    idle.runNext();
    expect(calls).toEqual([
      [1, false],
      [2, false],
    ]);
    mounts.drawn(2);
    expect(idle.length).toBe(0);
  });

  it('draws every section up to one at once, urgently, and drops the idle step it replaces', () => {
    const idle = idleQueue();
    const mounts = createSectionMounts(4, 1, idle.whenIdle);
    const calls: [number, boolean][] = [];
    for (const index of [1, 2, 3]) mounts.listen(index, (urgent) => calls.push([index, urgent]));
    mounts.start();
    mounts.mountThrough(2);
    expect(calls).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(idle.length).toBe(0);
    mounts.mountThrough();
    expect(mounts.isMounted(3)).toBe(true);
    mounts.mountThrough(1); // already drawn: nothing
    expect(calls).toHaveLength(3);
  });

  it('stops drawing at idle moments once stopped', () => {
    const idle = idleQueue();
    const mounts = createSectionMounts(2, 1, idle.whenIdle);
    mounts.start();
    mounts.stop();
    expect(idle.length).toBe(0);
    expect(mounts.isMounted(1)).toBe(false);
  });
});
