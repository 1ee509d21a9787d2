import { setupServer } from 'msw/node';
import { defaultHandlers } from './handlers';

/** The fake network of every console test: handlers answer at the HTTP level. */
export const server = setupServer(...defaultHandlers);
