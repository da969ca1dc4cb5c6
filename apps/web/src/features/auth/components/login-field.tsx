import type { InputHTMLAttributes, ReactNode } from 'react';
import type { LoginField as FieldName } from '../hooks/use-login-fields';
import styles from './login-form.module.css';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'value' | 'onChange' | 'className'
>;

interface LoginFieldProps extends InputProps {
  /** Also the input's id and name (the browser tests and password managers find it by them). */
  name: FieldName;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Shown inside the input box, after the text (e.g. the password's show/hide icon). */
  suffix?: ReactNode;
}

/** One input of the sign-in form with its message below, drawn like a large antd Form.Item. */
export function LoginField({ name, value, onChange, error, suffix, ...input }: LoginFieldProps) {
  const errorId = `${name}-error`;
  return (
    <div className={error ? `${styles.item} ${styles.itemWithError}` : styles.item}>
      <span className={error ? `${styles.control} ${styles.controlWithError}` : styles.control}>
        <input
          {...input}
          id={name}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={styles.input}
        />
        {suffix}
      </span>
      {error && (
        <div id={errorId} role="alert" className={styles.explain}>
          {error}
        </div>
      )}
    </div>
  );
}
