import { ColorInput, type ColorInputProps } from '@mantine/core';
import { useState, type FocusEvent } from 'react';
import { toRgbString } from '../../lib/rgb-color';

/** A palette that reads well on a website, written the way the service stores colours. */
export const COLOR_SWATCHES = [
  'rgb(34,139,230)',
  'rgb(25,113,194)',
  'rgb(21,170,191)',
  'rgb(18,184,134)',
  'rgb(64,192,87)',
  'rgb(250,176,5)',
  'rgb(253,126,20)',
  'rgb(250,82,82)',
  'rgb(230,73,128)',
  'rgb(121,80,242)',
  'rgb(76,110,245)',
  'rgb(52,58,64)',
  'rgb(134,142,150)',
  'rgb(255,255,255)',
] as const;

export interface RgbColorInputProps
  extends Omit<ColorInputProps, 'value' | 'defaultValue' | 'onChange' | 'onChangeEnd' | 'format' | 'swatches' | 'fixOnBlur'> {
  /** `rgb(r,g,b)`, or whatever the user typed while it is not a colour yet. */
  value: string;
  onChange: (value: string) => void;
}

const RGB_FUNCTION_START = /^\s*rgba?\(/i;

/**
 * Mantine's colour input, made to write the service's spelling: every colour that reaches
 * `onChange` is `rgb(r,g,b)` without spaces, however it was typed or picked (hex, rgba, hsl,
 * the picker's `rgb(r, g, b)`). Text that is not a colour is passed on as typed, so the
 * form's schema can say what is wrong at the field instead of the input silently undoing it.
 */
export function RgbColorInput({ value, onChange, onBlur, ...rest }: RgbColorInputProps) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  // A reset, revert or restored draft changes the value from outside: show it, unless the
  // text already means that colour (the user is typing "#fff" for rgb(255,255,255)).
  if (value !== lastValue) {
    setLastValue(value);
    if ((toRgbString(text) ?? text) !== value) setText(value);
  }

  const handleChange = (next: string) => {
    const rgb = toRgbString(next);
    // An rgb()/rgba() text is complete once it parses, so it can be respelled at once; a hex
    // text keeps its spelling until blur, since "#ff0" may be the start of "#ff0000".
    setText(rgb !== null && RGB_FUNCTION_START.test(next) ? rgb : next);
    const written = rgb ?? next;
    setLastValue(written);
    onChange(written);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const rgb = toRgbString(text);
    if (rgb !== null) setText(rgb);
    onBlur?.(event);
  };

  return (
    <ColorInput
      {...rest}
      format="rgb"
      swatches={[...COLOR_SWATCHES]}
      swatchesPerRow={7}
      fixOnBlur={false}
      value={text}
      onChange={handleChange}
      onBlur={handleBlur}
    />
  );
}
