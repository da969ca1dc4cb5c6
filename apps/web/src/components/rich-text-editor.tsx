import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef } from 'react';

type Props = {
  /** HTML; the editor reports changes through onChange (antd Form.Item passes both). */
  value?: string;
  onChange?: (html: string) => void;
  /** Uploads the picked images and answers the URLs to insert; reject to show an error. */
  uploadImages: (files: File[]) => Promise<string[]>;
  /** At most this many images per upload (spec 5: 5). */
  maxImages: number;
  onTooManyImages: () => void;
  onUploadFailed: (error: Error) => void;
  testId?: string;
};

const TOOLBAR = [
  [{ header: [2, 3, false] }],
  ['bold', 'italic', 'underline', 'link'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['code-block', 'image'],
  ['clean'],
];

/**
 * Quill's editor for release-note bodies. Images are never pasted as data: the toolbar's image
 * button uploads up to `maxImages` files and inserts the portal URLs the server answers (its
 * sanitiser keeps only those). The HTML is sanitised again on the server when saved.
 */
export function RichTextEditor({
  value,
  onChange,
  uploadImages,
  maxImages,
  onTooManyImages,
  onUploadFailed,
  testId,
}: Props) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<Quill | null>(null);
  // The latest callbacks, read by Quill's handlers that are bound once.
  const latest = useRef({ onChange, uploadImages, maxImages, onTooManyImages, onUploadFailed });
  useEffect(() => {
    latest.current = { onChange, uploadImages, maxImages, onTooManyImages, onUploadFailed };
  });

  useEffect(() => {
    if (!host.current || editor.current) return;
    const quill = new Quill(host.current, {
      theme: 'snow',
      modules: {
        toolbar: {
          container: TOOLBAR,
          handlers: {
            image: () => {
              const input = document.createElement('input');
              input.type = 'file';
              input.accept = 'image/png,image/jpeg,image/webp,image/gif';
              input.multiple = true;
              input.onchange = () => {
                const files = Array.from(input.files ?? []);
                const callbacks = latest.current;
                if (files.length === 0) return;
                if (files.length > callbacks.maxImages) {
                  callbacks.onTooManyImages();
                  return;
                }
                callbacks.uploadImages(files).then(
                  (urls) => {
                    let at = quill.getSelection(true).index;
                    for (const url of urls) {
                      quill.insertEmbed(at, 'image', url, 'user');
                      at += 1;
                    }
                    quill.setSelection(at, 0);
                  },
                  (error: Error) => callbacks.onUploadFailed(error),
                );
              };
              input.click();
            },
          },
        },
      },
    });
    if (value) quill.clipboard.dangerouslyPasteHTML(value);
    quill.on('text-change', () => {
      // root.innerHTML rather than getSemanticHTML(), which turns every space into &nbsp;.
      const html = quill.getLength() <= 1 ? '' : quill.root.innerHTML;
      latest.current.onChange?.(html);
    });
    editor.current = quill;
    // Quill owns the DOM under `host` from here on; the value seeds it once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div data-testid={testId}>
      <div ref={host} style={{ minHeight: 180 }} />
    </div>
  );
}
