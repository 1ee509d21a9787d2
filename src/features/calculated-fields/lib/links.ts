import type { CalculatedField } from '../../../api/contract';

export interface NamedLink {
  kind: 'dataset' | 'card' | 'other';
  id: string;
  /** The dataset's or card's name; undefined when the platform does not know it. */
  name: string | undefined;
  valid: boolean;
  active: boolean;
  visible: boolean;
}

/** The field's links with names: a dataset's from the dataset list, a card's from `cardNames`. */
export function nameLinks(
  links: CalculatedField['links'],
  datasetNames: ReadonlyMap<string, string>,
  cardNames: ReadonlyMap<string, string> = new Map(),
): NamedLink[] {
  return links.map(({ resource, valid, active, visible }) => {
    const kind =
      resource.type === 'DATA_SOURCE' ? 'dataset' : resource.type === 'CARD' ? 'card' : 'other';
    const names: ReadonlyMap<string, string> =
      kind === 'dataset' ? datasetNames : kind === 'card' ? cardNames : new Map<string, string>();
    return {
      kind,
      id: resource.id,
      name: names.get(resource.id),
      valid: valid === 'VALID',
      active,
      visible,
    };
  });
}

/** The field's data source (its first DATA_SOURCE link), the dataset its expression reads. */
export const datasetIdOf = (field: Pick<CalculatedField, 'links'>) =>
  field.links.find((l) => l.resource.type === 'DATA_SOURCE')?.resource.id;
