import { type ComponentProps, useState } from 'react';
import { EyeIcon, EyeInvisibleIcon } from './login-icons';
import { LoginField } from './login-field';
import styles from './login-form.module.css';

/**
 * The password input with antd Input.Password's eye icon that shows or hides the text. Like
 * antd's, the icon is pointer-only and named by its icon (no translated label exists for it).
 */
export function PasswordField(props: Omit<ComponentProps<typeof LoginField>, 'type' | 'suffix'>) {
  const [visible, setVisible] = useState(false);
  return (
    <LoginField
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <span
          role="img"
          aria-label={visible ? 'eye' : 'eye-invisible'}
          className={styles.suffixIcon}
          // Keep the focus (and the caret) in the input.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeIcon /> : <EyeInvisibleIcon />}
        </span>
      }
    />
  );
}
