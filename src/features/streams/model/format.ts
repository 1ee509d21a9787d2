export { formatBytes } from '../../../lib/format';
