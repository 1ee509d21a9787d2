/** SQL (over `datasets d`) true when user $n may see the dataset; Admins see all. */
export const visibleDatasetSql = (param: string) => `(
  EXISTS (SELECT 1 FROM users u WHERE u.id = ${param} AND u.role = 'Admin')
  OR d.owner = ${param}
  OR EXISTS (SELECT 1 FROM dataset_permissions p WHERE p.dataset_id = d.id AND (
    (p.principal_type = 'USER' AND p.principal_id = ${param}::text)
    OR (p.principal_type = 'GROUP' AND p.principal_id IN (
      SELECT m.group_id::text FROM group_members m WHERE m.user_id = ${param})))))`;
