import { useCallback, useRef } from 'react';
import type { Collection } from '../../../api/contract';
import { LeaveDialog } from '../../../components';
import { Section } from '../../../components/Section';
import { useLeaveGuard } from '../../../hooks/use-leave-guard';
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

function CollectionSettings({ collection }: { collection: Collection }) {
  const rename = useRenameForm(collection);
  const schema = useSchemaForm(collection);
  const sync = useCollectionSync(collection);
  const access = useAccessSettingsForm(collection);
  // Deleting the collection makes its unsaved changes moot: that navigation goes unasked.
  const deleted = useRef(false);
  const isLeaving = useCallback(() => deleted.current, []);
  const guard = useLeaveGuard(rename.dirty || schema.dirty || access.dirty, isLeaving);
  const deletion = useDeleteCollectionDialog(collection, () => {
    deleted.current = true;
  });

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
      <LeaveDialog guard={guard} title="Leave without saving?">
        Your changes to this collection's settings are not saved yet.
      </LeaveDialog>
    </>
  );
}

/** The collection's settings: its name, schema, access, sync, and deleting it. */
export function CollectionSettingsTab() {
  const { collection } = useCollectionContext();
  // A form starts from the collection it opened with: another collection is another form.
  return <CollectionSettings key={collection.id} collection={collection} />;
}
