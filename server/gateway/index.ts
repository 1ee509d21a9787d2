export { createGateway } from './gateway';
export { gatewayMiddleware, type ConnectMiddleware } from './middleware';
export { isGatewayPath } from './routes';
export { formatAccessLogLine, type AccessLogEntry } from './access-log';
export { DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS, type GatewayOptions } from './options';
