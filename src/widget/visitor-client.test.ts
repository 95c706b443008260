import { describe, expect, it } from 'vitest';
import { CUT_SHORT_MESSAGE, readAnswerStream, WidgetAnswerError } from './visitor-client';

/** A body delivered in these byte chunks, as a network might split it. */
function bodyOf(...chunks: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function read(body: ReadableStream<Uint8Array>): Promise<{ whole: string; seen: string[] }> {
  const seen: string[] = [];
  const whole = await readAnswerStream(body, (soFar) => seen.push(soFar));
  return { whole, seen };
}

const FINAL = '{"QuestionID":1,"AnswerID":2,"Answer":"Hé there","TotalToken":3}';

describe('readAnswerStream: the widget reads answers with the console\'s framing', () => {
  it('reads SSE frames split anywhere, even inside a character', async () => {
    const bytes = new TextEncoder().encode(`data: {"content":"Hé "}\n\ndata: {"content":"there"}\n\ndata: ${FINAL}\n\n`);
    const split = bytes.indexOf(0xc3) + 1;
    expect(await read(bodyOf(bytes.slice(0, split), bytes.slice(split, 30), bytes.slice(30)))).toEqual({ whole: 'Hé there', seen: ['Hé ', 'Hé there'] });
  });

  it('reads a bare sequence of JSON objects too, and skips keep-alives', async () => {
    expect(await read(bodyOf('  {"content":"Hé "}{"con', 'tent":"there"}', FINAL))).toEqual({ whole: 'Hé there', seen: ['Hé ', 'Hé there'] });
    expect(await read(bodyOf(': keep-alive\n\ndata: \n\ndata: {"content":"Hé there"}\n\n', `data: ${FINAL}`))).toEqual({ whole: 'Hé there', seen: ['Hé there'] });
  });

  it('says the answer was cut short when the final object never comes', async () => {
    const error = await read(bodyOf('data: {"content":"Hé "}\n\n')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WidgetAnswerError);
    expect((error as Error).message).toBe(CUT_SHORT_MESSAGE);
    await expect(read(bodyOf('{"content":"a"} oops'))).rejects.toThrow(CUT_SHORT_MESSAGE);
  });
});
