import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createListing } from '../../demo-data';
import { editRequestSchema } from './chatbot';
import { fieldMessage, fieldOfMessage, messageOfZodError } from './errors';
import { createListingRequestSchema } from './listings';

function messageOf(schema: z.ZodMiniType, value: unknown, reportInput = true): string {
  const result = schema.safeParse(value, { reportInput });
  if (result.success) throw new Error('expected the value to be rejected');
  return messageOfZodError(result.error);
}

describe('fieldMessage and fieldOfMessage', () => {
  it('prefixes the field, dotted for nested paths', () => {
    expect(fieldMessage(['TalkToHumanEmail'], 'must be an e-mail address')).toBe('TalkToHumanEmail: must be an e-mail address');
    expect(fieldMessage(['ExtensionColumn', 0, 'Key'], 'is required')).toBe('ExtensionColumn.0.Key: is required');
    expect(fieldMessage([], 'The request body must be a JSON object.')).toBe('The request body must be a JSON object.');
  });

  it('reads back what fieldMessage wrote', () => {
    for (const path of [['Name'], ['ExtensionColumn', 3, 'Key'], ['Images', 0], ['fileIds']]) {
      const message = fieldMessage(path, 'is wrong: really\nwrong');
      expect(fieldOfMessage(message)).toEqual({ field: path.join('.'), text: 'is wrong: really\nwrong' });
    }
  });

  it('finds no field in a sentence', () => {
    expect(fieldOfMessage('The service could not be reached.')).toBeNull();
    expect(fieldOfMessage('There is no chatbot demo: check the id')).toBeNull();
    expect(fieldOfMessage('')).toBeNull();
  });
});

describe('messageOfZodError', () => {
  it('names an unknown or wrongly cased field', () => {
    expect(messageOf(editRequestSchema, { serialNumber: 'demo-bot', name: 'Sunny' })).toBe('name: is not a field of this operation');
    expect(messageOf(editRequestSchema, { serialNumber: 'demo-bot', Colour: 'rgb(0,0,0)' })).toBe('Colour: is not a field of this operation');
  });

  it('names an unknown field inside a nested object', () => {
    const body = { ExtensionColumn: [{ Key: 'Pool', Value: 'Yes' }] };
    const result = createListingRequestSchema.shape.ExtensionColumn.safeParse(body.ExtensionColumn, { reportInput: true });
    expect(result.success).toBe(false);
    expect(messageOfZodError(result.error!)).toBe('0.Value: is not a field of this operation');
  });

  it('says a missing field is required', () => {
    expect(messageOf(editRequestSchema, { Name: 'Sunny' })).toBe('serialNumber: is required');
  });

  it('says a missing enumerated field is required, and a wrong one what it may be', () => {
    const { SaleType: _missing, ...withoutSaleType } = createListing();
    expect(messageOf(createListingRequestSchema, withoutSaleType)).toBe('SaleType: is required');
    expect(messageOf(createListingRequestSchema, { ...withoutSaleType, SaleType: 'sale' })).toBe('SaleType: must be for_sale or for_rent');
  });

  it('says what is wrong with a field that is present but of the wrong type', () => {
    expect(messageOf(editRequestSchema, { serialNumber: 'demo-bot', Temperature: '1' })).toBe('Temperature: must be a whole number');
    expect(messageOf(editRequestSchema, { serialNumber: 'demo-bot', Temperature: null })).toBe('Temperature: must be a whole number');
  });

  it('never calls a wrongly typed field missing, even when parsed without reportInput', () => {
    expect(messageOf(editRequestSchema, { serialNumber: 'demo-bot', Temperature: '1' }, false)).toBe('Temperature: must be a whole number');
    expect(messageOf(editRequestSchema, { serialNumber: 'demo-bot', EnablePushToTalk: 'yes' }, false)).toMatch(/^EnablePushToTalk: (?!is required)/);
    expect(messageOf(editRequestSchema, { Name: 'Sunny' }, false)).toBe('serialNumber: is required');
  });

  it('keeps the schema message of a rule', () => {
    expect(messageOf(editRequestSchema, { serialNumber: 'demo-bot', ChatBubbleColor: '#fff' })).toBe(
      'ChatBubbleColor: must be a colour written as rgb(r,g,b) with each channel 0 to 255',
    );
  });

  it('has a message for an error without issues', () => {
    expect(messageOfZodError(new z.core.$ZodError([]))).toBe('request body is invalid');
  });
});
