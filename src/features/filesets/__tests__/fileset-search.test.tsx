import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { aFileset, givenFilesets } from './fake-platform';

const manuals = aFileset();
const runbooks = aFileset({ id: 'fs-runbooks', name: 'Runbooks' });

function givenManuals() {
  return givenFilesets([
    {
      fileset: manuals,
      files: [
        {
          path: 'widget/setup.md',
          content: 'Reset the widget: hold reset for ten seconds. Reset again if it blinks.',
        },
        { path: 'widget/care.md', content: 'Clean the widget; a <b>reset</b> is rarely needed.' },
        {
          path: 'gadget/intro.txt',
          content: 'The gadget has no reset button.',
          contentType: 'text/plain',
        },
        { path: 'photos/front.png', content: 'PNG', contentType: 'image/png' },
        { path: 'readme.md', content: 'Start here.' },
      ],
    },
    { fileset: runbooks, files: [] },
  ]);
}

describe('/filesets', { timeout: 20_000 }, () => {
  it('runs the search in the URL: scores, files and passages with the hits marked', async () => {
    givenManuals();
    renderApp('/filesets?fileset=fs-manuals&q=reset');

    const table = await screen.findByRole('table', { name: 'Search results' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'setup.md' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('widget/setup.md');
    expect(rows[0]).toHaveTextContent('text/markdown');
    expect(within(rows[0]!).getByRole('progressbar', { name: /Score 0.75/ })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(rows[0]!.querySelectorAll('mark')).toHaveLength(3);
    expect(rows[0]!.querySelector('mark')).toHaveTextContent(/^Reset$/);
    // Markup in the file stays text: only the platform's <mark> becomes an element.
    const care = rows.find((r) => r.textContent?.includes('care.md'))!;
    expect(care).toHaveTextContent('a <b>reset</b> is rarely needed');
    expect(care.querySelector('b')).toBeNull();
    expect(screen.getByText('3 matches, best first')).toBeInTheDocument();
    expect(screen.getByLabelText('Search text')).toHaveValue('reset');
  });

  it('searches on Enter with a directory and top K, keeps them in the URL, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { queries } = givenManuals();
    const { router } = renderApp('/filesets');

    await user.click(await screen.findByRole('combobox', { name: 'Fileset' }));
    await user.click(await screen.findByRole('option', { name: /Product manuals/ }));
    expect(await screen.findByText('Search the fileset’s text')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Directory'), 'widget');
    const topK = screen.getByLabelText('Top K');
    await user.clear(topK);
    await user.type(topK, '1');
    await user.type(screen.getByLabelText('Search text'), 'reset{Enter}');

    const table = await screen.findByRole('table', { name: 'Search results' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(queries.at(-1)).toEqual({ query: 'reset', directoryPath: 'widget', topK: 1 });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      fileset: 'fs-manuals',
      q: 'reset',
      dir: 'widget',
      topK: '1',
    });

    const query = screen.getByLabelText('Search text');
    await user.clear(query);
    await user.type(query, 'quillowort{Enter}');
    expect(await screen.findByText('No file matches “quillowort”')).toBeInTheDocument();
    expect(screen.getByText(/Only widget was searched/)).toBeInTheDocument();
  });

  it('opens a result to read the file, and closes it again', async () => {
    const user = userEvent.setup();
    givenManuals();
    const { router } = renderApp('/filesets?fileset=fs-manuals&q=gadget');

    await user.click(await screen.findByRole('link', { name: 'intro.txt' }));
    const drawer = await screen.findByRole('dialog', { name: 'intro.txt' });
    expect(await within(drawer).findByLabelText('Content of intro.txt')).toHaveTextContent(
      'The gadget has no reset button.',
    );
    expect(within(drawer).getByRole('group', { name: 'Created by' })).toHaveTextContent(
      'Nia Owner',
    );
    expect(within(drawer).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/files/v1/filesets/fs-manuals/files/fs-manuals-file-2/download',
    );
    expect(router.state.location.search).toContain('file=fs-manuals-file-2');

    await user.click(within(drawer).getByRole('button', { name: 'Close the file' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'intro.txt' })).toBeNull());
    expect(router.state.location.search).not.toContain('file=');
  });

  it('browses the files as a tree with the keyboard; a file that is not text is offered for download', async () => {
    const user = userEvent.setup();
    givenManuals();
    renderApp('/filesets?fileset=fs-manuals');

    const tree = await screen.findByRole('list', { name: 'Files' });
    expect(within(tree).getByRole('link', { name: /readme.md/ })).toBeInTheDocument();
    const photos = within(tree).getByRole('button', { name: /photos/ });
    expect(photos).toHaveAttribute('aria-expanded', 'false');
    photos.focus();
    await user.keyboard('{ArrowRight}');
    expect(photos).toHaveAttribute('aria-expanded', 'true');
    const inPhotos = await screen.findByRole('list', { name: 'Files in photos' });
    await user.click(within(inPhotos).getByRole('link', { name: /front.png/ }));

    const drawer = await screen.findByRole('dialog', { name: 'front.png' });
    expect(within(drawer).getByText(/A image\/png file is not shown here/)).toBeInTheDocument();
    expect(within(drawer).queryByLabelText('Content of front.png')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    photos.focus();
    await user.keyboard('{ArrowLeft}');
    expect(photos).toHaveAttribute('aria-expanded', 'false');
  });

  it('uploads files into a folder with progress, and lists them', async () => {
    const user = userEvent.setup();
    const { state } = givenManuals();
    renderApp('/filesets?fileset=fs-runbooks');

    expect(await screen.findByText('No files yet')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Upload to folder'), 'ops/');
    await user.upload(screen.getByLabelText('Files to upload'), [
      new File(['Restart the flumberwick.'], 'restart.md', { type: 'text/markdown' }),
    ]);

    const uploads = await screen.findByRole('list', { name: 'Uploads' });
    await within(uploads).findByText('Uploaded');
    expect(
      within(uploads).getByRole('progressbar', { name: 'Upload of restart.md' }),
    ).toHaveAttribute('aria-valuenow', '100');
    // jsdom's XMLHttpRequest sends the multipart part without its file name and bytes (a browser
    // sends both: e2e/filesets.spec.ts), so only the folder is checked here.
    expect(state[1]!.files.map((f) => f.path.split('/')[0])).toEqual(['ops']);
    expect(await screen.findByRole('button', { name: /ops/ })).toBeInTheDocument();
  });

  it('shows a failed upload and a failed search with the platform’s message', async () => {
    const user = userEvent.setup();
    givenManuals();
    server.use(
      http.post('/api/files/v1/filesets/:id/query', () =>
        HttpResponse.json(
          { message: 'directoryPath: empty, "." and ".." segments are not allowed' },
          { status: 400 },
        ),
      ),
    );
    renderApp('/filesets?fileset=fs-manuals&q=reset&dir=a/../b');
    server.use(
      http.post('/api/files/v1/filesets/:id/files', () =>
        HttpResponse.json({ message: 'file: over 10485760 bytes' }, { status: 413 }),
      ),
    );
    expect(await screen.findByText('The search failed')).toBeInTheDocument();
    expect(screen.getByText(/segments are not allowed/)).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Files to upload'), [
      new File(['x'], 'readme.md', { type: 'text/markdown' }),
    ]);
    expect(await screen.findByText('Failed: file: over 10485760 bytes')).toBeInTheDocument();
  });

  it('asks to pick a fileset, and names an unknown one', async () => {
    givenManuals();
    renderApp('/filesets?fileset=fs-gone&q=reset');
    expect(await screen.findByText('Pick a fileset')).toBeInTheDocument();
    expect(screen.getByText('No fileset fs-gone')).toBeInTheDocument();
  });
});
