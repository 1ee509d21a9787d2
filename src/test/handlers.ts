import { http, HttpResponse } from 'msw';
import { aGatewayStatus, testUsers } from './data';

/** What every test gets unless it says otherwise: a reachable embedded platform, and its users. */
export const defaultHandlers = [
  http.get('/gateway/status', () => HttpResponse.json(aGatewayStatus())),
  http.get('/api/content/v3/users/:id', ({ params }) => {
    const user = testUsers.find((u) => u.id === Number(params.id));
    return user
      ? HttpResponse.json(user)
      : HttpResponse.json({ message: `No user ${String(params.id)}` }, { status: 404 });
  }),
];
