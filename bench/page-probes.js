// Instrumentation injected into every benchmarked page before the app's own scripts
// (Playwright's addInitScript). Plain JavaScript on purpose: it reaches the browser exactly
// as written, with no TypeScript transform in between. bench/probes.ts describes its API.
(() => {
  const bench = {
    /** Long tasks (over 50 ms) of the main thread since the page started. */
    longTasks: [],
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

  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task timing in this browser: the figure reports none.
  }

  // ---- A hook that runs once per frame, after the frame's rAF callbacks and layout and just
  // before its paint: a ResizeObserver on an invisible element resized in every frame.
  // What the DOM holds there is what that frame paints.
  const prePaintWatchers = new Set();
  let marker = null;
  let wide = false;
  const observer = new ResizeObserver(() => {
    const now = performance.now();
    for (const watcher of prePaintWatchers) watcher(now);
  });
  function frame(time) {
    if (bench.recordFrames) bench.frames.push(time);
    if (!marker && document.documentElement) {
      marker = document.createElement('div');
      marker.setAttribute('aria-hidden', 'true');
      marker.style.cssText = 'position:fixed;left:0;top:0;height:1px;width:1px;visibility:hidden;pointer-events:none;contain:strict';
      document.documentElement.appendChild(marker);
      observer.observe(marker);
    }
    if (marker) {
      wide = !wide;
      marker.style.width = wide ? '2px' : '1px';
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
  bench.onPrePaint = (watcher) => {
    prePaintWatchers.add(watcher);
    return () => prePaintWatchers.delete(watcher);
  };

  // ---- Time to a usable dashboard: the first paint with a row in the listings table.
  const stopRowWatch = bench.onPrePaint((now) => {
    if (document.querySelector('table[aria-label="Listings"] tbody tr')) {
      bench.rowsPaintedAt = now;
      stopRowWatch();
    }
  });

  // ---- Table page change: from the click on "Next page" to the paint whose first row differs.
  const firstRowText = () => document.querySelector('table[aria-label="Listings"] tbody tr')?.textContent ?? '';
  bench.armPageChange = () => {
    const before = firstRowText();
    let clickedAt;
    const onClick = (event) => {
      if (event.target instanceof Element && event.target.closest('[aria-label="Next page"]')) clickedAt = event.timeStamp;
    };
    document.addEventListener('click', onClick, true);
    bench.pageChange = new Promise((resolve) => {
      const stop = bench.onPrePaint((now) => {
        if (clickedAt === undefined) return;
        const text = firstRowText();
        if (text === '' || text === before) return;
        stop();
        document.removeEventListener('click', onClick, true);
        resolve({ clickedAt, paintedAt: now });
      });
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
    const body = new ReadableStream({
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
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  // ---- Fragment to screen: the non-space characters of the newest answer at every paint.
  const answerLength = () => {
    const answers = document.querySelectorAll('[data-testid="assistant-message"] [data-testid="answer-text"]');
    const last = answers[answers.length - 1];
    return last ? last.textContent.replace(/\s+/g, '').length : 0;
  };
  bench.watchAnswer = () => {
    bench.stream = { chunks: [], done: undefined, paints: [], watching: true };
    let shown = answerLength();
    bench.onPrePaint((now) => {
      if (!bench.stream.watching) return;
      const length = answerLength();
      if (length !== shown) {
        shown = length;
        bench.stream.paints.push({ t: now, length });
      }
    });
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
  });
  bench.onPrePaint((now) => {
    const key = bench.keys[bench.keys.length - 1];
    if (key && key.handled !== undefined && key.painted === undefined) key.painted = now;
  });
  bench.whenKeyPainted = (index) =>
    new Promise((resolve) => {
      const check = () => {
        const key = bench.keys[index];
        if (key && key.painted !== undefined) resolve(key);
        else requestAnimationFrame(check);
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

  function describe(node) {
    const element = node instanceof Element ? node : node?.parentElement;
    if (!element) return '(detached)';
    const labelled = element.closest('[aria-label],[data-testid],[id],label');
    const own = `${element.tagName.toLowerCase()}${element.classList[0] ? `.${element.classList[0]}` : ''}`;
    if (!labelled || labelled === element) return `${own}${labelOf(element)}`;
    return `${own} in ${labelled.tagName.toLowerCase()}${labelOf(labelled)}`;
  }
  function labelOf(element) {
    const testId = element.getAttribute('data-testid');
    const label = element.getAttribute('aria-label');
    if (testId) return `[data-testid="${testId}"]`;
    if (label) return `[aria-label="${label}"]`;
    if (element.id) return `#${element.id}`;
    return '';
  }

  const inRegions = (node) => {
    const target = node instanceof Element ? node : node?.parentNode;
    return !!target && bench.census.regions.some((region) => region.contains(target));
  };
  const keyIndex = () => bench.keys.length - 1;

  function recordRender(fiber) {
    const node = hostNodeOf(fiber);
    bench.census.renders.push({ key: keyIndex(), inside: inRegions(node), where: describe(node) });
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
