/**
 * The client's address for each request (from the router context server.js
 * fills), kept beside the Request so code that holds only the Request (the
 * session lookup, the API-key check) can stamp it on the actor for the audit log.
 */
import type { RouterContextProvider } from "react-router";
import { clientAddressContext } from "~/nonce";

const addresses = new WeakMap<Request, string>();

export function rememberAddress(
  request: Request,
  context: Readonly<RouterContextProvider> | undefined,
): string {
  let address = "unknown";
  try {
    address = context?.get(clientAddressContext) ?? "unknown";
  } catch {
    // A context without the value (a module called on its own).
  }
  addresses.set(request, address);
  return address;
}

export function addressOf(request: Request): string {
  return addresses.get(request) ?? "unknown";
}
