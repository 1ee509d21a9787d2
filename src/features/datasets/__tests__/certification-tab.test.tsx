import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { CertificationState } from '../../../api/contract';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { aDataset, certified, notCertified } from './data';
import { givenDataset } from './handlers';

const dataset = aDataset();
const state = '/api/tags/v3/DATA_SOURCE/:id/system/CERTIFIED/state';

/** A certification that PUT and DELETE really change; records the calls. */
function givenCertification(initial: CertificationState) {
  let current = initial;
  const calls: string[] = [];
  givenDataset();
  server.use(
    http.get(state, () => HttpResponse.json(current)),
    http.put(`${state}/ACTIVE`, ({ params }) => {
      calls.push(`PUT ${String(params.id)}`);
      current = certified;
      return HttpResponse.json({ message: `DATA_SOURCE ${String(params.id)} is certified` });
    }),
    http.delete(state, ({ params }) => {
      calls.push(`DELETE ${String(params.id)}`);
      current = notCertified;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

const openCertification = () => renderApp(`/datasets/${dataset.id}/certification`);
const stateValue = () =>
  within(screen.getByRole('group', { name: 'State' })).getByRole('definition');

describe('/datasets/:datasetId/certification', { timeout: 20_000 }, () => {
  it('certifies after a confirm, and says so with the dataset’s name', async () => {
    const user = userEvent.setup();
    const calls = givenCertification(notCertified);
    openCertification();

    expect(await screen.findByText('Not certified', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Certify' }));
    const confirm = await screen.findByRole('dialog', { name: 'Certify “Sales by region”?' });
    expect(calls).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Certify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Sales by region is certified');
    expect(screen.queryByText(`DATA_SOURCE ${dataset.id} is certified`)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(stateValue()).toHaveTextContent('Certified'));
    expect(calls).toEqual([`PUT ${dataset.id}`]);
    expect(
      await within(screen.getByRole('group', { name: 'Certified by' })).findByText('Ada Admin'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove certification' })).toBeInTheDocument();
  });

  it('removes the certification after a confirm', async () => {
    const user = userEvent.setup();
    const calls = givenCertification(certified);
    openCertification();

    await user.click(await screen.findByRole('button', { name: 'Remove certification' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Remove the certification of “Sales by region”?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Remove certification' }));

    await vi.waitFor(() => expect(stateValue()).toHaveTextContent('Not certified'));
    expect(calls).toEqual([`DELETE ${dataset.id}`]);
    expect(await screen.findByText('Sales by region is no longer certified')).toBeInTheDocument();
  });

  it('cancel certifies nothing', async () => {
    const user = userEvent.setup();
    const calls = givenCertification(notCertified);
    openCertification();
    await user.click(await screen.findByRole('button', { name: 'Certify' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
  });

  it.each([
    [404, 'No dataset 3b1f7c2e-8a4d-4e6f-9b0a-5c2d1e3f4a10'],
    [400, 'entityType: expected CARD or DATA_SOURCE, not "DATASET"'],
  ])('shows a %i body (7.3) in the dialog, which stays open', async (status, message) => {
    const user = userEvent.setup();
    givenCertification(notCertified);
    server.use(http.put(`${state}/ACTIVE`, () => HttpResponse.json({ message }, { status })));
    openCertification();

    await user.click(await screen.findByRole('button', { name: 'Certify' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Certify' }));

    expect(await within(confirm).findByText('The dataset was not certified')).toBeInTheDocument();
    expect(within(confirm).getByText(message)).toBeInTheDocument();
    expect(within(confirm).getByText(new RegExp(`Status ${status}`))).toBeInTheDocument();
    expect(screen.getByText('Not certified')).toBeInTheDocument();
  });

  it('shows a failed read of the state in place', async () => {
    givenCertification(notCertified);
    server.use(
      http.get(state, () => HttpResponse.json({ message: 'No dataset x' }, { status: 404 })),
    );
    openCertification();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Not found, or you have no access')).toBeInTheDocument();
    expect(within(alert).getByText('No dataset x')).toBeInTheDocument();
  });
});
