import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { FailureAlert } from '@/components/failure-alert';
import { Authorized } from '@/lib/access';

export interface CrudCreate {
  label: string;
  onClick: () => void;
  testId: string;
  /** The permission the button needs; without it everyone who sees the page may create. */
  permission?: string;
  disabled?: boolean;
}

export interface CrudSearch {
  placeholder: string;
  onSearch: (q: string) => void;
  /** What the box holds when the page opens (a link's search). */
  defaultValue?: string;
  testId?: string;
  width?: number;
}

interface CrudPageProps {
  title: string;
  testId: string;
  /** The "New" button in the card's header. */
  create?: CrudCreate;
  /** The search box, first in the toolbar. */
  search?: CrudSearch;
  /** Further filters and buttons after the search box. */
  toolbar?: ReactNode;
  /** A failed load of the page's data, shown above the table. */
  error?: { message: string } | null;
  children: ReactNode;
}

/**
 * The frame of an admin list page: a card with the title and a "New" button, a toolbar with
 * search and filters, the load error, then the table and its drawers (the children).
 */
export function CrudPage({ title, testId, create, search, toolbar, error, children }: CrudPageProps) {
  const createButton = create && (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      disabled={create.disabled}
      onClick={create.onClick}
      data-testid={create.testId}
    >
      {create.label}
    </Button>
  );
  return (
    <Card
      title={title}
      data-testid={testId}
      extra={
        create?.permission ? <Authorized code={create.permission}>{createButton}</Authorized> : createButton
      }
    >
      {(search || toolbar) && (
        <Space wrap style={{ marginBottom: 16 }}>
          {search && (
            <Input.Search
              allowClear
              placeholder={search.placeholder}
              // The placeholder vanishes once typed in; the name stays for screen readers.
              aria-label={search.placeholder}
              style={{ width: search.width ?? 280 }}
              defaultValue={search.defaultValue}
              onSearch={search.onSearch}
              data-testid={search.testId}
            />
          )}
          {toolbar}
        </Space>
      )}
      <FailureAlert failure={error ? { title: error.message } : undefined} />
      {children}
    </Card>
  );
}
