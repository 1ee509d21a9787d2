/**
 * The outbox (issue 23): each user reads the messages written to him (by user id, or to his
 * email address when a workflow's `notify` named it); Admins read every message. As SQL over
 * `outbox o`, true when user `param` may read the message.
 */
export const visibleOutboxSql = (param: string) => `(
  EXISTS (SELECT 1 FROM users u WHERE u.id = ${param} AND (
    u.role = 'Admin'
    OR o.recipient_user_id = u.id
    OR (o.recipient_user_id IS NULL AND lower(o.recipient) = lower(u.email_address)))))`;
