import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { EmptyState } from './EmptyState';

interface Words {
  title: string;
  description?: string;
}

export interface ListEmptyStateProps {
  /** The list's controller (`useListController`): its page and its search, `q`. */
  list: {
    params: { page: number; q: string };
    setters: { page: (page: number) => void; q: (search: string) => void };
  };
  /** A page past the list's end (an old link): offers the first page. */
  pastEnd: Words;
  /** Nothing matches the search: offers to clear it. */
  noMatch: Words;
  /** The list has nothing yet. */
  none: Words & { action?: ReactNode };
}

/** Why a searchable, paged list shows nothing, and the way back to something. */
export function ListEmptyState({ list, pastEnd, noMatch, none }: ListEmptyStateProps) {
  const { params, setters } = list;
  if (params.page > 0)
    return (
      <EmptyState
        {...pastEnd}
        action={<Button onClick={() => setters.page(0)}>Go to the first page</Button>}
      />
    );
  if (params.q)
    return (
      <EmptyState
        {...noMatch}
        action={<Button onClick={() => setters.q('')}>Clear the search</Button>}
      />
    );
  return <EmptyState {...none} />;
}
