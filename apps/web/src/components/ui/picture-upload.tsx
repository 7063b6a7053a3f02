import { useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface PictureUploadProps {
  /** What the picture is, as the server's messages name it: 'Logo', 'Photo'. */
  label: string;
  /** The picture on file now (null: none). */
  currentUrl: string | null;
  /** Describes the picture for screen readers, e.g. 'Logo of Greenfield Academy'. */
  alt: string;
  maxBytes: number;
  mimeTypes: readonly string[];
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
  /** The preview's box: a square for a logo, a portrait for a passport photo. */
  shape?: 'square' | 'portrait';
}

/** The file's problem before it is sent (the server checks the content again), in the server's words. */
export function pictureProblem(file: File, label: string, maxBytes: number, mimeTypes: readonly string[]): string | null {
  if (!mimeTypes.includes(file.type)) return `${label} must be a PNG or JPEG file`;
  if (file.size > maxBytes) return `${label} must be at most ${Math.round(maxBytes / 1024 / 1024)} MB`;
  return null;
}

const errorMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');

/**
 * A picture kept on the server (a school's logo, a student's passport photo): its preview, a file
 * input and an Upload button, and Remove when there is one. The choice is checked before it is sent.
 */
export function PictureUpload({ label, currentUrl, alt, maxBytes, mimeTypes, onUpload, onRemove, shape = 'square' }: PictureUploadProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<'upload' | 'remove' | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const noun = label.toLowerCase();

  const run = async (kind: 'upload' | 'remove', action: () => Promise<unknown>) => {
    setPending(kind);
    setError(null);
    try {
      await action();
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(null);
    }
  };

  const box = cn(
    'flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50',
    shape === 'portrait' ? 'h-28 w-22' : 'size-24',
  );
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className={box}>
        {currentUrl && failed !== currentUrl ? (
          <img src={currentUrl} alt={alt} className="size-full object-contain" onError={() => setFailed(currentUrl)} />
        ) : (
          <span className="px-2 text-center text-xs text-slate-500">{currentUrl ? `${label} could not be shown` : `No ${noun} yet`}</span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={inputId} className="field-label">
          {currentUrl ? `Change ${noun}` : `Upload ${noun}`}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={mimeTypes.join(',')}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-help`}
          disabled={pending !== null}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            const problem = chosen ? pictureProblem(chosen, label, maxBytes, mimeTypes) : null;
            setError(problem);
            setFile(problem ? null : chosen);
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-primary-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-secondary hover:file:bg-primary-100"
        />
        {error ? (
          <p id={`${inputId}-help`} className="field-error" role="alert">
            {error}
          </p>
        ) : (
          <p id={`${inputId}-help`} className="mt-1.5 text-xs text-slate-500">
            JPEG or PNG, at most {Math.round(maxBytes / 1024 / 1024)} MB.
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="primary"
            size="sm"
            disabled={!file || pending !== null}
            loading={pending === 'upload'}
            loadingText="Uploading…"
            onClick={() => file && void run('upload', () => onUpload(file))}
          >
            Upload {noun}
          </Button>
          {currentUrl ? (
            <Button
              variant="gray"
              size="sm"
              disabled={pending !== null}
              loading={pending === 'remove'}
              loadingText="Removing…"
              onClick={() => void run('remove', onRemove)}
            >
              Remove {noun}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
