import { MantineProvider } from '@mantine/core';
import { cleanNotifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { LazyNotifications } from './lazy-notifications';

afterEach(() => {
  act(() => cleanNotifications());
});

function renderShell() {
  render(
    <MantineProvider env="test">
      <LazyNotifications />
    </MantineProvider>,
  );
}

describe('LazyNotifications', () => {
  it('renders nothing until a notification is shown', () => {
    renderShell();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
  });

  it('shows a notification raised after the shell rendered, once the container has loaded', async () => {
    renderShell();
    act(() => {
      notifications.show({ title: 'Saved', message: 'The settings were saved' });
    });
    expect(await screen.findByText('The settings were saved')).toBeInTheDocument();
    // The same selector the first test finds nothing with.
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });

  it('shows a notification raised before the shell rendered', async () => {
    notifications.show({ message: 'Raised early' });
    renderShell();
    expect(await screen.findByText('Raised early')).toBeInTheDocument();
  });
});
