import type { FormRule } from 'antd';

/** A required text field's rule: empty or nothing but spaces counts as missing, and `message` says so. */
export const requiredText = (message: string): FormRule => ({ required: true, whitespace: true, message });
