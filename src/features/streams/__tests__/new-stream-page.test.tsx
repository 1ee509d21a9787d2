import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Link, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../api/contract/streams';
import type { FileMetadata } from '../../../api/contract/files';
import { aCollection, aDatastore } from '../../../test/data';
import { renderApp, renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { NewStreamPage } from '../pages/NewStreamPage';
import { aDataFile, accounts as someAccounts, aStream, connectors } from './data';

interface Platform {
  files?: FileMetadata[];
  accounts?: Account[];
  createAnswer?: () => Response;
}

function givenPlatform({
  files = [aDataFile()],
  accounts = someAccounts,
  createAnswer,
}: Platform = {}) {
  const created: unknown[] = [];
  const uploads: { query: string; contentType: string | null; text: string }[] = [];
  const listed = [...files];
  server.use(
    http.get('/api/data/v1/streams/connectors', () => HttpResponse.json(connectors)),
    http.get('/api/data/v1/accounts', () => HttpResponse.json(accounts)),
    http.get('/api/data/v1/data-files/details', () => HttpResponse.json(listed)),
    http.post('/api/data/v1/data-files', async ({ request }) => {
      const url = new URL(request.url);
      uploads.push({
        query: url.search,
        contentType: request.headers.get('content-type'),
        text: await request.text(),
      });
      listed.push(
        aDataFile({
          dataFileId: 12,
          name: url.searchParams.get('name') ?? '',
          datetimeCreated: Date.UTC(2026, 10, 21),
        }),
      );
      return HttpResponse.json({ dataFileId: 12 });
    }),
    http.post('/api/data/v1/streams', async ({ request }) => {
      created.push(await request.json());
      return createAnswer ? createAnswer() : HttpResponse.json(aStream());
    }),
  );
  return { created, uploads };
}

function DatasetStub() {
  const location = useLocation();
  return (
    <>
      <h1>Dataset page</h1>
      <p>{`${location.pathname}${location.search}`}</p>
    </>
  );
}

function OtherPage() {
  return <h1>Elsewhere</h1>;
}

function WizardWithLink() {
  return (
    <>
      <Link to="/elsewhere">Go elsewhere</Link>
      <NewStreamPage />
    </>
  );
}

const renderWizard = (url = '/streams/new') =>
  renderRoutes(
    [
      { path: '/streams/new', Component: WizardWithLink },
      { path: '/datasets/:datasetId', Component: DatasetStub },
      { path: '/elsewhere', Component: OtherPage },
    ],
    url,
  );

/** Opens the wizard and picks a connector: how most journeys start. */
async function startWith(connector: string, url?: string) {
  const user = userEvent.setup();
  renderWizard(url);
  await user.click(await screen.findByRole('radio', { name: connector }));
  return user;
}

const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next' }));

async function choose(user: UserEvent, combobox: RegExp | string, option: RegExp | string) {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The data file and the account of a data-file stream, each step left with Next. */
async function pickFileAndAccount(user: UserEvent) {
  await choose(user, /Data file/, /regional-targets\.csv/);
  await next(user);
  await stepHeading('Account');
  await choose(user, /Account/, /Finance uploads/);
  await next(user);
  await stepHeading('Update method');
}

async function walkToReview(user: UserEvent, schedule?: () => Promise<void>) {
  await user.click(await screen.findByRole('radio', { name: 'Data file (CSV)' }));
  await next(user);
  await stepHeading('Configuration');
  await pickFileAndAccount(user);
  await user.click(screen.getByRole('radio', { name: 'Append' }));
  await next(user);
  await stepHeading('Schedule');
  await schedule?.();
  await next(user);
  await stepHeading('Dataset');
  await user.type(screen.getByRole('textbox', { name: /Dataset name/ }), 'Targets');
  await next(user);
  await stepHeading('Review');
}

describe('/streams/new', { timeout: 30_000 }, () => {
  it('is reached from the Streams screen and opens on the connector step', async () => {
    givenPlatform();
    server.use(
      http.get('/api/datastores/v1/', () => HttpResponse.json([])),
      http.get('/api/data/v1/streams', () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    renderApp('/datastores');
    await user.click(
      within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Streams',
      }),
    );
    await user.click(await screen.findByRole('link', { name: 'New stream' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New stream' }),
    ).toBeInTheDocument();
    expect(await stepHeading('Connector')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 7')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Data file (CSV)' })).toHaveAccessibleDescription(
      'Needs: Data file',
    );
  });

  it('a required field blocks Next, with its message beside it', async () => {
    givenPlatform();
    const user = userEvent.setup();
    renderWizard();
    await stepHeading('Connector');
    await next(user);
    expect(screen.getByRole('radiogroup')).toHaveAccessibleDescription('Choose a connector');
    expect(screen.getByRole('heading', { level: 2, name: 'Connector' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Data file (CSV)' }));
    expect(screen.queryByText('Choose a connector')).not.toBeInTheDocument();
    await next(user);

    await stepHeading('Configuration');
    await next(user);
    expect(await screen.findByText('Data file is required')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Configuration' })).toBeInTheDocument();
    await choose(user, /Data file/, /regional-targets\.csv/);
    await next(user);

    await stepHeading('Account');
    await next(user);
    expect(await screen.findByText('Choose an account')).toBeInTheDocument();
    await choose(user, /Account/, /Finance uploads/);
    await next(user);

    await stepHeading('Update method');
    await next(user);
    expect(screen.getByRole('radiogroup', { name: /Update method/ })).toHaveAccessibleDescription(
      'Choose how each run updates the dataset',
    );
    await user.click(screen.getByRole('radio', { name: 'Replace' }));
    await next(user);

    await stepHeading('Schedule');
    await user.click(screen.getByRole('radio', { name: 'Every N minutes' }));
    const minutes = screen.getByRole('spinbutton', { name: /Minutes between runs/ });
    await user.clear(minutes);
    await user.type(minutes, '0');
    await next(user);
    expect(minutes).toHaveAccessibleDescription('Enter a whole number of minutes from 1 to 10,080');
    await user.clear(minutes);
    await user.type(minutes, '15');
    await next(user);

    await stepHeading('Dataset');
    const name = screen.getByRole('textbox', { name: /Dataset name/ });
    await user.type(name, '   ');
    await next(user);
    expect(name).toHaveAccessibleDescription('Name the dataset');
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('walks every step, shows the exact request, creates and opens the dataset', async () => {
    const platform = givenPlatform();
    const user = userEvent.setup();
    renderWizard();
    await walkToReview(user);

    const expected = {
      transport: { type: 'CONNECTOR', description: 'data-file', version: '1' },
      configuration: [{ name: 'dataFileId', value: '3', type: 'string', category: 'METADATA' }],
      account: { id: 4 },
      updateMethod: 'APPEND',
      dataProvider: { key: 'data-file' },
      dataSource: { name: 'Targets', description: '' },
      advancedScheduleJson: JSON.stringify({
        type: 'MANUAL',
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    };
    expect(screen.getByLabelText('Request JSON')).toHaveTextContent(
      JSON.stringify(expected, null, 2).replace(/\s+/g, ' '),
      { normalizeWhitespace: true },
    );
    expect(screen.getByRole('button', { name: 'Copy request JSON' })).toBeInTheDocument();
    expect(screen.getByRole('definition', { name: 'Data file' })).toHaveTextContent(
      'regional-targets.csv (data file 3)',
    );
    expect(screen.getByRole('definition', { name: 'Account' })).toHaveTextContent(
      'Finance uploads (4)',
    );

    await user.click(screen.getByRole('button', { name: 'Create stream' }));
    expect(await screen.findByRole('heading', { name: 'Dataset page' })).toBeInTheDocument();
    expect(screen.getByText('/datasets/ds-7?stream=7')).toBeInTheDocument();
    expect(platform.created).toEqual([expected]);
  });

  it('a daily schedule in a chosen time zone becomes advancedScheduleJson', async () => {
    const platform = givenPlatform();
    const user = userEvent.setup();
    renderWizard();
    await walkToReview(user, async () => {
      const zone = screen.getByRole('combobox', { name: /Time zone/ });
      expect(zone).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
      await user.click(screen.getByRole('radio', { name: 'Daily at a time' }));
      const at = screen.getByLabelText(/Time of day/);
      await user.clear(at);
      await user.type(at, '07:45');
      await user.clear(zone);
      await user.type(zone, 'Asia/Tok');
      await user.click(await screen.findByRole('option', { name: 'Asia/Tokyo' }));
      expect(screen.getByText('Daily at 07:45 (Asia/Tokyo)')).toBeInTheDocument();
    });
    expect(screen.getByRole('definition', { name: 'Schedule' })).toHaveTextContent(
      'Daily at 07:45 (Asia/Tokyo)',
    );
    await user.click(screen.getByRole('button', { name: 'Create stream' }));
    await screen.findByRole('heading', { name: 'Dataset page' });
    expect(platform.created).toMatchObject([
      { advancedScheduleJson: '{"type":"DAILY","timezone":"Asia/Tokyo","at":"07:45"}' },
    ]);
  });

  it('Back and Next keep every value', async () => {
    givenPlatform();
    const user = userEvent.setup();
    renderWizard();
    await walkToReview(user);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading('Dataset');
    expect(screen.getByRole('textbox', { name: /Dataset name/ })).toHaveValue('Targets');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading('Update method');
    expect(screen.getByRole('radio', { name: 'Append' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading('Configuration');
    expect(screen.getByRole('combobox', { name: /Data file/ })).toHaveTextContent(
      'regional-targets.csv',
    );
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading('Connector');
    expect(screen.getByRole('radio', { name: 'Data file (CSV)' })).toBeChecked();

    for (const step of [
      'Configuration',
      'Account',
      'Update method',
      'Schedule',
      'Dataset',
      'Review',
    ]) {
      await next(user);
      await stepHeading(step);
    }
    expect(screen.getByRole('definition', { name: 'Dataset name' })).toHaveTextContent('Targets');
  });

  it('the stepper opens any step up to the first one that does not hold', async () => {
    givenPlatform();
    const user = userEvent.setup();
    renderWizard('/streams/new?step=review');
    expect(await stepHeading('Connector')).toBeInTheDocument();
    const stepper = screen.getByRole('tablist', { name: 'Wizard steps' });
    expect(within(stepper).getByRole('tab', { name: /Review/ })).toBeDisabled();

    await walkToReview(user);
    await user.click(within(stepper).getByRole('tab', { name: /Update method/ }));
    expect(await stepHeading('Update method')).toHaveFocus();
    await user.click(within(stepper).getByRole('tab', { name: /Review/ }));
    expect(await stepHeading('Review')).toHaveFocus();
  });

  it('uploads a CSV as a data file and selects it', async () => {
    const platform = givenPlatform();
    const user = await startWith('Data file (CSV)');
    await next(user);
    await stepHeading('Configuration');

    const csv = new File(['region,target\nNorth,1\n'], 'new targets.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('CSV file'), csv);

    expect(
      await screen.findByText('Uploaded new targets.csv; it is selected above.'),
    ).toBeInTheDocument();
    expect(platform.uploads).toEqual([
      { query: '?name=new+targets.csv', contentType: 'text/csv', text: 'region,target\nNorth,1\n' },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Data file/ })).toHaveTextContent(
        'new targets.csv',
      ),
    );
    await next(user);
    expect(await stepHeading('Account')).toBeInTheDocument();
  });

  it("builds the configuration from the connector's fields", async () => {
    givenPlatform();
    const user = await startWith('CSV from an HTTP(S) URL');
    expect(screen.getByRole('combobox', { name: /Version/ })).toHaveTextContent('2');
    await next(user);

    await stepHeading('Configuration');
    const url = screen.getByRole('textbox', { name: /URL/ });
    expect(url).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Timeout (seconds)' })).not.toBeRequired();
    await next(user);
    expect(url).toHaveAccessibleDescription('URL is required');
    await user.type(url, 'https://example.com/a.csv');
    expect(url).toHaveAccessibleDescription('An http:// or https:// address');
    await next(user);

    await stepHeading('Account');
    // The one account for this connector is chosen for you.
    expect(screen.getByRole('combobox', { name: /Account/ })).toHaveTextContent(
      'Web (no credentials)',
    );
  });

  it('picks a collection by its datastore, and keeps it across Back and Next', async () => {
    const platform = givenPlatform();
    const datastore = aDatastore();
    const products = aCollection();
    const empty = aCollection({ id: 'c-empty', name: 'drafts', schema: { columns: [] } });
    server.use(
      http.get('/api/datastores/v1/', () => HttpResponse.json([datastore])),
      http.get('/api/datastores/v1/collections', () => HttpResponse.json([products, empty])),
      http.get('/api/datastores/v1/collections/:id', () => HttpResponse.json(products)),
    );
    const user = await startWith('Document-store collection');
    await next(user);
    await stepHeading('Configuration');
    expect(screen.getByRole('combobox', { name: /^Collection/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await choose(user, /^Datastore/, 'Inventory');
    await user.click(screen.getByRole('combobox', { name: /^Collection/ }));
    expect(await screen.findByRole('option', { name: /drafts/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('option', { name: /products/ }));
    await next(user);
    await stepHeading('Account');
    expect(screen.getByRole('combobox', { name: /Account/ })).toHaveTextContent('Document store');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading('Configuration');
    expect(await screen.findByRole('combobox', { name: /^Datastore/ })).toHaveTextContent(
      'Inventory',
    );
    expect(screen.getByRole('combobox', { name: /^Collection/ })).toHaveTextContent('products');

    for (const step of ['Account', 'Update method']) {
      await next(user);
      await stepHeading(step);
    }
    await user.click(screen.getByRole('radio', { name: 'Replace' }));
    for (const step of ['Schedule', 'Dataset']) {
      await next(user);
      await stepHeading(step);
    }
    await user.type(screen.getByRole('textbox', { name: /Dataset name/ }), 'Products{Enter}');
    await stepHeading('Review');
    expect(screen.getByRole('definition', { name: 'Collection' })).toHaveTextContent(
      `products (collection ${products.id})`,
    );
    await user.click(screen.getByRole('button', { name: 'Create stream' }));
    await screen.findByRole('heading', { name: 'Dataset page' });
    expect(platform.created).toMatchObject([
      {
        transport: { description: 'document-store' },
        configuration: [{ name: 'collectionId', value: products.id }],
        account: { id: 2 },
        updateMethod: 'REPLACE',
      },
    ]);
  });

  it("shows the platform's refusal beside the review, and the step to fix", async () => {
    givenPlatform({
      createAnswer: () =>
        HttpResponse.json({ message: 'configuration.dataFileId: no data file 3' }, { status: 400 }),
    });
    const user = userEvent.setup();
    renderWizard();
    await walkToReview(user);
    await user.click(screen.getByRole('button', { name: 'Create stream' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The platform did not create the stream');
    expect(alert).toHaveTextContent('configuration.dataFileId: no data file 3');
    expect(screen.getByText('Fix it in the Configuration step.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Configuration' }));

    expect(await stepHeading('Configuration')).toHaveFocus();
    expect(screen.getByText('no data file 3')).toBeInTheDocument();
  });

  it('Enter on a valid step is Next; focus moves to the step heading', async () => {
    givenPlatform();
    const user = await startWith('Data file (CSV)', '/streams/new');
    await user.keyboard('{Enter}');
    expect(await stepHeading('Configuration')).toHaveFocus();

    await pickFileAndAccount(user);
    await user.click(screen.getByRole('radio', { name: 'Replace' }));
    await user.keyboard('{Enter}');
    expect(await stepHeading('Schedule')).toHaveFocus();
    await next(user);

    const name = await screen.findByRole('textbox', { name: /Dataset name/ });
    await user.click(name);
    await user.keyboard('{Enter}');
    expect(name).toHaveAccessibleDescription('Name the dataset');
    await user.type(name, 'Targets{Enter}');
    expect(await stepHeading('Review')).toHaveFocus();
  });

  it('Discard asks first, then starts again', async () => {
    givenPlatform();
    const user = await startWith('Data file (CSV)');
    await next(user);
    await stepHeading('Configuration');

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard this stream?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: 'Configuration' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Discard this stream?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(await stepHeading('Connector')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Data file (CSV)' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeDisabled();
  });

  it('warns before leaving with unsaved input', async () => {
    givenPlatform();
    const user = await startWith('Data file (CSV)');

    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the stream wizard?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'Data file (CSV)' })).toBeChecked();

    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave the stream wizard?' })).getByRole(
        'button',
        { name: 'Leave' },
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
  });

  it('leaves without asking when nothing was entered', async () => {
    givenPlatform();
    const user = userEvent.setup();
    renderWizard();
    await stepHeading('Connector');
    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
  });

  it('a failed first load of the connectors shows in place, with Retry', async () => {
    givenPlatform();
    let calls = 0;
    server.use(
      http.get('/api/data/v1/streams/connectors', () =>
        ++calls === 1
          ? HttpResponse.json({ message: 'The platform is restarting' }, { status: 503 })
          : HttpResponse.json(connectors),
      ),
    );
    const user = userEvent.setup();
    renderWizard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The platform is restarting');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await stepHeading('Connector')).toBeInTheDocument();
  });
});
