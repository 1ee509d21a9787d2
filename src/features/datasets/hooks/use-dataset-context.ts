import { useOutletContext } from 'react-router';
import type { Dataset } from '../../../api/contract';

export interface DatasetContext {
  dataset: Dataset;
}

/** The dataset a tab of the dataset page shows (loaded once by the page). */
export const useDatasetContext = () => useOutletContext<DatasetContext>();
