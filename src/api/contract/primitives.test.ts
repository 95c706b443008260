import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  chatbotId,
  email,
  envelopeSchema,
  finiteNumber,
  hostname,
  httpUrl,
  integer,
  latitude,
  longitude,
  optionalEmail,
  optionalHttpUrl,
  rgbColor,
} from './primitives';

const accepts = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success;

describe('rgbColor', () => {
  it.each(['rgb(0,0,0)', 'rgb(255, 255, 255)', 'rgb(34,139,230)', 'rgb( 1 , 2 , 3 )'])('accepts %s', (value) => {
    expect(accepts(rgbColor, value)).toBe(true);
  });

  it.each(['rgb(256,0,0)', 'rgb(0,0,1000)', '#fff', '#ffffff', 'rgb(1,2)', 'rgb(1,2,3,4)', 'rgba(1,2,3,0.5)', 'RGB(1,2,3)', 'rgb(1.5,2,3)', 'rgb(-1,2,3)', ' rgb(1,2,3)', 'blue', ''])(
    'rejects %j',
    (value) => {
      const result = rgbColor.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must be a colour written as rgb(r,g,b) with each channel 0 to 255');
    },
  );
});

describe('httpUrl', () => {
  it.each(['https://example.com', 'http://example.com/listing/42?tab=photos#top', 'https://sub.example.co.uk:8443/p', 'HTTPS://EXAMPLE.COM/a'])('accepts %s', (value) => {
    expect(accepts(httpUrl, value)).toBe(true);
  });

  it.each(['javascript:alert(1)', 'ftp://example.com/file', 'data:text/html,hi', 'file:///etc/passwd', 'example.com', '//example.com', 'http:example.com', 'https://exa mple.com', ''])(
    'rejects %j',
    (value) => {
      const result = httpUrl.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must be a full http:// or https:// address');
    },
  );

  it('lets the Edit links be cleared with an empty string, and nothing else', () => {
    expect(accepts(optionalHttpUrl, '')).toBe(true);
    expect(accepts(optionalHttpUrl, 'https://facebook.com/sunrise')).toBe(true);
    expect(accepts(optionalHttpUrl, ' ')).toBe(false);
    expect(accepts(optionalHttpUrl, 'javascript:alert(1)')).toBe(false);
  });
});

describe('email', () => {
  it.each(['agent@example.com', 'first.last+leads@sub.example.co.uk'])('accepts %s', (value) => {
    expect(accepts(email, value)).toBe(true);
  });

  it.each(['nobody', 'a@b', '@example.com', 'agent@', 'agent example@example.com', 'mailto:agent@example.com'])('rejects %j', (value) => {
    expect(accepts(email, value)).toBe(false);
  });

  it('lets an e-mail setting be cleared with an empty string', () => {
    expect(accepts(optionalEmail, '')).toBe(true);
    expect(accepts(optionalEmail, 'nobody')).toBe(false);
  });
});

describe('numbers', () => {
  it('latitude is -90 to 90 inclusive', () => {
    expect([-90, 0, 45.5, 90].map((value) => accepts(latitude, value))).toEqual([true, true, true, true]);
    expect([-90.0001, 90.0001, 180, Number.NaN, Infinity, '45'].map((value) => accepts(latitude, value))).toEqual([false, false, false, false, false, false]);
  });

  it('longitude is -180 to 180 inclusive', () => {
    expect([-180, 0, 97.74, 180].map((value) => accepts(longitude, value))).toEqual([true, true, true, true]);
    expect([-180.5, 180.0001, Number.NaN, -Infinity].map((value) => accepts(longitude, value))).toEqual([false, false, false, false]);
  });

  it('integer takes whole numbers only', () => {
    expect([0, -1, 42].map((value) => accepts(integer, value))).toEqual([true, true, true]);
    expect([1.5, '1', Number.NaN, Infinity, null, Number.MAX_SAFE_INTEGER + 2].map((value) => accepts(integer, value))).toEqual([false, false, false, false, false, false]);
    expect(integer.safeParse(1.5).error?.issues[0]?.message).toBe('must be a whole number');
  });

  it('finiteNumber refuses NaN and Infinity', () => {
    expect(accepts(finiteNumber, 2.5)).toBe(true);
    expect([Number.NaN, Infinity, '2.5'].map((value) => accepts(finiteNumber, value))).toEqual([false, false, false]);
  });
});

describe('text', () => {
  it('a chatbot id must not be blank, and is trimmed', () => {
    expect(chatbotId.parse('  demo-bot ')).toBe('demo-bot');
    expect(chatbotId.safeParse('   ').error?.issues[0]?.message).toBe('is required');
  });

  it('a host name has no scheme, path or spaces', () => {
    expect(accepts(hostname, 'shop.example.co.uk')).toBe(true);
    expect(['https://example.com', 'example.com/', 'exa mple.com', 'localhost'].map((value) => accepts(hostname, value))).toEqual([false, false, false, false]);
  });
});

describe('envelopeSchema', () => {
  const schema = envelopeSchema(z.int());

  it('accepts the envelope of section 2.1', () => {
    expect(schema.parse({ Data: 1, Version: '1.0', Success: true, Code: 200, Message: '' })).toEqual({ Data: 1, Version: '1.0', Success: true, Code: 200, Message: '' });
  });

  it.each([
    ['Data of the wrong type', { Data: '1', Version: '1.0', Success: true, Code: 200, Message: '' }, 'Data'],
    ['no Version', { Data: 1, Success: true, Code: 200, Message: '' }, 'Version'],
    ['a text Success', { Data: 1, Version: '1.0', Success: 'true', Code: 200, Message: '' }, 'Success'],
    ['a fractional Code', { Data: 1, Version: '1.0', Success: true, Code: 200.5, Message: '' }, 'Code'],
    ['a null Message', { Data: 1, Version: '1.0', Success: true, Code: 200, Message: null }, 'Message'],
  ])('rejects %s', (_case, value, field) => {
    expect(schema.safeParse(value).error?.issues[0]?.path).toEqual([field]);
  });
});
