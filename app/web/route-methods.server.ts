/**
 * The methods a page answers, for `OPTIONS` (docs/decisions/171-options.md): GET and HEAD
 * everywhere, POST where the route React Router would run has an action.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

export const READ_ONLY_METHODS = "GET, HEAD, OPTIONS";
export const FORM_METHODS = "GET, HEAD, POST, OPTIONS";

const NOT_FOUND = /not-found/;

type Entry = { id: string; parentId?: string; path?: string; index?: boolean };

/** The app's route table (the server build's `routes`) as the nested route objects `matchRoutes` takes. */
export function routeObjects(build: Pick<ServerBuild, "routes">): RouteObject[] {
  const children = new Map<string | undefined, Entry[]>();
  for (const route of Object.values(build.routes) as (Entry | undefined)[]) {
    if (!route) continue;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  }
  const tree = (parentId?: string): RouteObject[] =>
    (children.get(parentId) ?? []).map(
      (route) =>
        ({
          id: route.id,
          path: route.path,
          index: route.index,
          children: route.index ? undefined : tree(route.id),
        }) as RouteObject,
    );
  return tree(undefined);
}

/** `Allow` for a path, by the app's route table (the server build's `routes`). */
export function routeMethods(build: Pick<ServerBuild, "routes">): (pathname: string) => string {
  const routes = routeObjects(build);
  return (pathname) => {
    const id = matchRoutes(routes, pathname)?.at(-1)?.route.id;
    // The not-found routes (app/routes.ts) have an action only to answer a POST 404.
    if (!id || NOT_FOUND.test(id)) return READ_ONLY_METHODS;
    return build.routes[id]?.module.action ? FORM_METHODS : READ_ONLY_METHODS;
  };
}
