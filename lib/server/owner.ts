import 'server-only';
/**
 * The owner of every row. One local owner until accounts arrive; then this
 * becomes the signed-in user's id and no data needs migrating.
 */
const LOCAL_OWNER_ID = 'local';

export function currentOwnerId(_request?: Request): string {
  return LOCAL_OWNER_ID;
}
