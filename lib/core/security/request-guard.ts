import { bodyTypeRefusal, type BodyHeaders } from "./body-type";
import { hostAllowed, hostRefusalMessage, type HostAllowList } from "./hosts";
import { isStateChanging, originRefusal, type OriginHeaders } from "./origin";

/** What the server answers to: allowed hosts and origins besides its own. */
export type GuardPolicy = { hosts: HostAllowList; origins: ReadonlySet<string> };

/** The headers the guard reads, as the request carried them (null when absent). */
export type GuardedRequest = OriginHeaders & BodyHeaders;

/** Why a request was refused, as the status, error code and message to answer with. */
export type Refusal = { status: 403 | 415; code: string; message: string };

/**
 * The one check every page and API request passes before any work: the Host rule, then (for
 * POST, PUT, PATCH, DELETE) the origin rule, then, when `checkBody` (API routes), the body-type
 * rule. Null when the request may go on.
 */
export function refuseRequest(
  request: GuardedRequest,
  policy: GuardPolicy,
  options: { checkBody: boolean },
): Refusal | null {
  if (!hostAllowed(request.host, policy.hosts)) {
    return { status: 403, code: "host_not_allowed", message: hostRefusalMessage(request.host ?? "") };
  }
  const crossSite = originRefusal(request, policy.origins);
  if (crossSite) return { status: 403, code: "cross_site_refused", message: crossSite };
  if (!options.checkBody || !isStateChanging(request.method)) return null;
  const badBody = bodyTypeRefusal(request);
  return badBody ? { status: 415, code: "unsupported_media_type", message: badBody } : null;
}
