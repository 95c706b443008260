/**
 * Resolves in a task of its own, so the work after it is not chained onto the current task:
 * answers that arrived together would otherwise each be handled in the one task (a promise
 * already settled continues in a microtask), one long task. scheduler.yield where the browser
 * has it (it resumes ahead of other queued work); else a MessageChannel message, which unlike
 * setTimeout(0) is not clamped to 4 ms once timers nest.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
