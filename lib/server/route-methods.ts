import 'server-only';
import { ApiError, errorResponse } from './http';

/**
 * 405 in the API's error shape. Next answers a method a route file does not export
 * with an empty 405 and no `Allow`; every API route file therefore ends with
 *
 *     export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
 *
 * naming the methods it implements, and exporting what this returns for the others:
 * a JSON 405 `method_not_allowed` with an `Allow` header listing the implemented
 * methods, OPTIONS, and HEAD where there is a GET (Next derives HEAD from GET). OPTIONS
 * answers 204 with the same `Allow`: Next's automatic OPTIONS would count the 405
 * handlers as methods. TypeScript refuses a name that is implemented;
 * tests/integration/methods.test.ts calls every method of every route file and fails
 * on a missing one.
 */

const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type RouteMethod = (typeof ROUTE_METHODS)[number];

// Next calls a handler with (request, context); a 405 needs only the request.
type Handler = (request: Request, ...rest: never[]) => unknown;
type Implemented = Partial<Record<RouteMethod, Handler>>;
/** The methods left to answer: the route methods not implemented, HEAD unless Next derives it from GET, and OPTIONS. */
type Others<H extends Implemented> = Exclude<RouteMethod, keyof H> | ('GET' extends keyof H ? never : 'HEAD') | 'OPTIONS';

/** `methodNotAllowed` marks the 405 answers, so a test can tell them from real handlers. */
type OtherMethodHandler = ((request: Request) => Response) & { readonly methodNotAllowed: boolean };

/** The Allow header of a route implementing these methods, sorted and joined as Next's automatic OPTIONS answer writes it. */
function allowHeader(implemented: readonly string[]): string {
  const allow = new Set([...implemented, 'OPTIONS']);
  if (allow.has('GET')) allow.add('HEAD');
  return [...allow].sort().join(', ');
}

export function otherMethods<H extends Implemented>(implemented: H): Record<Others<H>, OtherMethodHandler> {
  const allow = allowHeader(ROUTE_METHODS.filter((method) => implemented[method]));
  const notAllowed: OtherMethodHandler = Object.assign(
    (request: Request) => errorResponse(new ApiError('method_not_allowed', `${request.method} is not allowed here. This address accepts ${allow}.`, { allow })),
    { methodNotAllowed: true },
  );
  const options: OtherMethodHandler = Object.assign(() => new Response(null, { status: 204, headers: { allow } }), { methodNotAllowed: false });
  const others = [...ROUTE_METHODS.filter((method) => !implemented[method]), ...(implemented.GET ? [] : ['HEAD'])];
  return Object.fromEntries([...others.map((method) => [method, notAllowed]), ['OPTIONS', options]]) as Record<Others<H>, OtherMethodHandler>;
}
