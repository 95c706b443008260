import { MantineProvider } from '@mantine/core';
import { cleanNotifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { DeferredNotifications } from './deferred-notifications';

afterEach(() => {
  act(() => cleanNotifications());
});

describe('DeferredNotifications', () => {
  it('shows a notification raised before its container has loaded', async () => {
    notifications.show({ title: 'Saved', message: 'Raised before the shell rendered' });
    render(
      <MantineProvider env="test">
        <DeferredNotifications />
      </MantineProvider>,
    );
    expect(await screen.findByText('Raised before the shell rendered', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('shows a notification raised after the shell rendered', async () => {
    render(
      <MantineProvider env="test">
        <DeferredNotifications />
      </MantineProvider>,
    );
    act(() => {
      notifications.show({ message: 'The settings were saved' });
    });
    expect(await screen.findByText('The settings were saved', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });
});
