import { describe, expect, it } from 'vitest';
import { createListingRow } from '../src/demo-data';
import { isListPage, isWholeStreamedAnswer } from './answer-checks';

const frame = (object: object) => `data: ${JSON.stringify(object)}\n\n`;
const final = (Answer: string) => frame({ QuestionID: 1, AnswerID: 2, Answer, TotalToken: 9 });

describe('isWholeStreamedAnswer', () => {
  it('accepts fragments that add up to the closing Answer', () => {
    expect(isWholeStreamedAnswer(frame({ content: 'Two ' }) + frame({ content: 'homes.' }) + final('Two homes.'))).toBe(true);
  });

  it('refuses a stream cut before its closing object', () => {
    expect(isWholeStreamedAnswer(frame({ content: 'Two ' }) + frame({ content: 'homes.' }))).toBe(false);
  });

  it('refuses fragments that do not add up to the Answer', () => {
    expect(isWholeStreamedAnswer(frame({ content: 'Two ' }) + final('Two homes.'))).toBe(false);
  });

  it('refuses an error envelope and a cut-off frame', () => {
    expect(isWholeStreamedAnswer(JSON.stringify({ Success: false, Code: 429, Message: 'Too fast' }))).toBe(false);
    expect(isWholeStreamedAnswer(frame({ content: 'Two ' }) + 'data: {"QuestionID": 1, "Ans')).toBe(false);
  });
});

describe('isListPage', () => {
  const envelope = (Success: boolean, List: unknown[]) => JSON.stringify({ Data: { List, VirtualCount: List.length }, Version: '1.0', Success, Code: 200, Message: '' });

  it('accepts a Success envelope with listings', () => {
    expect(isListPage(envelope(true, [createListingRow()]))).toBe(true);
  });

  it('refuses a failure, an empty page and a body that is not JSON', () => {
    expect(isListPage(envelope(false, [createListingRow()]))).toBe(false);
    expect(isListPage(envelope(true, []))).toBe(false);
    expect(isListPage('<html>')).toBe(false);
  });
});
