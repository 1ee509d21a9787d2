import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardSummaryList, MAX_CARD_URNS } from '../contract/calculated-fields';
import { request } from '../http';
import { calculatedFieldKeys } from './keys';

/** gaps.md: `GET /api/content/v1/cards?urns=`: the titles of the cards a field links to. */
export const getCards = (urns: string[], signal?: AbortSignal) =>
  request({
    path: '/api/content/v1/cards',
    query: { urns: urns.slice(0, MAX_CARD_URNS).join(',') },
    schema: cardSummaryList,
    signal,
  });

export const cardsQueryOptions = (urns: string[]) =>
  queryOptions({
    queryKey: [...calculatedFieldKeys.all, 'cards', urns] as const,
    queryFn: ({ signal }) => getCards(urns, signal),
    select: (cards) => new Map(cards.map((card) => [card.urn, card.title])),
  });

/** Card titles by id; empty while they load, or where the platform cannot name them. */
export const useCardTitles = (urns: string[]) =>
  useQuery({ ...cardsQueryOptions([...urns].sort()), enabled: urns.length > 0 });
