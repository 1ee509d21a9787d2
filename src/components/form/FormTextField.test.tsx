import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { FormTextField } from './FormTextField';

function NameForm() {
  const form = useForm({
    defaultValues: { name: '' },
    resolver: zodResolver(z.object({ name: z.string().min(1, 'Enter a name') })),
  });
  return (
    <form onSubmit={form.handleSubmit(() => undefined)}>
      <FormTextField control={form.control} name="name" label="Name" />
      <button type="submit">Save</button>
    </form>
  );
}

it('a failed submit shows the error under the field and puts focus in it', async () => {
  render(<NameForm />);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Enter a name')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
});
