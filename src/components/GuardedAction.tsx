import { cloneElement, type ReactElement } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useCollectionPermission, useDatasetPermission } from '../api/access';
import type { CollectionOperation } from '../api/contract/access';
import type { DatasetOperation } from '../api/contract';

type Action = ReactElement<{ disabled?: boolean }>;

export interface GuardProps {
  allowed: boolean;
  /** Why not: shown on hover and focus while the action is disabled. */
  reason?: string;
  /** The action's own tooltip while it is allowed (an icon button's name). */
  title?: string;
  children: Action;
}

/**
 * An action the user may not take is shown disabled, with the reason on hover and focus, never
 * offered and then refused. A disabled button takes no focus or pointer events, so the reason
 * hangs on a wrapper that is focusable while the action is disabled. The tree keeps one
 * shape either way, so the action is not remounted when the answer arrives.
 */
export function Guard({ allowed, reason, title, children }: GuardProps) {
  return (
    <Tooltip title={allowed ? (title ?? '') : (reason ?? 'Not allowed')} describeChild>
      <Box
        component="span"
        tabIndex={allowed ? undefined : 0}
        data-guard={allowed ? undefined : 'disabled'}
        sx={{
          display: 'inline-flex',
          cursor: allowed ? undefined : 'not-allowed',
          borderRadius: 1,
        }}
      >
        {allowed ? children : cloneElement(children, { disabled: true })}
      </Box>
    </Tooltip>
  );
}

export interface GuardedActionProps extends Omit<GuardProps, 'allowed' | 'reason'> {
  datasetId: string;
  operation: DatasetOperation;
}

/** A dataset action enabled only when `GET /api/access/v1/datasets/{id}` allows its operation. */
export function GuardedAction({ datasetId, operation, ...rest }: GuardedActionProps) {
  const permission = useDatasetPermission(datasetId, operation);
  return <Guard {...permission} {...rest} />;
}

export interface GuardedCollectionActionProps extends Omit<GuardProps, 'allowed' | 'reason'> {
  collectionId: string;
  operation: CollectionOperation;
}

/** A collection action enabled only when `GET /api/access/v1/collections/{id}` allows it. */
export function GuardedCollectionAction({
  collectionId,
  operation,
  ...rest
}: GuardedCollectionActionProps) {
  const permission = useCollectionPermission(collectionId, operation);
  return <Guard {...permission} {...rest} />;
}
