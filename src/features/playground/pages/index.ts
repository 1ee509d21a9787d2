export { PlaygroundPage } from './PlaygroundPage';
