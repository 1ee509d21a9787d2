import type { Collection } from '../../../api/contract';
import { ConfirmDialog } from '../../../components';
import { Section } from '../../../components/Section';
import { useCollectionContext } from '../hooks/use-collection-context';
import { useDeleteCollectionDialog } from '../hooks/use-delete-collection-dialog';
import { AccessSettingsForm } from './components/AccessSettingsForm';
import { DangerZone } from './components/DangerZone';
import { RenameForm } from './components/RenameForm';
import { SchemaEditor } from './components/SchemaEditor';
import { SyncPanel } from './components/SyncPanel';
import { useAccessSettingsForm } from './hooks/use-access-settings-form';
import { useCollectionSync } from './hooks/use-collection-sync';
import { useRenameForm } from './hooks/use-rename-form';
import { useSchemaForm } from './hooks/use-schema-form';
import { useUnsavedChangesGuard } from './hooks/use-unsaved-changes-guard';

function CollectionSettings({ collection }: { collection: Collection }) {
  const rename = useRenameForm(collection);
  const schema = useSchemaForm(collection);
  const sync = useCollectionSync(collection);
  const access = useAccessSettingsForm(collection);
  const guard = useUnsavedChangesGuard(rename.dirty || schema.dirty || access.dirty);
  const deletion = useDeleteCollectionDialog(collection, guard.allowLeaving);

  return (
    <>
      <Section title="Name">
        <RenameForm rename={rename} collectionId={collection.id} />
      </Section>
      <Section title="Schema">
        <SchemaEditor schema={schema} collectionId={collection.id} />
      </Section>
      <Section
        title="Access"
        description="Who may use the collection, and which documents each user reads."
      >
        <AccessSettingsForm access={access} />
      </Section>
      <Section title="Sync">
        <SyncPanel sync={sync} />
      </Section>
      <Section title="Danger zone">
        <DangerZone dialog={deletion} collectionId={collection.id} />
      </Section>
      <ConfirmDialog
        open={guard.blocked}
        title="Leave without saving?"
        confirmLabel="Leave"
        cancelLabel="Stay"
        destructive
        onConfirm={guard.leave}
        onClose={guard.stay}
      >
        Your changes to this collection's settings are not saved yet.
      </ConfirmDialog>
    </>
  );
}

/** The collection's settings: its name, schema, access, sync, and deleting it. */
export function CollectionSettingsTab() {
  const { collection } = useCollectionContext();
  // A form starts from the collection it opened with: another collection is another form.
  return <CollectionSettings key={collection.id} collection={collection} />;
}
