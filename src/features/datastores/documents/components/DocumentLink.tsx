import { Link as RouterLink, useSearchParams } from 'react-router';
import Link from '@mui/material/Link';
import { codeLine } from '../../../../lib/code-text';
import { applyChanges, listChanges } from '../lib/list-params';

/** A document's id as a real link: the list as it is, with that document open. */
export function DocumentLink({ documentId, tabIndex }: { documentId: string; tabIndex: -1 | 0 }) {
  const [params] = useSearchParams();
  const search = applyChanges(params, listChanges.document(documentId)).toString();
  return (
    <Link
      component={RouterLink}
      to={{ search }}
      tabIndex={tabIndex}
      sx={{ ...codeLine, display: 'block' }}
    >
      {documentId}
    </Link>
  );
}
