import { managesDataset, type DatasetLevel } from './datasets';
import { allow, decisions, isAdmin, refuse, type Decision, type Principal } from './principal';

/**
 * Calculated fields (spec section 3: "caller may modify the field"). A field is changed (edited,
 * locked, unlocked) by its owner, by the owners and co-owners of the datasets it links
 * (`links[].resource` of type DATA_SOURCE) and by Admins. Every user reads every field, as the
 * instance-wide search and statistics of the public API do (gaps.md).
 */
export type CalculatedFieldOperation = 'read' | 'change';
export const calculatedFieldOperations: readonly CalculatedFieldOperation[] = ['read', 'change'];

/** What a decision knows of a field: its owner and the resources it links. */
export interface FieldForAccess {
  owner: number;
  links: ReadonlyArray<{ resource: { type: string; id: string } }>;
}

export const CHANGE_NEEDED =
  'the owner of the field, an owner or co-owner of a dataset it links, or an Admin';

export const linkedDatasetIds = (field: FieldForAccess) =>
  field.links.filter((l) => l.resource.type === 'DATA_SOURCE').map((l) => l.resource.id);

/** Whether a decision on the field may turn on the principal's levels on its linked datasets. */
const weighsLinks = (principal: Principal, field: FieldForAccess) =>
  !isAdmin(principal) && field.owner !== principal.id;

/**
 * The datasets whose level the principal holds the decisions on `fields` need: none for an
 * Admin, nor for the fields they own.
 */
export const datasetsToWeigh = (principal: Principal, fields: readonly FieldForAccess[]) => [
  ...new Set(fields.filter((f) => weighsLinks(principal, f)).flatMap(linkedDatasetIds)),
];

/** `levels`: the principal's level on the linked datasets (`datasetsToWeigh`) they may see. */
export function decideCalculatedField(
  principal: Principal,
  field: FieldForAccess,
  levels: ReadonlyMap<string, DatasetLevel>,
  operation: CalculatedFieldOperation,
): Decision {
  if (operation === 'read' || !weighsLinks(principal, field)) return allow;
  if (linkedDatasetIds(field).some((id) => managesDataset(levels.get(id)))) return allow;
  return refuse(CHANGE_NEEDED);
}

/** Every operation's decision on one field, for the console to disable what is refused. */
export const calculatedFieldDecisions = (
  principal: Principal,
  field: FieldForAccess,
  levels: ReadonlyMap<string, DatasetLevel>,
) =>
  decisions(calculatedFieldOperations, (op) => decideCalculatedField(principal, field, levels, op));

/** The words of a refused change's 403. */
export const fieldRefused = (fieldName: string) =>
  `Calculated field "${fieldName}" may be changed only by ${CHANGE_NEEDED}`;
