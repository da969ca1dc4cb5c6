import { Button, Card, Col, Form } from 'antd';
import { type CSSProperties, Fragment, type ReactNode } from 'react';

/** One entry of a repeated group, as the group hands it to its renderer. */
export interface RepeatedEntry {
  /** The entry's name in the list: its fields are named `[name, 'field']`. */
  name: number;
  index: number;
  /** Takes the entry out; absent while the list holds no more than its minimum. */
  onRemove?: () => void;
}

interface RepeatedFieldsProps<Entry> {
  /** The form's list field. */
  name: string;
  /** The fewest entries the contract takes: below it no entry can be removed. */
  min?: number;
  /** The most entries the contract takes (its constant): at it the add button goes. */
  max: number;
  /** What a new entry starts with. */
  empty: Entry;
  addText: string;
  addTestId?: string;
  /** The add button's style; by default a gap before whatever follows the group. */
  addStyle?: CSSProperties;
  children: (entry: RepeatedEntry) => ReactNode;
}

/** A group of fields the user repeats (a `Form.List`): an add button up to `max`, a remove link down to `min`. */
export function RepeatedFields<Entry>({
  name,
  min = 0,
  max,
  empty,
  addText,
  addTestId,
  addStyle = { marginBottom: 16 },
  children,
}: RepeatedFieldsProps<Entry>) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <Fragment key={field.key}>
              {children({
                name: field.name,
                index,
                onRemove: fields.length > min ? () => remove(field.name) : undefined,
              })}
            </Fragment>
          ))}
          {fields.length < max && (
            <Button onClick={() => add(empty)} style={addStyle} data-testid={addTestId}>
              {addText}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}

/** An entry shown as a small card, its remove link in the corner. */
export function RepeatedCard({
  title,
  removeText,
  onRemove,
  testId,
  children,
}: {
  title: string;
  removeText: string;
  onRemove?: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      title={title}
      extra={
        onRemove && (
          <Button type="link" danger size="small" onClick={onRemove}>
            {removeText}
          </Button>
        )
      }
      style={{ marginBottom: 12 }}
      data-testid={testId}
    >
      {children}
    </Card>
  );
}

/** The remove link closing an entry shown as one row of fields, level with the inputs. */
export function RowRemoveLink({ text, onRemove }: { text: string; onRemove?: () => void }) {
  return (
    <Col xs={24} md={2}>
      <Button type="link" danger onClick={onRemove} style={{ marginTop: 30, padding: 0 }}>
        {text}
      </Button>
    </Col>
  );
}
