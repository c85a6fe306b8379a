import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/** The per-request CSP nonce, set by server.js in the router context. */
export const cspNonceContext = createContext<string | undefined>(undefined);

/** The same nonce for components that render inline scripts. */
export const NonceContext = createReactContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);

/** The client's network address (Express's `req.ip`), for rate limits. */
export const clientAddressContext = createContext<string>("unknown");
