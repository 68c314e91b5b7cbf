/** The sandbox merchant: ACP checkout + delegated payment, product pages, control API, ACS. */
export { createSandboxMerchant, DEFAULT_SANDBOX_API_KEY } from './app';
export { startSandboxMerchant } from './serve';
export { ACP_VERSION as SANDBOX_ACP_VERSION } from './session-view';
export { SANDBOX_OTP } from './cards';
export { DEFAULT_PRODUCTS } from './catalog';
export type {
  SandboxOptions,
  SandboxProductSeed,
  SandboxState,
  SandboxAvailability,
  Fault,
  FaultKind,
  FaultOp,
} from './types';
