import { ObjectHistory } from '../../../components';
import { Section } from '../../../components/Section';
import { useDatasetContext } from '../hooks/use-dataset-context';

export function HistoryTab() {
  const { dataset } = useDatasetContext();
  return (
    <Section title="History" description="Who changed this dataset, when, and what changed.">
      <ObjectHistory objectType="dataset" objectId={dataset.id} />
    </Section>
  );
}
