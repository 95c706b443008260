import { describe, expect, it } from 'vitest';
import { colourPair } from './readable-colors';

describe('colourPair', () => {
  it('writes dark text on light colours and light text on dark ones', () => {
    expect(colourPair('rgb(255,255,255)', 'rgb(0,0,0)')).toEqual({ background: 'rgb(255,255,255)', text: '#000' });
    expect(colourPair('rgb(34,139,230)', 'rgb(0,0,0)')).toEqual({ background: 'rgb(34,139,230)', text: '#000' });
    expect(colourPair('rgb(25,113,194)', 'rgb(0,0,0)').text).toBe('#fff');
  });

  it('uses the fallback for a value that is not a colour yet', () => {
    expect(colourPair('rgb(300,0,0)', 'rgb(1,2,3)').background).toBe('rgb(1,2,3)');
    expect(colourPair('#12', 'rgb(1,2,3)').background).toBe('rgb(1,2,3)');
  });

  it('draws a draft in any spelling the settings form accepts, as the form will store it', () => {
    expect(colourPair('#1c7ed6', 'rgb(0,0,0)')).toEqual({ background: 'rgb(28,126,214)', text: '#000' });
    expect(colourPair('rgb(28 126 214)', 'rgb(0,0,0)').background).toBe('rgb(28,126,214)');
  });
});
