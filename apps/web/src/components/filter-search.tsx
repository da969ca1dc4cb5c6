import { Input } from 'antd';

interface FilterSearchProps {
  /** The list's filter as the address has it. */
  value: string | undefined;
  /** The box's accessible name; also its placeholder unless `placeholder` says otherwise. */
  label: string;
  placeholder?: string;
  width: number | string;
  onSearch: (value: string) => void;
  testId: string;
}

/**
 * A search box of a list whose filters live in the address. It types freely and applies on Enter,
 * so it keeps its own text; it is made anew whenever the address's value changes (a reset, the
 * back button, a shared link), or it would go on showing the old text.
 */
export function FilterSearch({
  value,
  label,
  placeholder = label,
  width,
  onSearch,
  testId,
}: FilterSearchProps) {
  return (
    <Input.Search
      key={String(value)}
      allowClear
      defaultValue={value}
      placeholder={placeholder}
      aria-label={label}
      style={{ width }}
      onSearch={onSearch}
      data-testid={testId}
    />
  );
}
