import {
  type PublishUpdatePlanInput,
  type RecallInput,
  publishVersionSchema,
  recallResultSchema,
} from '@portal/contract';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { usePublishingMutation } from './use-publishing-mutation';

/** POST /publishing/versions/:id/publish: a draft becomes downloadable; its bytes never change again. */
export const publishVersion = (id: number) =>
  apiClient.post(`/publishing/versions/${id}/publish`, undefined, publishVersionSchema, { quiet: true });

/** POST /publishing/versions/:id/recall: stops downloads, keeps the history, may notify downloaders. */
export const recallVersion = ({ id, input }: { id: number; input: RecallInput }) =>
  apiClient.post(`/publishing/versions/${id}/recall`, input, recallResultSchema, { quiet: true });

/** PUT /publishing/versions/:id/pre-release: pre-releases are never resolved as "the newest". */
export const setPreRelease = ({ id, preRelease }: { id: number; preRelease: boolean }) =>
  apiClient.put(`/publishing/versions/${id}/pre-release`, { preRelease }, publishVersionSchema, {
    quiet: true,
  });

/** PUT /publishing/versions/:id/update-plan: reboot, prerequisites and install order of a version. */
export const setUpdatePlan = ({ id, plan }: { id: number; plan: PublishUpdatePlanInput }) =>
  apiClient.put(`/publishing/versions/${id}/update-plan`, plan, publishVersionSchema, { quiet: true });

/** DELETE /publishing/versions/:id: only drafts (never published) can be deleted. */
export const deleteDraftVersion = (id: number) =>
  apiClient.delete(`/publishing/versions/${id}`, z.null(), { quiet: true });

export const usePublishVersion = () => usePublishingMutation(publishVersion);
export const useRecallVersion = () => usePublishingMutation(recallVersion);
export const useSetPreRelease = () => usePublishingMutation(setPreRelease);
export const useDeleteDraftVersion = () => usePublishingMutation(deleteDraftVersion);
export const useSetUpdatePlan = () => usePublishingMutation(setUpdatePlan);
