import { safeHref, sanitizeRichText } from '@school/shared/lesson-notes/rich-text';
import { useId, useLayoutEffect, useRef, type ClipboardEvent, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/cn';
import { RICH_TEXT_CLASSES } from './lesson-note-body';

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

interface Tool {
  label: string;
  text: ReactNode;
  run: () => void;
}

function exec(command: string, argument?: string) {
  // execCommand is the one editing API every browser still implements for contenteditable.
  document.execCommand(command, false, argument);
}

/**
 * A small rich-text box for lesson notes: bold, italic, underline, headings, lists and links. What
 * it produces is cleaned by the shared allow-list on submit (and on the server), pasted HTML at once.
 */
export function RichTextEditor({ label, value, onChange, onBlur, error, hint, ref }: RichTextEditorProps) {
  const editorRef = useRef<HTMLDivElement | null>(null);
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();

  // Only write the DOM when the value changes from outside (a reset, an edit form opening), so the
  // caret does not jump while typing.
  useLayoutEffect(() => {
    const editor = editorRef.current;
    if (editor && editor.innerHTML !== value) editor.innerHTML = value;
  }, [value]);

  function emit() {
    if (editorRef.current) onChange(editorRef.current.innerHTML);
  }

  function apply(run: () => void) {
    editorRef.current?.focus();
    run();
    emit();
  }

  function onPaste(event: ClipboardEvent<HTMLDivElement>) {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    if (html) exec('insertHTML', sanitizeRichText(html));
    else exec('insertText', event.clipboardData.getData('text/plain'));
    emit();
  }

  const tools: Tool[] = [
    { label: 'Bold', text: <strong>B</strong>, run: () => exec('bold') },
    { label: 'Italic', text: <em>I</em>, run: () => exec('italic') },
    { label: 'Underline', text: <u>U</u>, run: () => exec('underline') },
    { label: 'Heading', text: 'H2', run: () => exec('formatBlock', '<h2>') },
    { label: 'Subheading', text: 'H3', run: () => exec('formatBlock', '<h3>') },
    { label: 'Paragraph', text: '¶', run: () => exec('formatBlock', '<p>') },
    { label: 'Bulleted list', text: '• List', run: () => exec('insertUnorderedList') },
    { label: 'Numbered list', text: '1. List', run: () => exec('insertOrderedList') },
    {
      label: 'Link',
      text: 'Link',
      run: () => {
        const address = window.prompt('Link address (https://… or mailto:…)');
        const href = address ? safeHref(address.trim()) : null;
        if (href) exec('createLink', href);
      },
    },
  ];

  const describedBy = [hint && !error ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div>
      <span id={labelId} className="field-label">
        {label}
      </span>
      <div
        className={cn(
          'overflow-hidden rounded-lg border bg-white focus-within:outline-2 focus-within:outline-secondary/30',
          error ? 'border-red-500' : 'border-slate-300 focus-within:border-secondary',
        )}
      >
        <div role="toolbar" aria-label={`${label} formatting`} className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 px-2 py-1.5">
          {tools.map((tool) => (
            <button
              key={tool.label}
              type="button"
              aria-label={tool.label}
              title={tool.label}
              // keep the selection in the text while clicking the button
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => apply(tool.run)}
              className="inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm text-slate-700 hover:bg-slate-200"
            >
              {tool.text}
            </button>
          ))}
        </div>
        <div
          ref={(element) => {
            editorRef.current = element;
            if (typeof ref === 'function') ref(element);
            else if (ref) ref.current = element;
          }}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          contentEditable
          suppressContentEditableWarning
          tabIndex={0}
          onInput={emit}
          onBlur={onBlur}
          onPaste={onPaste}
          className={cn(RICH_TEXT_CLASSES, 'max-h-[28rem] min-h-48 overflow-y-auto px-3 py-2 focus:outline-none')}
        />
      </div>
      {hint && !error ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
