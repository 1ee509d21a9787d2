export { CalculatedFieldsPage } from './CalculatedFieldsPage';
