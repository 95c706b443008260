import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LastChangeLine } from './last-change-line';

const NOW = Date.UTC(2026, 10, 27, 14, 0);
const MINUTE = 60_000;

function renderLine(ui: ReactElement) {
  return render(
    <MantineProvider env="test">
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}

describe('LastChangeLine', () => {
  it('says who changed it and how long ago, linking where it is told', () => {
    renderLine(<LastChangeLine action="Edited" by="Dana Ruiz" at={NOW - 3 * MINUTE} now={NOW} href="/activity?chatbot=demo-bot" />);
    const link = screen.getByRole('link', { name: 'Edited by Dana Ruiz, 3 minutes ago' });
    expect(link).toHaveAttribute('href', '/activity?chatbot=demo-bot');
    expect(link.querySelector('time')).toHaveAttribute('datetime', new Date(NOW - 3 * MINUTE).toISOString());
  });

  it('is plain text without a link, reads "just now" under a minute, and names nobody for a creation', () => {
    const { rerender } = renderLine(<LastChangeLine action="Edited" by="API client" at={NOW - 20_000} now={NOW} href={null} />);
    expect(screen.getByTestId('last-change')).toHaveTextContent('Edited by API client, just now');
    expect(screen.queryByRole('link')).toBeNull();
    rerender(
      <MantineProvider env="test">
        <MemoryRouter>
          <LastChangeLine action="Created" by={null} at={NOW - 3 * 24 * 60 * MINUTE} now={NOW} href={null} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByTestId('last-change')).toHaveTextContent(/^Created 3 days ago$/);
  });
});
