import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';

const CreateDatastoreDialog = lazy(() => import('./CreateDatastoreDialog'));

/**
 * "New datastore" for the datastores page header. The dialog (a form) loads on the first press,
 * so the first screen does not load the form library; each opening mounts a fresh form.
 */
export function NewDatastoreButton() {
  const [openings, setOpenings] = useState(0);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        onClick={() => {
          setOpenings((n) => n + 1);
          setOpen(true);
        }}
      >
        New datastore
      </Button>
      {openings > 0 && (
        <Suspense fallback={null}>
          <CreateDatastoreDialog key={openings} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
