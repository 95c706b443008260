import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { clientAskAnswerSchema, clientAskRequestSchema, streamFinalSchema, streamFragmentSchema } from './chat';
import { messageOfZodError } from './errors';

function verdict(schema: z.ZodMiniType, value: unknown): string {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? 'valid' : messageOfZodError(result.error);
}

const ask = (fields: Record<string, unknown>) => verdict(clientAskRequestSchema, { sessionID: 12, content: 'Any 3-bedroom homes in Austin?', ...fields });

describe('ClientAsk request', () => {
  it('needs sessionID and content', () => {
    expect(ask({})).toBe('valid');
    expect(verdict(clientAskRequestSchema, { content: 'Hi' })).toBe('sessionID: is required');
    expect(verdict(clientAskRequestSchema, { sessionID: 12 })).toBe('content: is required');
  });

  it('takes stream and chatAskType as optional, chatAskType also as null', () => {
    expect(ask({ stream: true })).toBe('valid');
    expect(ask({ stream: false, chatAskType: 'Text' })).toBe('valid');
    expect(ask({ chatAskType: null })).toBe('valid');
    expect(ask({ stream: 'yes' })).toMatch(/^stream: /);
  });

  it('wants an integer sessionID', () => {
    expect(ask({ sessionID: 1.5 })).toBe('sessionID: must be a whole number');
    expect(ask({ sessionID: '12' })).toBe('sessionID: must be a whole number');
  });

  it.each(['SessionID', 'Content', 'ChatAskType', 'Stream', 'fileIDs', 'FileIds'])('rejects the wrongly cased field %s', (field) => {
    expect(ask({ [field]: field === 'ChatAskType' ? 'Text' : 1 })).toBe(`${field}: is not a field of this operation`);
  });

  it.each(['text', 'TEXT', 'Document', ''])('rejects the chatAskType %j', (type) => {
    expect(ask({ chatAskType: type })).toBe('chatAskType: must be Text, Audio, Image or Video');
  });

  describe('the content and fileIds rules', () => {
    it('a text question must say something', () => {
      expect(ask({ content: '' })).toBe('content: may be empty only when a file is attached');
      expect(ask({ content: '  \n ' })).toBe('content: may be empty only when a file is attached');
      expect(ask({ content: '', chatAskType: null })).toBe('content: may be empty only when a file is attached');
    });

    it('a text question carries no files', () => {
      expect(ask({ fileIds: [5] })).toBe('fileIds: are only valid when chatAskType is Image, Video or Audio');
      expect(ask({ chatAskType: 'Text', fileIds: [5] })).toBe('fileIds: are only valid when chatAskType is Image, Video or Audio');
      expect(ask({ chatAskType: null, fileIds: [5] })).toBe('fileIds: are only valid when chatAskType is Image, Video or Audio');
      expect(ask({ fileIds: [] })).toBe('valid');
    });

    it('images: one or several, content may be empty', () => {
      expect(ask({ chatAskType: 'Image', fileIds: [1] })).toBe('valid');
      expect(ask({ chatAskType: 'Image', fileIds: [1, 2, 3], content: '' })).toBe('valid');
      expect(ask({ chatAskType: 'Image', content: '' })).toBe('fileIds: must hold at least one file when chatAskType is Image');
      expect(ask({ chatAskType: 'Image', fileIds: [] })).toBe('fileIds: must hold at least one file when chatAskType is Image');
    });

    it.each(['Audio', 'Video'])('%s: exactly one file, content may be empty', (type) => {
      expect(ask({ chatAskType: type, fileIds: [9], content: '' })).toBe('valid');
      expect(ask({ chatAskType: type, fileIds: [9, 10] })).toBe(`fileIds: must hold exactly one file when chatAskType is ${type}`);
      expect(ask({ chatAskType: type })).toBe(`fileIds: must hold at least one file when chatAskType is ${type}`);
    });

    it('file ids are whole numbers, at most 20', () => {
      expect(ask({ chatAskType: 'Image', fileIds: [1.5] })).toBe('fileIds.0: must be a whole number');
      expect(ask({ chatAskType: 'Image', fileIds: ['1'] })).toBe('fileIds.0: must be a whole number');
      expect(ask({ chatAskType: 'Image', fileIds: Array.from({ length: 20 }, (_, index) => index + 1) })).toBe('valid');
      expect(ask({ chatAskType: 'Image', fileIds: Array.from({ length: 21 }, (_, index) => index + 1) })).toBe('fileIds: must hold at most 20 files');
    });
  });

  it('limits the content to 20000 characters', () => {
    expect(ask({ content: 'a'.repeat(20_000) })).toBe('valid');
    expect(ask({ content: 'a'.repeat(20_001) })).toBe('content: must be at most 20000 characters');
  });
});

describe('ClientAsk answer (not streamed)', () => {
  const answer = { messageid: 301, content: 'Yes, three.', totalToken: 88, noAnswer: false };

  it('has messageid, content, totalToken and noAnswer', () => {
    expect(verdict(clientAskAnswerSchema, answer)).toBe('valid');
  });

  it.each([
    ['messageid', { ...answer, messageid: '301' }],
    ['totalToken', { ...answer, totalToken: 1.5 }],
    ['noAnswer', { ...answer, noAnswer: 'false' }],
    ['content', { ...answer, content: null }],
  ])('rejects a wrong %s', (field, value) => {
    expect(verdict(clientAskAnswerSchema, value)).toMatch(new RegExp(`^${field}: `));
  });

  it('rejects the answer with a wrongly cased field as missing it', () => {
    const { messageid: _id, ...rest } = answer;
    expect(verdict(clientAskAnswerSchema, { ...rest, messageID: 301 })).toBe('messageid: is required');
  });
});

describe('ClientAsk stream objects', () => {
  it('a fragment has a text content', () => {
    expect(verdict(streamFragmentSchema, { content: 'café 🏠' })).toBe('valid');
    expect(verdict(streamFragmentSchema, { content: '' })).toBe('valid');
    expect(verdict(streamFragmentSchema, { content: 3 })).toMatch(/^content: /);
    expect(verdict(streamFragmentSchema, { Content: 'a' })).toBe('content: is required');
  });

  const final = { QuestionID: 300, AnswerID: 301, Answer: 'Yes, three.', TotalToken: 88 };

  it('the final object has QuestionID, AnswerID, Answer and TotalToken', () => {
    expect(verdict(streamFinalSchema, final)).toBe('valid');
  });

  it.each(['QuestionID', 'AnswerID', 'Answer', 'TotalToken'])('the final object needs %s', (field) => {
    expect(verdict(streamFinalSchema, { ...final, [field]: undefined })).toBe(`${field}: is required`);
  });

  it.each([
    ['QuestionID', '300'],
    ['AnswerID', 301.5],
    ['TotalToken', null],
    ['Answer', 42],
  ])('the final object rejects %s = %j', (field, value) => {
    expect(verdict(streamFinalSchema, { ...final, [field]: value })).toMatch(new RegExp(`^${field}: (?!is required)`));
  });
});
