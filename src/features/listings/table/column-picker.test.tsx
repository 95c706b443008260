import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ColumnPicker } from './column-picker';

describe('ColumnPicker', () => {
  it('opens the list of columns on a press, reports a change, and closes on a second press', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider env="test">
        <ColumnPicker hidden={new Set(['zip'])} onChange={onChange} />
      </MantineProvider>,
    );
    const user = userEvent.setup({ delay: null });
    const button = screen.getByRole('button', { name: 'Columns' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    const zip = await screen.findByRole('checkbox', { name: 'ZIP' }, { timeout: 10_000 });
    expect(zip).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'City' })).toBeChecked();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'Shown columns' })).toBeInTheDocument();

    await user.click(zip);
    expect(onChange).toHaveBeenCalledWith('zip', true);

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
