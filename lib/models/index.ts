export { DEMO_MODEL_KEY, UnknownModelError, listModels, resolveModel } from './registry';
export { readProviderEnv } from './env';
export type { ModelInfo, ModelListing, ResolvedModel } from './types';
