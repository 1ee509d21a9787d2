-- A collection's sync is claimed under a lease, so several platform processes on one
-- PostgreSQL never sync one collection at once, and a dead process's claim runs out.
ALTER TABLE collections ADD COLUMN sync_owner text;
ALTER TABLE collections ADD COLUMN sync_lease_until timestamptz;
