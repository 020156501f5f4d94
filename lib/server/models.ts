import 'server-only';
import { listModels, resolveModel } from '@/lib/models/registry';
import type { ModelListing, ResolvedModel } from '@/lib/models/types';
import { currentOwnerId, findViewer } from './owner';
import { providerEnvFor } from './provider-keys';

/**
 * The model registry as one owner sees it: the provider keys their runs may use
 * (their own, the admin's, the environment's; see provider-keys.ts) decide which
 * providers are listed and which key a model call carries. lib/models stays
 * framework-free: it gets the keys in the ProviderEnv built here.
 */

export async function modelListingFor(ownerId: string): Promise<ModelListing> {
  return listModels(await providerEnvFor(ownerId));
}

/** The model for a key this owner's listing has; UnknownModelError (400) otherwise. */
export async function resolveModelFor(ownerId: string, key: string): Promise<ResolvedModel> {
  return resolveModel(key, await providerEnvFor(ownerId));
}

/** `GET /api/models`: the signed-in viewer's listing (401 without a session). */
export async function modelListingForRequest(request: Request): Promise<ModelListing> {
  return modelListingFor(await currentOwnerId(request));
}

/** For a page: the viewer's listing; signed out (the page is about to send them to sign in), the environment's alone. */
export async function modelListingForPage(requestHeaders: Headers): Promise<ModelListing> {
  const viewer = await findViewer(requestHeaders);
  return viewer ? modelListingFor(viewer.id) : listModels();
}
