import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { renderWithProviders } from '../test/render';
import { ConfirmDialog } from './ConfirmDialog';
import { DateTime } from './DateTime';
import { ErrorState } from './ErrorState';
import { JsonView } from './JsonView';
import { PageHeader } from './PageHeader';

describe('ConfirmDialog', () => {
  function Harness({ onConfirm }: { onConfirm: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>Delete collection</button>
        <ConfirmDialog
          open={open}
          title="Delete products?"
          confirmLabel="Delete"
          destructive
          onConfirm={onConfirm}
          onClose={() => setOpen(false)}
        >
          This cannot be undone.
        </ConfirmDialog>
      </>
    );
  }

  it('is a named dialog that confirms, and returns focus when cancelled', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithProviders(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete collection' });

    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Delete products?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});

describe('DateTime', () => {
  it('keeps the exact value in the title, and says the fallback when there is none', () => {
    renderWithProviders(
      <>
        <DateTime value="2026-03-04T15:45:00.000Z" />
        <DateTime value={null} fallback="never" />
        <DateTime value="not a date" />
      </>,
    );
    expect(screen.getByText(/2026/)).toHaveAttribute('title', '2026-03-04T15:45:00.000Z');
    expect(screen.getByText('never')).toBeInTheDocument();
    expect(screen.getByText('not a date')).toBeInTheDocument();
  });
});

describe('JsonView', () => {
  it('pretty-prints read-only JSON in a named, focusable block', () => {
    renderWithProviders(<JsonView value={{ a: [1] }} label="Content" />);
    const block = screen.getByLabelText('Content');
    expect(block.textContent).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(block).toHaveAttribute('tabindex', '0');
  });
});

describe('ErrorState', () => {
  it('names what went wrong for each kind of error', async () => {
    renderWithProviders(
      <>
        <ErrorState error={ApiError.network('GET /x')} />
        <ErrorState
          error={
            new ApiError({ kind: 'gateway', status: 504, message: 'timed out', path: 'GET /x' })
          }
        />
        <ErrorState error={new Error('plain')} />
      </>,
    );
    // The alert loads on first use.
    expect(await screen.findByText('Cannot reach the console server')).toBeInTheDocument();
    expect(screen.getByText('The platform cannot be reached')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('plain')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

describe('PageHeader', () => {
  it('keeps a named heading while its title loads, with no label where none is allowed', () => {
    const { container } = renderWithProviders(<PageHeader title={undefined} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Loading the title' })).toBeVisible();
    // A label on an element without a role is not read (axe: aria-prohibited-attr).
    for (const labelled of container.querySelectorAll('[aria-label]'))
      expect(labelled.getAttribute('role'), labelled.outerHTML).not.toBeNull();
  });
});
