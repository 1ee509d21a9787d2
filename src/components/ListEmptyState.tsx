import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { EmptyState } from './EmptyState';

interface Words {
  title: string;
  description?: string;
}

export interface ListEmptyStateProps {
  /** The list's params: its page and search, and their setters. */
  list: {
    page: number;
    search: string;
    setPage: (page: number) => void;
    setSearch: (search: string) => void;
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
  if (list.page > 0)
    return (
      <EmptyState
        {...pastEnd}
        action={<Button onClick={() => list.setPage(0)}>Go to the first page</Button>}
      />
    );
  if (list.search)
    return (
      <EmptyState
        {...noMatch}
        action={<Button onClick={() => list.setSearch('')}>Clear the search</Button>}
      />
    );
  return <EmptyState {...none} />;
}
