import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Tooltip } from './Tooltip';

// One file, one module: the first test runs before MUI's Tooltip has loaded, the next after.
describe('Tooltip (loaded on first use)', () => {
  it('names its child before it loads, then opens on the focus or hover that loaded it, focus kept', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <button>Before</button>
        <Tooltip title="Theme: Light">
          <button>☀</button>
        </Tooltip>
        <Tooltip title="ada@example.com" describeChild>
          <span tabIndex={0}>Ada</span>
        </Tooltip>
      </>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    // Closed, the child has what MUI gives it: a name, or with describeChild a native title.
    const toggle = screen.getByRole('button', { name: 'Theme: Light' });
    expect(screen.getByText('Ada')).toHaveAttribute('title', 'ada@example.com');

    // Keyboard focus loads MUI's tooltip, which opens; its child replaces the first, focus kept.
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Theme: Light');
    expect(toggle).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Theme: Light' })).toHaveFocus();
    await user.tab({ shift: true });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    // Mounted before the load too: its first hover opens it, and it describes its child.
    await user.hover(screen.getByText('Ada'));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('ada@example.com'));
    expect(screen.getByText('Ada')).toHaveAccessibleDescription('ada@example.com');
  });

  it('once loaded, is MUI’s tooltip: opens on hover and closes on leave', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Tooltip title="Copy trace id">
        <button>copy</button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Copy trace id' });
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy trace id');
    await user.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
