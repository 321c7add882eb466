export { PaddockStatus } from './paddock-status';
