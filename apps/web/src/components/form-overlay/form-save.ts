import type { FormInstance } from 'antd';

/** The save button of a form shown in a modal or a drawer. */
export interface FormSave {
  /** The form the button submits; the form's own validation runs first. */
  form: FormInstance;
  saveText: string;
  saving: boolean;
  saveTestId: string;
}
