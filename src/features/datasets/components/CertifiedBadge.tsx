import { useCertification } from '../../../api/datasets';
import { CertifiedChip } from './CertifiedChip';

/** The certified chip of a dataset when its CERTIFIED tag is ACTIVE; nothing otherwise. */
export function CertifiedBadge({ datasetId }: { datasetId: string }) {
  const certification = useCertification(datasetId);
  if (certification.data?.state !== 'ACTIVE') return null;
  return <CertifiedChip certification={certification.data} />;
}
