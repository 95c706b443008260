import { chromium } from '@playwright/test';
const RATE = Number(process.argv[2] ?? 5);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const rows: string[] = [];
for (let i = 0; i < 6; i++) {
  const context = await browser.newContext({ baseURL: 'http://127.0.0.1:8895', viewport: { width: 1400, height: 900 } });
  await context.addInitScript(() => {
    (window as any).launcherPainted = new Promise<number>((resolve) => {
      new MutationObserver((_r, o) => { if (!document.querySelector('[data-realty-bot-widget]')) return; o.disconnect(); (window as any).inserted = performance.now(); requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))); }).observe(document, { childList: true, subtree: true });
    });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await page.goto('/widget/test/demo-bot');
  const r = await page.evaluate(async () => {
    const painted = await (window as any).launcherPainted;
    const start = performance.getEntriesByName('realty-bot-widget:start')[0]!.startTime;
    const mounted = performance.getEntriesByName('realty-bot-widget:launcher')[0]!.startTime;
    const res = performance.getEntriesByType('resource').filter((e) => /settings|Settings|widget/i.test(e.name)).map((e: any) => `${e.name.replace(/^.*\//, '')} ${Math.round(e.fetchStart - start)}..${Math.round(e.responseEnd - start)}`);
    return { total: Math.round(painted - start), inserted: Math.round((window as any).inserted - start), mounted: Math.round(mounted - start), res };
  });
  rows.push(JSON.stringify(r));
  await context.close();
}
console.log(rows.join('\n'));
await browser.close();
