export { ExperimentScreens } from './ExperimentScreens';
