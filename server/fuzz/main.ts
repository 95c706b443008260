import { runFuzz, summaryOf } from './run';

/**
 * `npm run fuzz [runs] [seed]`: the property test's generated requests, more of them, and
 * the figure for the README. Exits 1 when any request broke a rule, listing the first ones.
 */
const runs = Number(process.argv[2] ?? 20_000);
const seed = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const figures = await runFuzz({ runs, seed });
for (const failure of figures.failures.slice(0, 10)) console.error(JSON.stringify(failure));
process.stdout.write(`${summaryOf(figures)}\n`);
process.exitCode = figures.failures.length > 0 ? 1 : 0;
