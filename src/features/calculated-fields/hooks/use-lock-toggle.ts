import { useSetCalculatedFieldLocked, type SetLockedInput } from '../../../api/calculated-fields';
import { useNotify } from '../../../components';

/** The switch of one field: it moves at once, and moves back with the platform's reason. */
export function useLockToggle() {
  const notify = useNotify();
  const mutation = useSetCalculatedFieldLocked();
  const toggle = (input: SetLockedInput) =>
    mutation.mutate(input, {
      onSuccess: (field) =>
        notify.success(`${field.locked ? 'Locked' : 'Unlocked'} “${field.name}”`),
      onError: (error) =>
        notify.error(
          `Could not ${input.locked ? 'lock' : 'unlock'} “${input.field.name}”: ${error.message}`,
        ),
    });
  const pendingId = mutation.isPending ? mutation.variables.field.id : undefined;
  return { toggle, pendingId };
}
