import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@uiw/react-codemirror';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { aWorkflow, givenWorkflows } from './fake-platform';

const jsonBox = () => screen.getByRole('textbox', { name: 'Definition as JSON' });
const jsonText = () => jsonBox().textContent ?? '';
const readJson = () => JSON.parse(jsonText()) as { steps: { id: string; type: string }[] };

/** Types into CodeMirror the way its own input handling would: one change of the document. */
function replaceJson(text: string) {
  const view = EditorView.findFromDOM(jsonBox());
  if (!view) throw new Error('no editor');
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

const step = (n: number) => screen.getByRole('region', { name: new RegExp(`^Step ${n}:`) });

async function addStep(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('button', { name: 'Add step' }));
  await user.click(await screen.findByRole('menuitem', { name: new RegExp(label) }));
}

describe('the step editor', { timeout: 30_000 }, () => {
  it('adds, reorders with the keyboard and removes steps; the JSON follows', async () => {
    const user = userEvent.setup();
    givenWorkflows([]);
    renderApp('/workflows/new');
    await screen.findByRole('textbox', { name: 'Definition as JSON' });

    await addStep(user, 'Wait');
    expect(within(step(1)).getByRole('textbox', { name: /Step name/ })).toHaveFocus();
    await addStep(user, 'Notify');
    expect(readJson().steps.map((s) => s.id)).toEqual(['wait1', 'notify1']);

    const up = within(step(2)).getByRole('button', { name: 'Move step 2 up' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(readJson().steps.map((s) => s.id)).toEqual(['notify1', 'wait1']);
    // The moved step keeps the focus; at the top its "up" is disabled, so "down" has it.
    expect(within(step(1)).getByRole('button', { name: 'Move step 1 down' })).toHaveFocus();
    expect(screen.getByText('Step moved to position 1 of 2')).toBeInTheDocument();

    await user.click(within(step(1)).getByRole('button', { name: 'Remove step 1' }));
    expect(readJson().steps.map((s) => s.id)).toEqual(['wait1']);
  });

  it('each step’s fields follow its type, and edits reach the JSON', async () => {
    const user = userEvent.setup();
    givenWorkflows([]);
    renderApp('/workflows/new');
    await screen.findByRole('textbox', { name: 'Definition as JSON' });
    await addStep(user, 'HTTP request');
    const http = step(1);
    expect(within(http).getByRole('combobox', { name: /Method/ })).toBeInTheDocument();
    await user.type(within(http).getByRole('textbox', { name: /URL/ }), 'https://hooks.example/x');
    await user.type(within(http).getByRole('spinbutton', { name: /Retries/ }), '2');
    expect(readJson().steps[0]).toMatchObject({
      type: 'http',
      method: 'GET',
      url: 'https://hooks.example/x',
      retries: 2,
    });
  });

  it('JSON that parses updates the form; JSON that does not shows why and keeps the form', async () => {
    const user = userEvent.setup();
    givenWorkflows([]);
    renderApp('/workflows/new');
    await screen.findByRole('textbox', { name: 'Definition as JSON' });
    await addStep(user, 'Wait');

    replaceJson(
      JSON.stringify({ steps: [{ id: 'pause', name: 'Pause a bit', type: 'wait', seconds: 30 }] }),
    );
    expect(within(step(1)).getByRole('textbox', { name: /Step name/ })).toHaveValue('Pause a bit');
    expect(within(step(1)).getByRole('spinbutton', { name: /Seconds/ })).toHaveValue(30);

    replaceJson('{"steps": [');
    expect(screen.getByRole('alert')).toHaveTextContent(/The JSON is not taken/);
    expect(jsonBox()).toHaveAttribute('aria-invalid', 'true');
    expect(within(step(1)).getByRole('textbox', { name: /Step name/ })).toHaveValue('Pause a bit');
  });

  it('shows the contract’s problems on the step and field once Save is pressed', async () => {
    const user = userEvent.setup();
    const fake = givenWorkflows([]);
    renderApp('/workflows/new');
    await screen.findByRole('textbox', { name: 'Definition as JSON' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Pause');
    await addStep(user, 'Wait');
    const seconds = within(step(1)).getByRole('spinbutton', { name: /Seconds/ });
    await user.clear(seconds);
    await user.type(seconds, '99999');
    await user.click(screen.getByRole('button', { name: 'Create workflow' }));

    expect(await screen.findByText(/1 problem to fix before saving/)).toBeInTheDocument();
    expect(
      within(step(1)).getByRole('spinbutton', { name: /Seconds/ }),
    ).toHaveAccessibleDescription(/at most 3600 seconds/);
    await waitFor(() =>
      expect(within(step(1)).getByRole('spinbutton', { name: /Seconds/ })).toHaveFocus(),
    );
    expect(fake.bodies).toEqual([]);
  });

  it('places the platform’s 400 on the step and field it names', async () => {
    const user = userEvent.setup();
    givenWorkflows([], [], {
      invalid: 'definition.steps[0].url: the host hooks.example is not allowed',
    });
    renderApp('/workflows/new');
    await screen.findByRole('textbox', { name: 'Definition as JSON' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Call out');
    await addStep(user, 'HTTP request');
    await user.type(
      within(step(1)).getByRole('textbox', { name: /URL/ }),
      'https://hooks.example/x',
    );
    await user.click(screen.getByRole('button', { name: 'Create workflow' }));

    await waitFor(() =>
      expect(within(step(1)).getByRole('textbox', { name: /URL/ })).toHaveAccessibleDescription(
        'the host hooks.example is not allowed',
      ),
    );
  });

  it('saving an edit shows the new version, and leaving unsaved asks first', async () => {
    const user = userEvent.setup();
    givenWorkflows([aWorkflow()]);
    const { router } = renderApp('/workflows/wf-1/edit');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByText(/Version 3; saving makes version 4/)).toBeInTheDocument();

    await user.type(name, ' (v2)');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await user.click(within(crumbs).getByRole('link', { name: 'Workflows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/workflows/wf-1/edit');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Saved “Refund approvals (v2)” as version 4'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflows/wf-1'));
    const definition = await screen.findByRole('region', { name: 'Definition' });
    expect(within(definition).getByRole('group', { name: 'Version' })).toHaveTextContent('4');
  });
});
