import { Alert, Card, DatePicker, Divider, Form, Input, Radio, Select, Skeleton } from 'antd';
import { useEffect, useState } from 'react';

/**
 * The advisory drawer's antd components, rendered once out of sight when the browser is idle.
 * antd writes each component's CSS the first time one renders; measured, that and the style
 * recalculation it causes were most of the drawer's first opening (one 260-290 ms task here,
 * seconds on a loaded machine). Done ahead, the first opening costs what later ones do.
 */
export function FormStyleWarmUp() {
  const [phase, setPhase] = useState<'waiting' | 'rendering' | 'done'>('waiting');
  useEffect(() => {
    const whenIdle =
      window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = whenIdle(() => setPhase('rendering'));
    return () => cancel(handle);
  }, []);
  // Rendered for one frame only: antd keeps the CSS it wrote, and nothing hidden stays in the
  // page (a skeleton left in the DOM read as "still loading" to whoever waits for the page).
  useEffect(() => {
    if (phase !== 'rendering') return;
    const frame = window.requestAnimationFrame(() => setPhase('done'));
    return () => window.cancelAnimationFrame(frame);
  }, [phase]);
  if (phase !== 'rendering') return null;
  return (
    <div hidden data-testid="advisory-form-warm-up">
      <Form component={false}>
        <Form.Item>
          <Input />
          <Input.TextArea />
          <Select />
          <Radio.Group options={['a']} />
          <DatePicker />
        </Form.Item>
      </Form>
      <Card size="small" />
      <Divider />
      <Alert />
      <Skeleton />
    </div>
  );
}
