import { useSyncExternalStore } from 'react';

/**
 * The maintenance flag (SPEC.md section 4) on its own, free of the API client's schemas, so the
 * public pages can read it without loading them. The API client sets it; listeners (alerts) follow it.
 */
let maintenance = false;
const listeners = new Set<(value: boolean) => void>();

export function setMaintenanceFlag(value: boolean): void {
  if (maintenance === value) return;
  maintenance = value;
  for (const l of listeners) l(value);
}

export function isMaintenance(): boolean {
  return maintenance;
}

export function onMaintenanceChange(listener: (value: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMaintenance(): boolean {
  return useSyncExternalStore(onMaintenanceChange, isMaintenance, isMaintenance);
}

/**
 * Whether the network is in maintenance (GET /v1/config says so), apart from the flag above, which
 * says this user is shut out: staff keep every page while it is on and read a banner instead.
 */
let network = false;
const networkListeners = new Set<() => void>();

export function setNetworkMaintenance(value: boolean): void {
  if (network === value) return;
  network = value;
  for (const l of networkListeners) l();
}

const isNetworkMaintenance = () => network;
const onNetworkChange = (listener: () => void) => {
  networkListeners.add(listener);
  return () => networkListeners.delete(listener);
};

export function useNetworkMaintenance(): boolean {
  return useSyncExternalStore(onNetworkChange, isNetworkMaintenance, isNetworkMaintenance);
}
