import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderRoutes } from '../../../test/render';
import { createNotifier } from '../store';
import { followLocation } from '../follow-location';
import { useNotify } from '../context';

const messages = (notifier: ReturnType<typeof createNotifier>) =>
  notifier.getSnapshot().map((notice) => notice.message);

describe('notification rules', () => {
  it('a new message replaces the one showing instead of queueing behind it', () => {
    const notifier = createNotifier();
    notifier.setPath('/datastores/1');
    notifier.notify.success('Document created');
    const first = notifier.getSnapshot()[0];
    notifier.notify.success('Collection “orders” deleted');
    expect(messages(notifier)).toEqual(['Collection “orders” deleted']);
    expect(notifier.getSnapshot()[0]?.id).not.toBe(first?.id);
  });

  it('the same message again is shown afresh, once', () => {
    const notifier = createNotifier();
    notifier.notify.success('Saved');
    const first = notifier.getSnapshot()[0];
    notifier.notify.success('Saved');
    expect(messages(notifier)).toEqual(['Saved']);
    expect(notifier.getSnapshot()[0]?.id).not.toBe(first?.id);
  });

  it('a message is dropped when the user moves to another screen', () => {
    const notifier = createNotifier();
    notifier.setPath('/datasets/a');
    notifier.notify.success('Dataset “sales” certified');
    notifier.setPath('/datasets/a');
    expect(messages(notifier)).toEqual(['Dataset “sales” certified']);
    notifier.setPath('/datasets/b');
    expect(messages(notifier)).toEqual([]);
  });

  it('dismiss hides the message', () => {
    const notifier = createNotifier();
    notifier.notify.error('Could not save');
    notifier.dismiss();
    expect(messages(notifier)).toEqual([]);
  });

  it('follows a router’s location', () => {
    const notifier = createNotifier();
    const listeners: ((state: { location: { pathname: string } }) => void)[] = [];
    const router = {
      state: { location: { pathname: '/one' } },
      subscribe: (listener: (state: { location: { pathname: string } }) => void) => {
        listeners.push(listener);
        return () => undefined;
      },
    };
    followLocation(router, notifier);
    notifier.notify.info('On one');
    expect(notifier.getSnapshot()[0]?.path).toBe('/one');
    listeners.forEach((listener) => listener({ location: { pathname: '/two' } }));
    expect(messages(notifier)).toEqual([]);
  });
});

function Raise() {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify.success('Stream “nightly” started')}>
      Raise
    </button>
  );
}

describe('NotificationsProvider', () => {
  it('shows the message on its screen and not on the next one', async () => {
    const { router } = renderRoutes(
      [
        { path: '/here', element: <Raise /> },
        { path: '/there', element: <p>Elsewhere</p> },
      ],
      '/here',
    );
    act(() => screen.getByRole('button', { name: 'Raise' }).click());
    expect(await screen.findByRole('alert')).toHaveTextContent('Stream “nightly” started');
    await act(() => router.navigate('/there'));
    expect(screen.getByText('Elsewhere')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
