import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { expect, it } from 'vitest';
import { FormSelectField } from './FormSelectField';

const accounts = [
  { value: '1', label: 'Sales SFTP', detail: 'Account 1 · sftp' },
  { value: '2', label: 'Ops SFTP', detail: 'Account 2 · sftp' },
];

function AccountForm({ saved }: { saved: string }) {
  const form = useForm({ defaultValues: { accountId: saved } });
  return (
    <FormSelectField control={form.control} name="accountId" label="Account" choices={accounts} />
  );
}

it('shows the chosen account by its name', () => {
  render(<AccountForm saved="2" />);
  expect(screen.getByRole('combobox', { name: 'Account' })).toHaveTextContent('Ops SFTP');
});

it('shows the field empty when the saved value is no longer offered', () => {
  render(<AccountForm saved="9" />);
  const field = screen.getByRole('combobox', { name: 'Account' });
  expect(field).not.toHaveTextContent('9');
  expect(field.closest('.MuiInputBase-root')?.querySelector('input')).toHaveValue('');
});

it('offers each choice with its detail, and keeps the one picked', async () => {
  render(<AccountForm saved="" />);
  await userEvent.click(screen.getByRole('combobox', { name: 'Account' }));
  const option = screen.getByRole('option', { name: /Sales SFTP/ });
  expect(within(option).getByText('Account 1 · sftp')).toBeInTheDocument();
  await userEvent.click(option);
  expect(screen.getByRole('combobox', { name: 'Account' })).toHaveTextContent('Sales SFTP');
});

function FileForm({ saved, files }: { saved: string; files: typeof accounts }) {
  const form = useForm({ defaultValues: { fileId: saved } });
  return (
    <FormSelectField
      control={form.control}
      name="fileId"
      label="Data file"
      choices={files}
      unlisted={(id) => ({ value: id, label: `Data file ${id}` })}
      emptyText="No data files yet"
    />
  );
}

it('names a saved value that is not listed, when told how, and offers it in the menu', async () => {
  render(<FileForm saved="9" files={accounts} />);
  const field = screen.getByRole('combobox', { name: 'Data file' });
  expect(field).toHaveTextContent('Data file 9');
  await userEvent.click(field);
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
    'Data file 9',
    'Sales SFTPAccount 1 · sftp',
    'Ops SFTPAccount 2 · sftp',
  ]);
});

it('says so in the menu when nothing is offered', async () => {
  render(<FileForm saved="" files={[]} />);
  await userEvent.click(screen.getByRole('combobox', { name: 'Data file' }));
  expect(screen.getByRole('option', { name: 'No data files yet' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
});

it("keeps the caller's slot props beside its own (a disabled field's hint style)", () => {
  function HintForm() {
    const form = useForm({ defaultValues: { accountId: '' } });
    return (
      <FormSelectField
        control={form.control}
        name="accountId"
        label="Account"
        choices={accounts}
        helperText="Choose a connector first"
        slotProps={{ formHelperText: { className: 'account-hint' } }}
      />
    );
  }
  render(<HintForm />);
  expect(screen.getByText('Choose a connector first')).toHaveClass('account-hint');
});
