import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { rgbColor } from '../../api/contract';
import { RgbColorInput } from './rgb-color-input';

/** A parent that owns the value, as the form does, and records every value written. */
function Harness({ initial, written }: { initial: string; written: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider env="test">
      <RgbColorInput
        label="Bubble colour"
        value={value}
        onChange={(next) => {
          written.push(next);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setValue('rgb(1,2,3)')}>
        Set from outside
      </button>
    </MantineProvider>
  );
}

function setup(initial = 'rgb(34,139,230)') {
  const written: string[] = [];
  render(<Harness initial={initial} written={written} />);
  return { written, input: screen.getByRole('textbox', { name: 'Bubble colour' }), user: userEvent.setup({ delay: null }) };
}

// Generous: the first render of Mantine inputs is slow on a loaded machine.
describe('RgbColorInput', { timeout: 15_000 }, () => {
  it('writes a typed hex colour as rgb(r,g,b), and shows it so on leaving the field', async () => {
    const { written, input, user } = setup();
    await user.clear(input);
    await user.type(input, '#fa5252');
    expect(written.at(-1)).toBe('rgb(250,82,82)');
    // While typing, the hex stays as typed: "#fa5" must not be respelled mid-word.
    expect(input).toHaveValue('#fa5252');
    await user.tab();
    expect(input).toHaveValue('rgb(250,82,82)');
  });

  it('respells an rgb() with spaces at once', async () => {
    const { written, input, user } = setup();
    await user.clear(input);
    await user.paste('rgb(12, 34, 56)');
    expect(written.at(-1)).toBe('rgb(12,34,56)');
    expect(input).toHaveValue('rgb(12,34,56)');
  });

  it('passes text that is not a colour on as typed, so the form can say what is wrong', async () => {
    const { written, input, user } = setup();
    await user.clear(input);
    await user.paste('light blue');
    await user.tab();
    expect(written.at(-1)).toBe('light blue');
    expect(input).toHaveValue('light blue');
    expect(rgbColor.safeParse(written.at(-1)).success).toBe(false);
  });

  it('writes a picked swatch without spaces', async () => {
    const { written, input, user } = setup();
    await user.click(input);
    await user.click(await screen.findByRole('button', { name: 'rgb(121,80,242)' }));
    expect(written.at(-1)).toBe('rgb(121,80,242)');
    expect(input).toHaveValue('rgb(121,80,242)');
  });

  it('shows a value set from outside (reset, revert, restored draft)', async () => {
    const { input, user } = setup('rgb(255,255,255)');
    await user.clear(input);
    await user.paste('oops');
    await user.click(screen.getByRole('button', { name: 'Set from outside' }));
    expect(input).toHaveValue('rgb(1,2,3)');
  });

  it('only ever writes colours the contract accepts, or the raw text', async () => {
    const { written, input, user } = setup();
    for (const text of ['#abc', 'hsl(200, 50%, 40%)', 'rgba(10, 20, 30, 0.4)']) {
      await user.clear(input);
      await user.paste(text);
    }
    const colours = written.filter((value) => value.startsWith('rgb('));
    expect(colours.length).toBeGreaterThan(0);
    for (const value of colours) expect(rgbColor.safeParse(value).success).toBe(true);
    expect(written.at(-1)).toBe('rgb(10,20,30)');
  });
});
