import { formatRgb, parseColor, readableTextColor, rgbToHex, toRgbString } from './rgb-color';

describe('toRgbString', () => {
  it.each([
    ['rgb(28,126,214)', 'rgb(28,126,214)'],
    ['rgb(28, 126, 214)', 'rgb(28,126,214)'],
    ['  RGB( 0 ,0, 255 ) ', 'rgb(0,0,255)'],
    ['rgb(28 126 214)', 'rgb(28,126,214)'],
    ['rgba(28, 126, 214, 0.5)', 'rgb(28,126,214)'],
    ['rgb(28 126 214 / 50%)', 'rgb(28,126,214)'],
    ['rgb(100%, 0%, 50%)', 'rgb(255,0,128)'],
    ['#1c7ed6', 'rgb(28,126,214)'],
    ['#1C7ED6', 'rgb(28,126,214)'],
    ['1c7ed6', 'rgb(28,126,214)'],
    ['#fff', 'rgb(255,255,255)'],
    ['#f008', 'rgb(255,0,0)'],
    ['#1c7ed680', 'rgb(28,126,214)'],
    ['hsl(0, 100%, 50%)', 'rgb(255,0,0)'],
    ['hsl(120, 100%, 25%)', 'rgb(0,128,0)'],
    ['hsla(240, 100%, 50%, 0.3)', 'rgb(0,0,255)'],
    ['hsl(0.5turn 100% 50%)', 'rgb(0,255,255)'],
    ['hsl(-120, 100%, 50%)', 'rgb(0,0,255)'],
    ['hsl(0, 0%, 0%)', 'rgb(0,0,0)'],
  ])('reads %s as %s', (input, expected) => {
    expect(toRgbString(input)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['red'],
    ['rgb(256,0,0)'],
    ['rgb(-1,0,0)'],
    ['rgb(1,2)'],
    ['rgb(1,2,3'],
    ['rgb(1,,2,3)'],
    ['rgb(101%,0%,0%)'],
    ['rgba(1,2,3,1.5)'],
    ['#12'],
    ['#12345'],
    ['#ggg'],
    ['hsl(0, 101%, 50%)'],
    ['javascript:alert(1)'],
  ])('refuses %j', (input) => {
    expect(toRgbString(input)).toBeNull();
    expect(parseColor(input)).toBeNull();
  });

  it('always writes rgb(r,g,b) without spaces', () => {
    for (const input of ['#000', '#ffffff', 'rgba(255, 255, 255, 0)', 'hsl(359, 100%, 99%)', 'rgb(12.6, 0.4, 254.5)']) {
      const written = toRgbString(input);
      expect(written).toMatch(/^rgb\(\d{1,3},\d{1,3},\d{1,3}\)$/);
    }
  });

  it('rounds fractional channels', () => {
    expect(toRgbString('rgb(12.6, 0.4, 254.5)')).toBe('rgb(13,0,255)');
  });
});

describe('formatRgb and rgbToHex', () => {
  it('round-trips through hex', () => {
    const rgb = { r: 3, g: 126, b: 255 };
    expect(formatRgb(rgb)).toBe('rgb(3,126,255)');
    expect(rgbToHex(rgb)).toBe('#037eff');
    expect(parseColor(rgbToHex(rgb))).toEqual(rgb);
  });
});

describe('readableTextColor', () => {
  it('puts white on dark colours and black on light ones', () => {
    expect(readableTextColor({ r: 0, g: 0, b: 0 })).toBe('#fff');
    expect(readableTextColor({ r: 25, g: 113, b: 194 })).toBe('#fff');
    expect(readableTextColor({ r: 255, g: 255, b: 255 })).toBe('#000');
    expect(readableTextColor({ r: 255, g: 212, b: 59 })).toBe('#000');
  });
});
