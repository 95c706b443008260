// Instrumentation injected into every benchmarked page before the app's own scripts
// (Playwright's addInitScript). Plain JavaScript on purpose: it reaches the browser exactly
// as written, with no TypeScript transform in between. `Probes` in bench/browser.ts is its API.
(() => {
  const bench = {
    /** Long tasks (over 50 ms) of the main thread since the page started. */
    longTasks: [],
    /** Long animation frames (over 50 ms), where the browser supports them. */
    longFrames: [],
    /** rAF times while `recordFrames` is on. */
    frames: [],
    recordFrames: false,
    /** performance.now() at the paint that first showed a row of the listings table. */
    rowsPaintedAt: undefined,
    /** ClientAsk stream: when each network chunk reached the app, and how many SSE frames had arrived by then. */
    stream: { chunks: [], done: undefined, paints: [], watching: false },
    /** Keystrokes: keydown time, when the page had handled it (layout included), and its next paint. */
    keys: [],
    /** Which components and DOM nodes changed per keystroke, while `census.on`. */
    census: { on: false, regions: [], renders: [], mutations: [] },
    pageChange: undefined,
    inflight: 0,
  };
  window.__bench = bench;

  const timingObservers = [];
  /** Observes entries of `type` into `into`; a browser without that type reports none. */
  function observeTiming(type, into) {
    const take = (entries) => {
      for (const entry of entries) into.push({ start: entry.startTime, duration: entry.duration });
    };
    try {
      const observer = new PerformanceObserver((list) => take(list.getEntries()));
      observer.observe({ type, buffered: true });
      timingObservers.push(() => take(observer.takeRecords()));
    } catch {
      // Not supported here.
    }
  }
  observeTiming('longtask', bench.longTasks);
  // Long animation frames (over 50 ms from a frame's first task to its paint) also catch
  // what long tasks miss: rendering work, and runs of short tasks that hold a frame back.
  observeTiming('long-animation-frame', bench.longFrames);
  /** Entries the browser has recorded but not yet handed to the observers' callbacks. */
  bench.flushTimings = () => {
    for (const flush of timingObservers) flush();
  };

  // ---- When does a DOM change reach the screen? A change made in a task is painted by the
  // next frame; one made inside a frame's rAF callbacks by that same frame. A task posted from
  // a rAF callback runs right after that frame's paint, so its time is the paint time. Posted
  // at user-blocking priority where the browser has scheduler.postTask: a plain message would
  // wait behind tasks queued meanwhile (the next network chunk of an answer, say) and make the
  // paint look later than it was.
  // This costs nothing while idle: no frame is requested unless something waits for a paint.
  const postAfterPaint =
    typeof scheduler !== 'undefined' && typeof scheduler.postTask === 'function'
      ? (callback) => {
          scheduler.postTask(callback, { priority: 'user-blocking' });
        }
      : (callback) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => callback();
          channel.port2.postMessage(null);
        };
  function afterNextPaint(callback) {
    requestAnimationFrame(() => postAfterPaint(() => callback(performance.now())));
  }

  // ---- Which frame paints a change? Every rAF callback of one frame gets the same timestamp,
  // which names the frame. A change made inside a frame's rAF callbacks, or in the microtasks
  // they queue, is painted by that frame; a change made in a task, by the next frame whose
  // callbacks start. (A flag set in a
  // rAF callback and cleared after the paint cannot tell these apart: a task that runs after
  // the paint but before the clearing message would be credited to the frame already painted.)
  // Every rAF callback, the app's included, goes through this wrapper: this script runs first.
  let framePhase;
  /** Called when a new frame's rAF callbacks begin, before the first of them. */
  const frameStarts = [];
  /** Called after each rAF callback and the microtasks it queued, still inside its frame. */
  const afterCallbacks = [];
  const nativeRequestAnimationFrame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    nativeRequestAnimationFrame((time) => {
      if (time !== framePhase) {
        framePhase = time;
        for (const listener of frameStarts) listener(time);
      }
      try {
        callback(time);
      } finally {
        // In a microtask: what the callback queued first (React renders a store's change in a
        // microtask) has then changed the page, still before this frame's paint.
        queueMicrotask(() => {
          for (const listener of afterCallbacks) listener(time);
        });
      }
    });

  // A frame loop, only while a figure needs every frame (the streaming figures): it counts
  // frames and reports each frame's end, right after its paint.
  let looping = false;
  const frameEnds = [];
  function loop(time) {
    if (!looping) return;
    postAfterPaint(() => {
      const now = performance.now();
      for (const listener of frameEnds) listener(time, now);
    });
    if (bench.recordFrames) bench.frames.push(time);
    requestAnimationFrame(loop);
  }
  function startLoop() {
    if (looping) return;
    looping = true;
    requestAnimationFrame(loop);
  }
  bench.stopLoop = () => {
    looping = false;
  };

  // ---- Time to a usable dashboard: the paint that first showed a row of the listings table.
  const ROWS_PAINTED_MESSAGE = 'bench:rows-painted';
  const rowSelector = 'table[aria-label="Listings"] tbody tr';
  const rowObserver = new MutationObserver(() => {
    if (!document.querySelector(rowSelector)) return;
    rowObserver.disconnect();
    afterNextPaint((now) => {
      bench.rowsPaintedAt = now;
      // Told on the console, so the load is waited for without Playwright running (and first
      // injecting) its own script in the page while the app loads.
      console.debug(`${ROWS_PAINTED_MESSAGE} ${now}`);
    });
  });
  rowObserver.observe(document, { childList: true, subtree: true });

  // ---- Table page change: from the click on "Next page" to the paint whose first row differs.
  const firstRowText = () => document.querySelector(rowSelector)?.textContent ?? '';
  bench.armPageChange = () => {
    const before = firstRowText();
    let clickedAt;
    const onClick = (event) => {
      if (event.target instanceof Element && event.target.closest('[aria-label="Next page"]')) clickedAt = event.timeStamp;
    };
    document.addEventListener('click', onClick, true);
    bench.pageChange = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const text = firstRowText();
        if (clickedAt === undefined || text === '' || text === before) return;
        observer.disconnect();
        document.removeEventListener('click', onClick, true);
        afterNextPaint((now) => resolve({ clickedAt, paintedAt: now }));
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  };

  // ---- Fetches in flight (so a measurement starts on a quiet page), and the ClientAsk stream.
  const originalFetch = window.fetch;
  window.fetch = async function benchFetch(...args) {
    bench.inflight += 1;
    let response;
    try {
      response = await originalFetch.apply(this, args);
    } finally {
      bench.inflight -= 1;
    }
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('text/event-stream') || !response.body) return response;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let frames = 0;
    let carry = '';
    const body = new ReadableStream(
      {
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) {
            bench.stream.done = performance.now();
            controller.close();
            return;
          }
          const text = carry + decoder.decode(value, { stream: true });
          for (let at = text.indexOf('\n\n'); at !== -1; at = text.indexOf('\n\n', at + 2)) frames += 1;
          carry = text.endsWith('\n') && !text.endsWith('\n\n') ? '\n' : '';
          bench.stream.chunks.push({ t: performance.now(), frames });
          controller.enqueue(value);
        },
        cancel(reason) {
          return reader.cancel(reason);
        },
      },
      // Read the network eagerly, whatever the app's pace, so `t` is when a chunk arrived.
      { highWaterMark: Number.POSITIVE_INFINITY },
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  // ---- Fragment to screen: the non-space characters of the newest answer at every paint.
  /** The characters /\s/ matches, which measureStream drops from the fragments it counts. */
  const isSpace = (code) =>
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff;
  // Counted in place rather than with replace(/\s+/g, ''), which copied the whole answer at
  // every change: work of the probe's own inside the frames it measures.
  const answerLength = () => {
    const answers = document.querySelectorAll('[data-testid="assistant-message"] [data-testid="answer-text"]');
    const last = answers[answers.length - 1];
    if (!last) return 0;
    const text = last.textContent;
    let length = 0;
    for (let index = 0; index < text.length; index += 1) if (!isSpace(text.charCodeAt(index))) length += 1;
    return length;
  };
  const ANSWER_PAINTED_MESSAGE = 'bench:answer-painted';
  /** Frames with no change to the page after the answer's stream ended: the page has settled. */
  const QUIET_FRAMES = 10;
  /**
   * Starts the frame loop and records, per painted frame, how much of the answer it showed.
   * Tells the console once the answer is on screen and the page has settled: the stream has
   * ended, QUIET_FRAMES frames changed nothing on the page, and with a `target`, a paint has
   * shown `target` characters (without one, a paint counts changes, not characters). Every
   * page is then measured to the same point, its work after the last fragment included (a
   * chat's answer gets its footer; a renderer may render once more when told the stream ended).
   */
  bench.watchAnswer = (target) => {
    bench.stream = { chunks: [], done: undefined, paints: [], watching: true };
    let shown = answerLength();
    /** Answer lengths as they changed, each with the frame that paints it (undefined: the next to start). */
    const changes = [];
    let quietFrames = 0;
    /** Whether the page changed at all in the current frame (the answer or anything else). */
    let changedThisFrame = false;
    let told = false;
    const record = (frame) => {
      changedThisFrame = true;
      // Without a target only whether the page changed matters: counting the answer's
      // characters at every change would be the probe's own work, on a long answer a large
      // share of the main-thread time measured, and more for a page that paints more often.
      const length = target === undefined ? shown + 1 : answerLength();
      if (length !== shown) {
        shown = length;
        changes.push({ frame, length });
      }
    };
    const observer = new MutationObserver(() => record(undefined));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    frameStarts.push((frame) => {
      if (observer.takeRecords().length > 0) record(undefined);
      for (const change of changes) change.frame ??= frame;
    });
    afterCallbacks.push((frame) => {
      if (observer.takeRecords().length > 0) record(frame);
    });
    frameEnds.push((frame, now) => {
      if (!bench.stream.watching) {
        observer.disconnect();
        return;
      }
      let length;
      while (changes.length > 0 && changes[0].frame !== undefined && changes[0].frame <= frame) length = changes.shift().length;
      if (length !== undefined) bench.stream.paints.push({ t: now, frame, length });
      quietFrames = !changedThisFrame && length === undefined && changes.length === 0 ? quietFrames + 1 : 0;
      changedThisFrame = false;
      const last = bench.stream.paints[bench.stream.paints.length - 1];
      if (told || !last) return;
      if ((target === undefined || last.length >= target) && bench.stream.done !== undefined && quietFrames >= QUIET_FRAMES) {
        told = true;
        // Told on the console, so Playwright waits without running its own script in the page.
        console.debug(`${ANSWER_PAINTED_MESSAGE} ${last.t}`);
      }
    });
    startLoop();
  };

  // ---- Keystrokes: handled = after the app's listeners and a forced layout; painted = next frame.
  window.addEventListener(
    'keydown',
    (event) => {
      bench.keys.push({ down: event.timeStamp, handled: undefined, painted: undefined });
    },
    true,
  );
  window.addEventListener('input', () => {
    const key = bench.keys[bench.keys.length - 1];
    if (!key || key.handled !== undefined) return;
    void document.body.offsetHeight;
    key.handled = performance.now();
    afterNextPaint((now) => {
      key.painted = now;
    });
  });
  bench.whenKeyPainted = (index) =>
    new Promise((resolve) => {
      const check = () => {
        const key = bench.keys[index];
        if (key && key.painted !== undefined) resolve(key);
        else setTimeout(check, 5);
      };
      check();
    });

  // ---- Render census: which React components rendered, and which DOM nodes changed, per
  // keystroke, outside the allowed regions. React calls this DevTools hook on every commit,
  // production builds included; the walk mirrors how React DevTools spots re-rendered fibers.
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const HOST_TAGS = new Set([5, 6, 26, 27]);
  const PERFORMED_WORK = 1;

  function hostNodeOf(fiber) {
    const stack = [fiber.child];
    while (stack.length > 0) {
      const current = stack.pop();
      if (!current) continue;
      if (HOST_TAGS.has(current.tag)) return current.stateNode;
      stack.push(current.sibling, current.child);
    }
    for (let parent = fiber.return; parent; parent = parent.return) {
      if (HOST_TAGS.has(parent.tag)) return parent.stateNode;
    }
    return null;
  }

  /** A readable name for a DOM node: its Mantine part (or first class) and the nearest labelled ancestor. */
  function describe(node) {
    const element = node instanceof Element ? node : node?.parentElement;
    if (!element) return '(detached)';
    const classes = [...element.classList];
    const part = classes.find((name) => /^mantine-[A-Z]/.test(name)) ?? classes[0];
    let own = `${element.tagName.toLowerCase()}${part ? `.${part}` : ''}${labelOf(element)}`;
    if (!part && !labelOf(element) && element.firstElementChild) own = `${own} > ${describe(element.firstElementChild)}`;
    const labelled = element.parentElement?.closest('[aria-label],[data-testid]');
    return labelled ? `${own} in ${labelled.tagName.toLowerCase()}${labelOf(labelled)}` : own;
  }
  function labelOf(element) {
    const testId = element.getAttribute('data-testid');
    const label = element.getAttribute('aria-label');
    if (testId) return `[data-testid="${testId}"]`;
    if (label) return `[aria-label="${label}"]`;
    return '';
  }

  const inRegions = (node) => {
    const target = node instanceof Element ? node : node?.parentNode;
    return !!target && bench.census.regions.some((region) => region.contains(target));
  };
  const keyIndex = () => bench.keys.length - 1;

  function recordRender(fiber) {
    const node = hostNodeOf(fiber);
    // Mantine names its components (displayName); the app's own names are minified away.
    const name = fiber.type?.displayName ?? fiber.type?.type?.displayName ?? fiber.type?.render?.displayName ?? 'component';
    bench.census.renders.push({ key: keyIndex(), inside: inRegions(node), where: `${name} at ${describe(node)}` });
  }
  function mounted(fiber) {
    if (COMPONENT_TAGS.has(fiber.tag)) recordRender(fiber);
    for (let child = fiber.child; child; child = child.sibling) mounted(child);
  }
  function updated(next, previous) {
    if (COMPONENT_TAGS.has(next.tag) && (next.flags & PERFORMED_WORK) !== 0) recordRender(next);
    if (next.child === previous.child) return;
    for (let child = next.child; child; child = child.sibling) {
      if (child.alternate) updated(child, child.alternate);
      else mounted(child);
    }
  }

  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject(internals) {
      const id = this.renderers.size + 1;
      this.renderers.set(id, internals);
      return id;
    },
    onCommitFiberRoot(_id, root) {
      if (!bench.census.on) return;
      const current = root.current;
      if (current.alternate) updated(current, current.alternate);
      else mounted(current);
    },
    onPostCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    setStrictMode() {},
    checkDCE() {},
  };

  const mutationObserver = new MutationObserver((records) => {
    if (!bench.census.on) return;
    for (const record of records) {
      bench.census.mutations.push({ key: keyIndex(), inside: inRegions(record.target), where: describe(record.target), type: record.type });
    }
  });
  /** Starts the census; `regions` are the elements whose own changes are expected. */
  bench.startCensus = (regions) => {
    bench.census = { on: true, regions, renders: [], mutations: [] };
    mutationObserver.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  };
})();
