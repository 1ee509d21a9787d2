-- Each row set's rows live in a typed table of their own (datasets/row-tables.ts); the set keeps
-- its table's name and its columns' types. Sets from before have neither until the upgrade that
-- runs after the migrations (datasets/row-sets-upgrade.ts) has moved their rows out of
-- dataset_rows, checked them and dropped that table.
ALTER TABLE dataset_row_sets ADD COLUMN row_table text;
ALTER TABLE dataset_row_sets ADD COLUMN types text[];
