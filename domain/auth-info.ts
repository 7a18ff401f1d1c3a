import type { Policy } from '../contracts/schemas/policy.js';

/** Who a request (or an agent's platform tool) acts for: a project, an API key and that key's policy. */
export interface AuthInfo {
  projectId: string;
  keyId: string;
  policy: Policy;
}
