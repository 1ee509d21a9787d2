/**
 * The pages' chunk, fetched through this small one: the first page then carries no list of the
 * chunks the pages need (this chunk holds it, and loads them in parallel as before).
 */
export const loadPages = () => import('./pages');
