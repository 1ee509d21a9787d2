import { http, HttpResponse } from 'msw';
import { aGatewayStatus } from './data';

/** What every test gets unless it says otherwise: a reachable embedded platform. */
export const defaultHandlers = [
  http.get('/gateway/status', () => HttpResponse.json(aGatewayStatus())),
];
