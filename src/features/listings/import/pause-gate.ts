/** Pause holds new requests at the gate; those on their way finish. */
export class PauseGate {
  private paused = false;
  private waiters: Array<() => void> = [];

  get isPaused(): boolean {
    return this.paused;
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves at once when running, on Resume when paused; false when stopped meanwhile. */
  async pass(signal: AbortSignal): Promise<boolean> {
    while (this.paused && !signal.aborted) {
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    }
    return !signal.aborted;
  }
}
