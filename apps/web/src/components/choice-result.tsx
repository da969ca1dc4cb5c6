import { Button, Result } from 'antd';

/** One way on from a `ChoiceResult`: its button's text, test id and action. */
export interface ResultChoice {
  text: string;
  testId: string;
  onClick: () => void;
}

interface ChoiceResultProps {
  testId: string;
  title: string;
  description: string;
  /** The way on the page suggests, as the primary button. */
  primary: ResultChoice;
  /** The other way, beside it. */
  secondary: ResultChoice;
}

/**
 * A warning that stops the reader at a fork (a spent password link, a link signing in as someone
 * else): what happened, and the two ways on, the suggested one first.
 */
export function ChoiceResult({ testId, title, description, primary, secondary }: ChoiceResultProps) {
  return (
    <Result
      status="warning"
      data-testid={testId}
      title={title}
      subTitle={description}
      extra={[
        <Button key="primary" type="primary" data-testid={primary.testId} onClick={primary.onClick}>
          {primary.text}
        </Button>,
        <Button key="secondary" data-testid={secondary.testId} onClick={secondary.onClick}>
          {secondary.text}
        </Button>,
      ]}
    />
  );
}
