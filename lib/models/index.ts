export { listModels, resolveModel } from './registry';
