import { fireEvent, render, screen } from '@testing-library/react';
import { PlaceholderDialog } from './placeholder-dialog';

describe('PlaceholderDialog', () => {
  it('is a dialog named by its title, showing what it holds', () => {
    render(
      <PlaceholderDialog title="Edit listing" onClose={() => {}}>
        <p>Loading the form</p>
      </PlaceholderDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit listing' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveTextContent('Loading the form');
  });

  it('leaves closing on Escape to its owner, which unmounts it', () => {
    const onClose = vi.fn();
    render(
      <PlaceholderDialog title="Create listing" onClose={onClose}>
        <p>Loading the form</p>
      </PlaceholderDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Create listing' });
    // What the browser fires on Escape for a modal dialog; cancelled, so the dialog stays until its owner removes it.
    const escape = new Event('cancel', { cancelable: true });
    fireEvent(dialog, escape);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(escape.defaultPrevented).toBe(true);
    expect(dialog).toHaveAttribute('open');
  });
});
