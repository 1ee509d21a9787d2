/**
 * SQL (over `data_files f`): true when user `param` may read the file (access/data-files.ts: its
 * responsible user; Admins read all). Apart, so that the files repository uses it without an
 * import circle.
 */
export const visibleDataFileSql = (param: string) => `(
  f.responsible_user_id = ${param}
  OR EXISTS (SELECT 1 FROM users u WHERE u.id = ${param} AND u.role = 'Admin'))`;
