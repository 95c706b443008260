import { bubbleColors } from './bubble-colors';

describe('bubbleColors', () => {
  it('puts white text on dark colours and black text on light ones', () => {
    expect(bubbleColors('rgb(25,113,194)')).toEqual({ background: 'rgb(25,113,194)', color: '#fff' });
    expect(bubbleColors('rgb(0, 0, 0)')?.color).toBe('#fff');
    expect(bubbleColors('rgb(255,255,255)')?.color).toBe('#000');
    expect(bubbleColors('rgb(255,212,59)')?.color).toBe('#000');
  });

  it('ignores a missing or malformed colour', () => {
    expect(bubbleColors(undefined)).toBeNull();
    expect(bubbleColors('')).toBeNull();
    expect(bubbleColors('#ff0000')).toBeNull();
    expect(bubbleColors('rgb(300,0,0)')).toBeNull();
  });
});
