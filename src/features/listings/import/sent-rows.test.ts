import { SAVE_DELAY_MS, SentRows, sentRowsKey } from './sent-rows';

describe('SentRows', () => {
  it('keeps done rows as ranges, however they finish, and reads them back from storage', () => {
    const key = sentRowsKey('bot', 'hash-1');
    const sent = SentRows.read(localStorage, key);
    for (const row of [2, 3, 5, 4, 9, 7, 8]) {
      sent.markInFlight(row, { storeNow: false });
      sent.markDone(row);
    }
    expect(sent.state()).toEqual({ done: [[2, 5], [7, 9]], inFlight: [] });
    sent.flush();
    const again = SentRows.read(localStorage, key);
    expect(again.doneCount).toBe(7);
    expect([1, 2, 5, 6, 7, 9, 10].map((row) => again.isDone(row))).toEqual([false, true, true, false, true, true, false]);
  });

  it('stores an in-flight mark asked for at once before markInFlight returns, with every change before it', () => {
    const key = sentRowsKey('bot', 'hash-2');
    const sent = SentRows.read(localStorage, key);
    sent.markInFlight(12, { storeNow: false });
    sent.markDone(12);
    sent.release(14);
    sent.markInFlight(13, { storeNow: true });
    const after = SentRows.read(localStorage, key);
    expect(after.wasInFlight(13)).toBe(true);
    expect(after.wasInFlight(12)).toBe(false);
    expect(after.isDone(12)).toBe(true);
  });

  it('writes storage once per SAVE_DELAY_MS, not once per row, and loses nothing it was told', () => {
    vi.useFakeTimers();
    try {
      const key = sentRowsKey('bot', 'hash-6');
      const writes = vi.spyOn(Storage.prototype, 'setItem');
      const sent = SentRows.read(localStorage, key);
      for (let row = 2; row < 502; row += 1) {
        sent.markInFlight(row, { storeNow: false });
        sent.markDone(row);
      }
      sent.markInFlight(502, { storeNow: false });
      expect(writes).not.toHaveBeenCalled();
      vi.advanceTimersByTime(SAVE_DELAY_MS);
      expect(writes).toHaveBeenCalledTimes(1);
      const stored = SentRows.read(localStorage, key);
      expect(stored.doneCount).toBe(500);
      expect(stored.wasInFlight(502)).toBe(true);
      writes.mockRestore();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is per chatbot and per file, and starts empty from damaged storage', () => {
    SentRows.read(localStorage, sentRowsKey('bot', 'hash-3')).markDone(2);
    expect(SentRows.read(localStorage, sentRowsKey('other-bot', 'hash-3')).doneCount).toBe(0);
    expect(SentRows.read(localStorage, sentRowsKey('bot', 'hash-4')).doneCount).toBe(0);
    localStorage.setItem(sentRowsKey('bot', 'hash-5'), '{"done":"all"}');
    expect(SentRows.read(localStorage, sentRowsKey('bot', 'hash-5')).doneCount).toBe(0);
  });

  it('keeps one import id per file, stored before it is handed out, and a batch’s in-flight marks apart from a single request’s', () => {
    const key = sentRowsKey('bot', 'hash-6');
    const sent = SentRows.read(localStorage, key);
    const id = sent.importId(() => 'import-first');
    expect(SentRows.read(localStorage, key).importId(() => 'import-second')).toBe(id);
    sent.markSentWithReceipt([4, 5], { storeNow: true });
    sent.markInFlight(6, { storeNow: true });
    const reloaded = SentRows.read(localStorage, key);
    expect([reloaded.wasSentWithReceipt(4), reloaded.wasSentWithReceipt(6), reloaded.wasInFlight(4), reloaded.wasInFlight(6)]).toEqual([true, false, false, true]);
    expect(reloaded.inFlightCount).toBe(3);
    reloaded.markDone(4);
    reloaded.release(5);
    reloaded.flush();
    expect(SentRows.read(localStorage, key).state()).toEqual({ done: [[4, 4]], inFlight: [6], importId: 'import-first' });
  });
});
