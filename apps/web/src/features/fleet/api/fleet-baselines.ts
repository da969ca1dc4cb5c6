import { type FleetBaselineInput, fleetBaselineSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { FLEET_KEY } from './fleet-keys';

const baselineListSchema = z.array(fleetBaselineSchema);
const modelPath = (model: string) => `/fleet/baselines/${encodeURIComponent(model)}`;

/** GET /fleet/baselines: my baselines, one per model. */
export function getFleetBaselines(signal?: AbortSignal) {
  return apiClient.get('/fleet/baselines', baselineListSchema, { signal, quiet: true });
}

export function useFleetBaselines({ enabled = true } = {}) {
  return useQuery({
    queryKey: [...FLEET_KEY, 'baselines'],
    queryFn: ({ signal }) => getFleetBaselines(signal),
    enabled,
  });
}

/** PUT /fleet/baselines/:model: pin (or replace) the model's baseline; answers them all. */
export function saveFleetBaseline({ model, input }: { model: string; input: FleetBaselineInput }) {
  return apiClient.put(modelPath(model), input, baselineListSchema, { quiet: true });
}

/** DELETE /fleet/baselines/:model: the model is compared with the newest release again. */
export function removeFleetBaseline(model: string) {
  return apiClient.delete(modelPath(model), baselineListSchema, { quiet: true });
}

/** A baseline changes targets and states: every fleet query is refetched. */
export const useSaveFleetBaseline = () => useInvalidatingMutation(FLEET_KEY, saveFleetBaseline);
export const useRemoveFleetBaseline = () => useInvalidatingMutation(FLEET_KEY, removeFleetBaseline);
