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
