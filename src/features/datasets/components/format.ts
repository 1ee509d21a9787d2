export { formatCount, plural } from '../../../lib/format';
