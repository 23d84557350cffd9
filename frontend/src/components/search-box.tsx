import { Input } from 'antd';
import { useState } from 'react';

interface SearchBoxProps {
  value: string;
  onSearch: (value: string) => void;
  placeholder: string;
  'aria-label': string;
}

/** Searches on Enter, on the button and when cleared; follows the URL when it changes elsewhere. */
export function SearchBox({ value, onSearch, placeholder, ...rest }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  return (
    <Input.Search
      aria-label={rest['aria-label']}
      value={text}
      placeholder={placeholder}
      allowClear
      onChange={(event) => setText(event.target.value)}
      onSearch={(next) => onSearch(next)}
      style={{ width: 280, maxWidth: '100%' }}
    />
  );
}
