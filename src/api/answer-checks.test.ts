import { describe, expect, it } from 'vitest';
import { operations, type OperationName } from './contract/operations';
import { loadAnswerSchema } from './answer-checks';

describe('the answer checks loaded by group', () => {
  it("give each operation the registry's own answer schema", async () => {
    const names = Object.keys(operations) as OperationName[];
    const loaded = await Promise.all(names.map((name) => loadAnswerSchema(name)));
    // The same schema object, not just one that looks alike: a group that paired an operation
    // with a neighbour's answer (Edit's for Detail) would check answers against the wrong shape.
    expect(names.filter((name, index) => loaded[index] !== operations[name].response)).toEqual([]);
  });
});
