import { z } from 'zod';

/**
 * A free-text field as every form of the contract takes it: surrounding spaces trimmed, at most
 * `max` characters once trimmed. One rule for publishing, advisories, roles, registration, users
 * and the PSIRT intake.
 */
export const trimmedText = (max: number) => z.string().trim().max(max);
